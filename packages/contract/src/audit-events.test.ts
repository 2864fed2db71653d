import { describe, expect, it } from 'vitest';
import { auditActions, auditDetailSchemas, isAuditAction, type AuditEvent } from './index.ts';

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

function box(quantity: number) {
  return { name: 'Box', category: 'booster_box', set_code: 'mh3', price: 22_000, quantity };
}
