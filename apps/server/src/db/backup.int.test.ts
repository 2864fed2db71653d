import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../test/factories.ts';
import { bodyOf, call, expectOk } from '../../test/client.ts';
import { startServer, testEngine, type TestServer } from '../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from '../modules/catalog/catalog-import.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  }).catch((err: { code: number; stdout: string; stderr: string }) => err);

describe.runIf(testEngine === 'sqlite')('npm run cli -- backup / restore (sqlite)', () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof buildShop>>;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const stock = async (s: TestServer, token: string) =>
    bodyOf(await call(s, 'inventoryList', { page: '1', filter: '' }, { token })).inventory;

  beforeAll(async () => {
    server = await startServer();
    const cards = path.join(work, 'cards.ndjson');
    fs.writeFileSync(cards, fixtureCardLines(50).join('\n'));
    await importCatalogFile(server.ctx.db, cards);
    shop = await buildShop(server);
    for (const line of fixtureCardLines(5)) {
      const { id } = JSON.parse(line) as { id: string };
      bodyOf(await call(server, 'inventoryAdd', { scryfall_id: id, quantity: 2 }, { token: shop.token }));
    }
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the server runs, and a restore brings back that moment', async () => {
    const before = await stock(server, shop.token);
    expect(before.length).toBeGreaterThan(0);
    const file = path.join(work, 'nightly.sqlite');
    const backup = await cli(server.databaseEnv, 'backup', file);
    expect(backup.stdout).toMatch(/Backed up [\d.]+ MB to .*nightly\.sqlite/);

    // Later that day the stock is wiped; the backup still has it.
    // A client may send only the Bearer header, no body at all.
    const wiped = await server.request('DELETE', '/api/shop/inventory/delete_all', undefined, {
      authorization: `Bearer ${shop.token}`,
    });
    expect(wiped.status, wiped.text).toBe(200);
    expect(await stock(server, shop.token)).toEqual([]);

    const restoredDir = path.join(work, 'restored');
    const restore = await cli({ DATA_DIR: restoredDir }, 'restore', file);
    expect(restore.stdout).toContain('Restored');
    const restored = await startServer({ DATA_DIR: restoredDir });
    try {
      expect(await stock(restored, shop.token)).toEqual(before);
      expectOk(
        await call(restored, 'login', { email: shop.email, password: shop.password, turnstileToken: 'test-token' }),
      );
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore under a running server, naming it, and changes nothing; restores once it stopped', async () => {
    const file = path.join(work, 'before-the-mistake.sqlite');
    expect((await cli(server.databaseEnv, 'backup', file)).stdout).toContain('Backed up');
    const other = await startServer();
    const dataDir = other.databaseEnv.DATA_DIR!;
    const owner = await buildShop(other);
    const refused = await cli({ DATA_DIR: dataDir }, 'restore', file);
    expect('code' in refused && refused.code).toBe(1);
    expect(refused.stderr).toContain(`A Cardstock server (process ${process.pid}) is using`);
    expect(refused.stderr).toContain('Stop it first');
    // The running server's data is as it was: the shop made a moment ago is still there.
    expect(await stock(other, owner.token)).toEqual([]);
    await other.app.close();
    const restored = await cli({ DATA_DIR: dataDir }, 'restore', file);
    expect(restored.stdout).toContain('Restored');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restores over a mark a killed server left behind', async () => {
    const file = path.join(work, 'after-a-crash.sqlite');
    expect((await cli(server.databaseEnv, 'backup', file)).stdout).toContain('Backed up');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crashed-'));
    // No process has this number (the highest Linux gives is 4194304).
    fs.writeFileSync(path.join(dataDir, 'cardstock.sqlite.server'), '4194999');
    const restored = await cli({ DATA_DIR: dataDir }, 'restore', file);
    expect(restored.stdout).toContain('Restored');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to overwrite a file, or to restore something that is not a Cardstock database, and changes nothing', async () => {
    const file = path.join(work, 'taken.sqlite');
    fs.writeFileSync(file, 'not empty');
    const taken = await cli(server.databaseEnv, 'backup', file);
    expect('code' in taken && taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists');

    const target = path.join(work, 'keep');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'cardstock.sqlite'), 'the current database');
    for (const [bad, reason] of [
      [file, 'is not a SQLite database'],
      [path.join(work, 'missing.sqlite'), 'There is no file'],
    ] as const) {
      const res = await cli({ DATA_DIR: target }, 'restore', bad);
      expect(res.stderr).toContain(reason);
      expect(fs.readFileSync(path.join(target, 'cardstock.sqlite'), 'utf8')).toBe('the current database');
    }
  });
});

describe.runIf(testEngine === 'postgres')('npm run cli -- backup (postgres)', () => {
  it('points to pg_dump instead of copying a PostgreSQL database', async () => {
    const res = await cli({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }, 'backup', '/tmp/x.dump');
    expect('code' in res && res.code).toBe(1);
    expect(res.stderr).toContain('pg_dump');
  });
});
