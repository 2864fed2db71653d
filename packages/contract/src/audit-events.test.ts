import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  auditActions,
  auditDetailSchemas,
  isAuditAction,
  readAuditEvent,
  type AdminStoreUpdateRequest,
  type AuditDetail,
  type AuditEvent,
  type BuyRules,
  type ImportMode,
  type PricingRule,
  type RepriceAction,
  type ReservationLimits,
  type SystemSettingsGroups,
  type ZAdminUserUpdateRequest,
} from './index.ts';

/** The settings' four groups as one object, as a save writes them. */
type Flat<T> = { [K in keyof T]: T[K] };
type SystemSettingsFlat = Flat<
  SystemSettingsGroups['platform'] &
    SystemSettingsGroups['security'] &
    SystemSettingsGroups['notifications'] &
    SystemSettingsGroups['api']
>;

describe('the detail of each audit action (issue 40)', () => {
  it('has one shape per action in `auditActions`, and none for an action not in it', () => {
    expect(Object.keys(auditDetailSchemas).sort()).toEqual([...auditActions].sort());
    for (const action of auditActions) expect(isAuditAction(action), action).toBe(true);
    expect(isAuditAction('something.new')).toBe(false);
    expect(isAuditAction('toString')).toBe(false);
  });

  it('takes what the call sites write: an empty detail, an optional field, a nested one', () => {
    const events: AuditEvent[] = [
      { action: 'order.confirm', detail: {} },
      { action: 'order.reject', detail: {} },
      { action: 'order.reject', detail: { reason: 'sold out' } },
      { action: 'team.invite', detail: { role: 'Manager' } },
      { action: 'sealed.edit', detail: { before: box(1), after: box(2), import: true } },
    ];
    for (const { action, detail } of events)
      expect(auditDetailSchemas[action].safeParse(detail).success, action).toBe(true);
  });

  it('keeps what a form saves in the form’s own shape (checked by the compiler)', () => {
    // Declared again in audit-events.ts so the Activity screen loads no form's schemas: these hold them the same.
    expectTypeOf<AuditDetail<'buylist.rules'>>().toEqualTypeOf<BuyRules>();
    expectTypeOf<NonNullable<AuditDetail<'settings.save'>['pricing']>>().toEqualTypeOf<PricingRule>();
    expectTypeOf<NonNullable<AuditDetail<'settings.save'>['reservation_limits']>>().toEqualTypeOf<ReservationLimits>();
    expectTypeOf<AuditDetail<'admin.settings'>>().toEqualTypeOf<SystemSettingsFlat>();
    expectTypeOf<AuditDetail<'admin.shop.update'>>().toEqualTypeOf<AdminStoreUpdateRequest>();
    expectTypeOf<AuditDetail<'admin.user.update'>>().toEqualTypeOf<z.input<typeof ZAdminUserUpdateRequest>>();
    expectTypeOf<AuditDetail<'inventory.import'>['mode']>().toEqualTypeOf<ImportMode>();
    expectTypeOf<AuditDetail<'inventory.reprice'>['action']>().toEqualTypeOf<RepriceAction>();
  });

  it('refuses a key the action does not write (a compile error too)', () => {
    const wrong = {
      action: 'team.invite',
      // @ts-expect-error: a team invitation keeps the role, not a reason.
      detail: { reason: 'x' },
    } satisfies AuditEvent;
    expect(auditDetailSchemas['team.invite'].safeParse(wrong.detail).success).toBe(false);
    // @ts-expect-error: a confirmation keeps nothing.
    const confirm: AuditEvent = { action: 'order.confirm', detail: { reason: 'x' } };
    expect(confirm.action).toBe('order.confirm');
  });
});

describe('an audit event read back from the log', () => {
  it('keeps the action’s own fields that fit, leaves out the rest', () => {
    expect(readAuditEvent('team.role', { from: null, to: 'Manager', extra: 1 })).toEqual({
      action: 'team.role',
      detail: { from: null, to: 'Manager' },
    });
    expect(
      readAuditEvent('inventory.import', { rows: '12', added: 3, mode: 'merge', zeroed_rows: ['a sentence'] }),
    ).toEqual({ action: 'inventory.import', detail: { added: 3, zeroed_rows: [] } });
    expect(readAuditEvent('sealed.edit', { before: 'Box', after: { name: 7, quantity: 2 } }).detail).toEqual({
      after: { quantity: 2 },
    });
    expect(readAuditEvent('order.confirm', null)).toEqual({ action: 'order.confirm', detail: {} });
  });
});

function box(quantity: number) {
  return { name: 'Box', category: 'booster_box', set_code: 'mh3', price: 22_000, quantity };
}
