import fs from 'node:fs';
import path from 'node:path';
import { auditActions, type ActivityEntry } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-text.ts';

const entry = (
  action: string,
  subject: string,
  detail: Record<string, unknown> | null = null,
  name: string | null = null,
) =>
  ({
    id: 1,
    at: '2026-06-01T09:00:00.000Z',
    actor: 'owner@example.com',
    action,
    kind: null,
    subject,
    subject_name: name,
    detail,
  }) as ActivityEntry;

describe('an activity entry as a sentence', () => {
  it('names the card and the row of stock changes, prices in dollars', () => {
    const bolt = (detail: Record<string, unknown>) => entry('inventory.edit', 'id-1', detail, 'Lightning Bolt');
    expect(
      describeActivity(
        entry('inventory.add', 'id-1', { finish: 'foil', quality: 'NM', quantity: 4 }, 'Lightning Bolt'),
      ),
    ).toBe('Added 4 × Lightning Bolt (Foil, NM)');
    expect(
      describeActivity(
        entry(
          'inventory.add',
          'id-1',
          { finish: 'foil', quality: 'NM', language: 'de', quantity: 4 },
          'Lightning Bolt',
        ),
      ),
    ).toBe('Added 4 × Lightning Bolt (Foil, NM, German)');
    const quick = { finish: 'nonfoil', quality: 'LP', quantity: 1 };
    expect(describeActivity(entry('inventory.add', 'id-1', { ...quick, quick: true }, 'Lightning Bolt'))).toBe(
      'Quick-added 1 × Lightning Bolt (Non-Foil, LP)',
    );
    expect(describeActivity(entry('inventory.quick_add_undo', 'id-1', quick, 'Lightning Bolt'))).toBe(
      'Undid a quick add: took 1 × Lightning Bolt (Non-Foil, LP) back off the stock',
    );
    expect(
      describeActivity(
        entry(
          'inventory.edit',
          'id-1',
          { finish: 'nonfoil', quality: 'NM', signed: true, altered: true, quantity: 2 },
          'Lightning Bolt',
        ),
      ),
    ).toBe('Edited Lightning Bolt (Non-Foil, NM, signed, altered): quantity 2');
    expect(describeActivity(bolt({ finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 1 }))).toBe(
      'Edited Lightning Bolt (Non-Foil, NM): quantity 1',
    );
    expect(describeActivity(bolt({ finish: 'nonfoil', quality: 'LP', quantity: 3, asking_price: 350 }))).toBe(
      'Edited Lightning Bolt (Non-Foil, LP): quantity 3, price $3.50',
    );
    expect(describeActivity(bolt({ finish: 'nonfoil', quality: 'NM', quantity: 3, asking_price: null }))).toBe(
      'Edited Lightning Bolt (Non-Foil, NM): quantity 3, price back to the pricing rule',
    );
    expect(describeActivity(bolt({ finish: 'nonfoil', quality: 'NM', quantity: 3, location: 'Binder 3' }))).toBe(
      'Edited Lightning Bolt (Non-Foil, NM): quantity 3, kept at Binder 3',
    );
    // A card gone from the catalog is named by its id.
    expect(describeActivity(entry('inventory.edit', 'id-9', { quantity: 0 }))).toBe('Edited id-9: quantity 0');
  });

  it('says what bulk changes did and how many rows they changed', () => {
    expect(describeActivity(entry('inventory.reprice', 'bolt', { action: 'percent', value: 10, changed: 6 }))).toBe(
      'Repriced the rows “bolt” finds: +10 % (6 rows changed)',
    );
    expect(describeActivity(entry('inventory.reprice', '*', { action: 'set', value: 2, changed: 1 }))).toBe(
      'Repriced every row: set to $2.00 (1 row changed)',
    );
    expect(describeActivity(entry('inventory.locate', 'set:mh3', { location: 'Box A-04', changed: 40 }))).toBe(
      'Put the rows “set:mh3” finds at Box A-04 (40 rows changed)',
    );
    expect(describeActivity(entry('inventory.locate', '*', { location: null, changed: 1 }))).toBe(
      'Put every row at no location (1 row changed)',
    );
    expect(describeActivity(entry('inventory.import', 'cardstock', { rows: 120, added: 118, refused: 2 }))).toBe(
      'Imported a CSV file (cardstock): 120 rows, 118 added, 2 refused',
    );
    expect(
      describeActivity(
        entry('inventory.import', 'manabox', { mode: 'sync', rows: 3, added: 1, zeroed: 40, refused: 0 }),
      ),
    ).toBe('Imported a CSV file (manabox, made the inventory): 3 rows, 1 added, 40 rows set to 0, 0 refused');
    expect(
      describeActivity(entry('inventory.import', 'cardstock', { mode: 'set', rows: 1, added: 0, refused: 0 })),
    ).toBe('Imported a CSV file (cardstock, quantities set): 1 row, 0 added, 0 refused');
    // The file's name when the dialog sent it, and what its sealed rows did.
    expect(
      describeActivity(
        entry('inventory.import', 'cardstock', {
          mode: 'sync',
          rows: 2,
          added: 0,
          zeroed: 1,
          refused: 0,
          file: 'shop.csv',
          sealed_added: 1,
          sealed_changed: 2,
        }),
      ),
    ).toBe(
      'Imported “shop.csv” (cardstock, made the inventory): 2 rows, 0 added, 1 row set to 0, sealed products 1 added and 2 changed, 0 refused',
    );
    expect(describeActivity(entry('inventory.delete_all', 'shop', { deleted: 1 }))).toBe(
      'Deleted all inventory (1 row)',
    );
  });

  it('reads orders, the team, settings, tablets and the subscription', () => {
    expect(describeActivity(entry('order.place', '1042', { lines: 2 }))).toBe('Placed order #1042 (2 lines)');
    expect(describeActivity(entry('order.confirm', '1042', {}))).toBe('Confirmed order #1042');
    expect(
      describeActivity(
        entry('register.sale', '1043', { lines: 2, total_cents: 2831, tax_cents: 231, discount_cents: 0 }),
      ),
    ).toBe('Rang up sale #1043 at the register ($28.31)');
    expect(describeActivity(entry('register.sale', '1044', {}))).toBe('Rang up sale #1044 at the register');
    expect(
      describeActivity(
        entry('register.return', '1043', {
          return_number: '1043-R1',
          copies: 2,
          restocked: 1,
          refund_cents: 2177,
          tax_cents: 177,
          refund: { card: 2177 },
        }),
      ),
    ).toBe('Took return 1043-R1 of sale #1043 (2 copies), $21.77 refunded');
    expect(
      describeActivity(
        entry('register.sale', '1045', {
          lines: 1,
          total_cents: 2200,
          tax_cents: 200,
          discount_cents: 0,
          trade_in: {
            buy_number: 'B20261127-1-2-1',
            payout: 'credit',
            amount_cents: 1300,
            copies: 2,
            cash_out_cents: 0,
            credit_to_customer_cents: 0,
          },
        }),
      ),
    ).toBe(
      'Rang up sale #1045 at the register ($22.00), with a trade-in of $13.00 in store credit (buy order B20261127-1-2-1)',
    );
    expect(
      describeActivity(
        entry('register.drawer_move', '7', { drawer_id: 7, kind: 'paid_out', amount_cents: 500, reason: 'Stamps' }),
      ),
    ).toBe('Paid out $5.00 from cash drawer #7: “Stamps”');
    expect(
      describeActivity(
        entry('register.drawer_move', '7', { drawer_id: 7, kind: 'paid_in', amount_cents: 2000, reason: 'Change' }),
      ),
    ).toBe('Paid in $20.00 into cash drawer #7: “Change”');
    expect(describeActivity(entry('register.drawer_move', '7', {}))).toBe('Moved cash in cash drawer #7');
    expect(describeActivity(entry('team.role', 'rita@example.com', { from: 'Employee', to: 'Manager' }))).toBe(
      'Changed rita@example.com’s role from Employee to Manager',
    );
    expect(describeActivity(entry('settings.save', 'shop', {}))).toBe('Saved the shop settings');
    expect(describeActivity(entry('device.pair', 'Counter tablet', {}))).toBe('Paired the tablet “Counter tablet”');
    expect(
      describeActivity(entry('sealed.edit', '7', { before: { name: 'Box' }, after: { name: 'Box', quantity: 2 } })),
    ).toBe('Edited sealed product “Box”: quantity 2');
    expect(describeActivity(entry('something.new', 'x'))).toBe('something.new x');
  });
});

