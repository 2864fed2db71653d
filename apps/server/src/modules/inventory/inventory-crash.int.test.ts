import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { spawnServer } from '../../../test/process.ts';
import { multipliedCards } from '@cardstock/fixtures';
import { importCatalogFile } from '../catalog/catalog-import.ts';
import { CARDSTOCK_CSV_HEADER } from './csv-formats.ts';

describe(`an import killed half-way (${testEngine})`, () => {
  let server: TestServer;
  let csv: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    // The fixture nine times over with new ids: 4,800 printings.
    const lines = [...multipliedCards(4800)].map((card) => JSON.stringify(card));
    const file = path.join(server.dataDir, 'cards.ndjson');
    fs.writeFileSync(file, lines.join('\n'));
    await importCatalogFile(server.ctx.db, file);
    // Every printing in every condition and finish it has: ~45,000 rows, seconds of work.
    const rows = [CARDSTOCK_CSV_HEADER.join(',')];
    for (const text of lines) {
      const card = JSON.parse(text) as { id: string; finishes: string[] };
      for (const finish of card.finishes)
        for (const q of ['NM', 'LP', 'MP', 'HP', 'D']) rows.push(`,,,${card.id},${finish},${q},1,`);
    }
    csv = rows.join('\n');
  });
  afterAll(() => server.close());

  /** Whether another connection holds an open write transaction on the inventory right now. */
  async function importWriting(): Promise<boolean> {
    const database = server.ctx.config.database;
    if (database.engine === 'sqlite') {
      const probe = new SQLite(database.file, { timeout: 0 });
      try {
        probe.exec('begin immediate');
        probe.exec('rollback');
        return false;
      } catch {
        return true; // SQLITE_BUSY: a writer holds the lock
      } finally {
        probe.close();
      }
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and xact_start is not null and query ilike '%insert into "inventory"%'`.execute(server.ctx.db);
    return rows[0]!.n > 0;
  }

  it('leaves the inventory as it was, and the same file imports whole afterwards', async () => {
    const lines = csv.split('\n').length - 1;
    const shopOf = async (shop: Awaited<ReturnType<typeof buildShop>>) =>
      (
        await server.ctx.db
          .selectFrom('users')
          .select('shop_id')
          .where('email', '=', shop.email)
          .executeTakeFirstOrThrow()
      ).shop_id!;
    const count = async (shopId: number) =>
      Number(
        (
          await server.ctx.db
            .selectFrom('inventory')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('shop_id', '=', shopId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const importInto = (url: string, token: string) => {
      const form = new FormData();
      form.set('token', token);
      form.set('file', new Blob([csv]), 'big.csv');
      return fetch(`${url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    };

    // How long a whole import takes here, so the kill can land in the middle of it.
    const first = await spawnServer(server.databaseEnv);
    const warm = await buildShop(server);
    const started = Date.now();
    expect((await importInto(first.url, warm.token)).status).toBe(200);
    const took = Date.now() - started;
    expect(await count(await shopOf(warm))).toBe(lines);

    const shop = await buildShop(server);
    const shopId = await shopOf(shop);
    const upload = importInto(first.url, shop.token).catch(() => undefined);
    // Kill it while its transaction is open and writing: not before, not after the commit.
    const deadline = Date.now() + took * 3;
    while (!(await importWriting()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    expect(await importWriting()).toBe(true);
    first.child.kill('SIGKILL');
    await upload;
    await new Promise((r) => first.child.once('exit', r));

    // Killed half-way through: none of the file is there.
    expect(await count(shopId)).toBe(0);
    if (testEngine === 'sqlite') {
      const check = await server.ctx.db.selectFrom(sqlPragma()).selectAll().execute();
      expect(check).toEqual([{ integrity_check: 'ok' }]);
    }
    const again = await spawnServer(server.databaseEnv);
    const res = await importInto(again.url, shop.token);
    again.child.kill('SIGTERM');
    expect(res.status).toBe(200);
    expect(await count(shopId)).toBe(lines);
    // Three imports of 45,000 lines and two server starts: about 27 s on 2 busy cores, and a start may take a minute.
  }, 180_000);
});

function sqlPragma() {
  return 'pragma_integrity_check' as never;
}
