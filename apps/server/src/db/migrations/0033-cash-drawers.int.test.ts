import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../../../test/client.ts';
import { shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { migrateTo, migrateToLatest } from './index.ts';

/** Migration 0033 adds the cash drawers, their ledger and a sale's drawer; down and up again, the sales stay. */
describe(`migration 0033, cash drawers (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => server.close());

  it('goes down and up, and one open drawer per person holds again after it', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    bodyOf(await owner.call('registerDrawerOpen', { float: 5 }));
    await migrateTo(server.ctx.db, server.ctx.engine, '0030-register');
    const tables = (await server.ctx.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('cash_drawers');
    expect(tables).not.toContain('drawer_moves');
    await migrateToLatest(server.ctx.db, server.ctx.engine);
    expect(bodyOf(await owner.call('registerDrawerCurrent'))).toEqual({ drawer: null });
    bodyOf(await owner.call('registerDrawerOpen', { float: 5 }));
    expect((await owner.call('registerDrawerOpen', { float: 5 })).status).toBe(409);
  });
});