describe('every audit action has its sentence (issue 38)', () => {
  // The server's recorder takes only the contract's `auditActions` (a type); this walks them all, so an action added
  // without a sentence fails here instead of showing as a raw code such as "buylist.submit B2026…".
  it.each(auditActions)('%s reads as a sentence, not as its code', (action) => {
    const said = describeActivity(entry(action, 'SUBJECT-1', {}));
    expect(said).not.toContain(action);
    expect(said).toMatch(/^[A-Z$]/);
  });

  it('the server records no action outside the contract’s list', () => {
    // Belt and braces for the type: every action literal handed to a recorder in the server's source is listed.
    const root = path.resolve(__dirname, '../../../../server/src');
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const found = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(
        /\baction:\s*(?:[^,}]*\?\s*)?'([a-z_]+(?:\.[a-z_]+)+)'(?:\s*:\s*'([a-z_]+(?:\.[a-z_]+)+)')?/g,
      ))
        match.slice(1).forEach((a) => a && found.add(a));
      for (const match of source.matchAll(/\baudit\([^)]*?'([a-z_]+(?:\.[a-z_]+)+)'/g)) found.add(match[1]!);
    }
    expect(found.size).toBeGreaterThan(30);
    expect([...found].filter((a) => !(auditActions as readonly string[]).includes(a))).toEqual([]);
  });

  it('says a buy order’s events with their figures', () => {
    expect(describeActivity(entry('buylist.submit', 'B20260601-0001', { lines: 3, customer_id: null }))).toBe(
      'Took sell list B20260601-0001 (3 lines)',
    );
    expect(
      describeActivity(
        entry('buylist.accept', 'B20260601-0001', { payout: 'credit', amount_cents: 4210, copies: 6, customer_id: 1 }),
      ),
    ).toBe('Accepted buy order B20260601-0001 (6 copies): $42.10 store credit');
    expect(describeActivity(entry('buylist.reject', 'B20260601-0001', { reason: 'played' }))).toBe(
      'Rejected buy order B20260601-0001: “played”',
    );
  });
});
