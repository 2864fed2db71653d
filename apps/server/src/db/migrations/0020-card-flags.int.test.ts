import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../../../test/client.ts';
import { order, pricedCard } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { migrateTo, migrateToLatest } from './index.ts';

/**
 * Migration 0020 puts the signed and altered flags in the stock row's key. On SQLite that rebuilds the inventory
 * table, which must keep every row, its id, its language and the order lines that point at it; both ways, on both
 * engines.
 */
describe(`migration 0020, card flags (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => server.close());

  const snapshot = async () => {
    const db = server.ctx.db;
    const rows = await db
      .selectFrom('inventory')
      .select(['id', 'shop_id', 'card_id', 'finish', 'quality', 'language', 'quantity', 'asking_price'])
      .orderBy('id')
      .execute();
    const lines = await db
      .selectFrom('order_lines')
      .select(['id', 'inventory_id', 'language', 'quantity'])
      .orderBy('id')
      .execute();
    return { rows, lines };
  };

  it('keeps every row, its id and the order lines pointing at it, going down and up again', async () => {
    const card = await pricedCard(server);
    const { shop } = await order(server, undefined, [{ card, quantity: 1 }]);
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: card.id, quantity: 2, language: 'de' }));
    const before = await snapshot();
    expect(before.lines.map((l) => l.inventory_id)).toEqual([before.rows[0]!.id]);

    await migrateTo(server.ctx.db, server.ctx.engine, '0019-account-unlocks');
    expect(await snapshot()).toEqual(before);
    // Without the flags the old key holds: a second plain German row of the same printing is refused.
    await expect(
      sql`insert into inventory (shop_id, card_id, finish, quality, language, quantity, sort_name, set_code, created_at, updated_at)
        select shop_id, card_id, finish, quality, language, 1, sort_name, set_code, created_at, updated_at
        from inventory where language = 'de'`.execute(server.ctx.db),
    ).rejects.toThrow();

    expect(await migrateToLatest(server.ctx.db, server.ctx.engine)).toContain('0020-card-flags');
    expect(await snapshot()).toEqual(before);
    const flags = await server.ctx.db.selectFrom('inventory').select(['signed', 'altered']).execute();
    expect(flags).toEqual([
      { signed: 0, altered: 0 },
      { signed: 0, altered: 0 },
    ]);
    const lineFlags = await server.ctx.db.selectFrom('order_lines').select(['signed', 'altered']).execute();
    expect(lineFlags).toEqual([{ signed: 0, altered: 0 }]);

    // The new key: a signed row of the same printing beside the plain one, and the server sells from it.
    const owner = api(server, shop);
    bodyOf(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 2, signed: true }));
    bodyOf(
      await owner.call('placeOrder', {
        items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1, signed: true }],
      }),
    );
    const rows = await server.ctx.db
      .selectFrom('inventory')
      .select(['language', 'signed', 'quantity'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { language: 'en', signed: 0, quantity: before.rows[0]!.quantity },
      { language: 'de', signed: 0, quantity: 2 },
      { language: 'en', signed: 1, quantity: 1 },
    ]);
  });

  it('going back keeps the unflagged rows and drops the flagged ones, which the old key cannot hold', async () => {
    const db = server.ctx.db;
    await migrateTo(db, server.ctx.engine, '0019-account-unlocks');
    const kept = await db.selectFrom('inventory').select(['id', 'language']).orderBy('id').execute();
    expect(kept.map((r) => r.language)).toEqual(['en', 'de']);
    expect(await migrateToLatest(db, server.ctx.engine)).toContain('0020-card-flags');
    const back = await db.selectFrom('order_lines').select(['inventory_id']).orderBy('id').execute();
    // The signed sale's line lost its row with the row itself; the plain one still points at its row.
    expect(back.map((l) => l.inventory_id)).toEqual([kept[0]!.id, null]);
  });
});
