import type { ActivityEntry } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { activityEventOf } from './activity-event.ts';
import { describeActivity } from './activity-text.ts';

const entry = (action: string, detail: Record<string, unknown> | null, subject = 'S-1') =>
  ({
    id: 1,
    at: '2026-06-01T09:00:00.000Z',
    actor: 'owner@example.com',
    action,
    kind: null,
    subject,
    subject_name: null,
    detail,
  }) as ActivityEntry;

describe('an Activity entry as its typed event (issue 40)', () => {
  it('reads the action’s own fields, and only those', () => {
    expect(activityEventOf(entry('team.role', { from: 'Employee', to: 'Manager', extra: 1 }))).toEqual({
      action: 'team.role',
      detail: { from: 'Employee', to: 'Manager' },
    });
    expect(activityEventOf(entry('team.role', { from: null, to: 'Manager' }))?.detail).toEqual({
      from: null,
      to: 'Manager',
    });
    expect(activityEventOf(entry('order.confirm', null))).toEqual({ action: 'order.confirm', detail: {} });
  });

  it('reads a field missing or of another type as absent, nested ones too', () => {
    expect(activityEventOf(entry('inventory.import', { rows: '12', added: 3, mode: 'merge' }))?.detail).toEqual({
      added: 3,
    });
    expect(activityEventOf(entry('sealed.edit', { before: 'Box', after: { name: 7, quantity: 2 } }))?.detail).toEqual({
      after: { quantity: 2 },
    });
    expect(describeActivity(entry('sealed.edit', { after: { name: 7, quantity: 2 } }, '9'))).toBe(
      'Edited sealed product “9”: quantity 2',
    );
    expect(describeActivity(entry('order.place', { lines: 'two' }, '1042'))).toBe('Placed order #1042 (0 lines)');
  });

  it('keeps an import’s structured zeroed rows and drops the sentences older entries held', () => {
    const bolt = {
      name: 'Lightning Bolt',
      set_code: '2x2',
      collector_number: '117',
      finish: 'foil',
      quality: 'LP',
      language: 'en',
      signed: false,
      altered: false,
      quantity: 4,
    };
    const event = activityEventOf(
      entry('inventory.import', { zeroed_rows: [bolt, 'Opt (XLN #65) nonfoil NM en: 2 → 0'], zeroed_rows_more: 3 }),
    );
    expect(event?.detail).toEqual({ zeroed_rows: [bolt], zeroed_rows_more: 3 });
  });

  it('has no event for an action the contract does not list', () => {
    expect(activityEventOf(entry('something.new', {}))).toBeNull();
    expect(activityEventOf(entry('constructor', {}))).toBeNull();
  });
});
