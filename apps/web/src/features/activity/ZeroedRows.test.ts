import type { ActivityEntry } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { zeroedRowsOf } from './ZeroedRows.tsx';

const entry = (action: string, detail: Record<string, unknown> | null) =>
  ({
    id: 1,
    at: '2026-06-01T09:00:00.000Z',
    actor: 'owner@example.com',
    action,
    kind: 'inventory',
    subject: 'cardstock',
    subject_name: null,
    detail,
  }) as ActivityEntry;

const bolt = {
  name: 'Lightning Bolt',
  set_code: '2x2',
  collector_number: '117',
  finish: 'foil',
  quality: 'LP',
  language: 'ja',
  signed: false,
  altered: false,
  quantity: 4,
};

describe('the rows an import set to 0', () => {
  it('reads the rows, an older entry’s sentences as they are, and how many more were not kept', () => {
    expect(
      zeroedRowsOf(
        entry('inventory.import', {
          zeroed_rows: [bolt, 'Opt (XLN #65) nonfoil NM en: 2 → 0', { name: 'half a row' }],
          zeroed_rows_more: 3,
        }),
      ),
    ).toEqual({ rows: [bolt, 'Opt (XLN #65) nonfoil NM en: 2 → 0'], more: 3 });
  });

  it('lists nothing for an entry without them, or of another action', () => {
    expect(zeroedRowsOf(entry('inventory.import', { zeroed: 0 }))).toEqual({ rows: [], more: 0 });
    expect(zeroedRowsOf(entry('inventory.edit', { zeroed_rows: [bolt] }))).toEqual({ rows: [], more: 0 });
    expect(zeroedRowsOf(entry('inventory.import', null))).toEqual({ rows: [], more: 0 });
  });
});
