import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../../../test/client.ts';
import { order, pricedCard } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { migrateTo, migrateToLatest } from './index.ts';

/**
 * Migration 0016 changes the stock row's key. On SQLite that rebuilds the inventory table, which must keep every row,
 * its id, and the order lines that point at it; both ways, on both engines.
 */
describe(`migration 0016, languages (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => server.close());

  const snapshot = async () => {
    const db = server.ctx.db;
    const rows = await db
      .selectFrom('inventory')
      .select(['id', 'shop_id', 'card_id', 'finish', 'quality', 'quantity', 'asking_price'])
      .orderBy('id')
      .execute();
    const lines = await db.selectFrom('order_lines').select(['id', 'inventory_id', 'quantity']).orderBy('id').execute();
    return { rows, lines };
  };

  it('keeps every row, its id and the order lines pointing at it, going down and up again', async () => {
    const card = await pricedCard(server);
    const { shop } = await order(server, undefined, [{ card, quantity: 1 }]);
    const before = await snapshot();
    expect(before.lines.map((l) => l.inventory_id)).toEqual([before.rows[0]!.id]);

    await migrateTo(server.ctx.db, server.ctx.engine, '0015-csv-uploads');
    expect(await snapshot()).toEqual(before);
    // Without languages the old key holds: a second English row of the same printing is refused.
    await expect(
      sql`insert into inventory (shop_id, card_id, finish, quality, quantity, sort_name, set_code, created_at, updated_at)
        select shop_id, card_id, finish, quality, 1, sort_name, set_code, created_at, updated_at from inventory`.execute(
        server.ctx.db,
      ),
    ).rejects.toThrow();

    expect(await migrateToLatest(server.ctx.db, server.ctx.engine)).toContain('0016-languages');
    expect(await snapshot()).toEqual(before);
    const languages = await server.ctx.db.selectFrom('inventory').select('language').execute();
    expect(languages.map((r) => r.language)).toEqual(['en']);
    const lineLanguages = await server.ctx.db.selectFrom('order_lines').select('language').execute();
    expect(lineLanguages.map((r) => r.language)).toEqual(['en']);

    // The new key: a German row of the same printing beside the English one, and the server sells from both.
    const owner = api(server, shop);
    bodyOf(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 2, language: 'de' }));
    bodyOf(
      await owner.call('placeOrder', {
        items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1, language: 'de' }],
      }),
    );
    const rows = await server.ctx.db.selectFrom('inventory').select(['language', 'quantity']).orderBy('id').execute();
    expect(rows).toEqual([
      { language: 'en', quantity: before.rows[0]!.quantity },
      { language: 'de', quantity: 1 },
    ]);
  });

  it('going back keeps the English rows and drops the others, which the old key cannot hold', async () => {
    const db = server.ctx.db;
    await migrateTo(db, server.ctx.engine, '0015-csv-uploads');
    const kept = await db.selectFrom('inventory').select(['id', 'quantity']).orderBy('id').execute();
    expect(kept).toHaveLength(1);
    expect(await migrateToLatest(db, server.ctx.engine)).toContain('0016-languages');
    const back = await db.selectFrom('order_lines').select(['inventory_id']).orderBy('id').execute();
    // The German sale's line lost its row with the row itself; the English one still points at its row.
    expect(back.map((l) => l.inventory_id)).toEqual([kept[0]!.id, null]);
  });
});
