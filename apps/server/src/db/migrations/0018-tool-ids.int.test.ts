import { fixtureCards, fixtureCardsFile } from '@cardstock/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { importCatalogFile } from '../../modules/catalog/catalog-import.ts';
import { migrateTo, migrateToLatest } from './index.ts';

/**
 * Migration 0018 adds the ids Magic Online and Cardmarket know a printing by. Both ways, on both engines: going down
 * drops the columns and keeps every printing; coming back up gives empty columns the catalog importer fills again.
 */
describe(`migration 0018, tool ids (${testEngine})`, () => {
  let server: TestServer;
  const delver = fixtureCards().find((c) => c.name.startsWith('Delver of Secrets') && c.set === 'isd')!;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await catalog(server);
  });
  afterAll(() => server.close());

  const idsOf = (id: string) =>
    server.ctx.db
      .selectFrom('cards')
      .select(['mtgo_id', 'mtgo_foil_id', 'cardmarket_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const count = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('cards')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the catalog import fills the ids, and an index finds a printing by each', async () => {
    expect(await idsOf(delver.id)).toEqual({ mtgo_id: 42436, mtgo_foil_id: 42437, cardmarket_id: 250620 });
    for (const [column, value] of [
      ['mtgo_id', 42436],
      ['mtgo_foil_id', 42437],
      ['cardmarket_id', 250620],
    ] as const) {
      const found = await server.ctx.db.selectFrom('cards').select('id').where(column, '=', value).execute();
      expect(found.map((r) => r.id)).toEqual([delver.id]);
    }
  });

  it('going down drops the columns and keeps every printing; going up adds them back, empty', async () => {
    const db = server.ctx.db;
    const before = await count();
    await migrateTo(db, server.ctx.engine, '0017-order-fingerprint');
    expect(await count()).toBe(before);
    await expect(sql`select mtgo_id from cards`.execute(db)).rejects.toThrow();
    await expect(sql`select cardmarket_id from cards`.execute(db)).rejects.toThrow();

    expect(await migrateToLatest(db, server.ctx.engine)).toContain('0018-tool-ids');
    expect(await count()).toBe(before);
    expect(await idsOf(delver.id)).toEqual({ mtgo_id: null, mtgo_foil_id: null, cardmarket_id: null });
    // The next catalog import fills them again.
    await importCatalogFile(db, fixtureCardsFile);
    expect(await idsOf(delver.id)).toEqual({ mtgo_id: 42436, mtgo_foil_id: 42437, cardmarket_id: 250620 });
  });
});
