import { describe, expect, it } from 'vitest';
import { activityKindOf, activityKinds, actionsOfKind, auditActions, stripeAuditActions } from './index.ts';

describe('the kind of an audit action', () => {
  it('gives every action on a shop exactly one kind, and every kind some actions', () => {
    // The platform's own actions (a shop created, a user removed) are not on a shop's Activity screen.
    const shopActions = auditActions.filter((a) => !a.startsWith('admin.') || a.startsWith('admin.inventory.'));
    for (const action of shopActions) expect(activityKindOf(action), action).not.toBeNull();
    for (const kind of activityKinds) expect(actionsOfKind[kind].length, kind).toBeGreaterThan(0);
    expect(activityKinds.flatMap((kind) => actionsOfKind[kind]).sort()).toEqual([...shopActions].sort());
  });

  it('files Stripe’s subscription events under billing, not under the shop’s customers', () => {
    for (const action of stripeAuditActions) expect(activityKindOf(action), action).toBe('billing');
    expect(actionsOfKind.billing).toEqual(expect.arrayContaining(['subscription.upgrade', ...stripeAuditActions]));
    expect(actionsOfKind.customer).toEqual([
      'customer.create',
      'customer.update',
      'credit.adjust',
      'credit.spend',
      'credit.refund',
    ]);
  });

  it('counts the platform staff’s edits of a shop’s stock as inventory', () => {
    expect(actionsOfKind.inventory).toEqual(
      expect.arrayContaining(['inventory.add', 'admin.inventory.edit', 'admin.inventory.bulk_price']),
    );
    expect(activityKindOf('admin.shop.update')).toBeNull();
  });

  it('counts a sale rung up at the register as an order', () => {
    expect(activityKindOf('register.sale')).toBe('order');
    expect(actionsOfKind.order).toContain('register.sale');
  });
});
