import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, expectOk } from '../test/client.ts';
import { createInvite, registrationBody } from '../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from './modules/catalog/catalog-import.ts';
import { DEMO_ADMIN, DEMO_OWNER } from './modules/demo/demo.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runWith(server: TestServer, env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...server.databaseEnv, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  });
}

const cli = (server: TestServer, ...args: string[]) => runWith(server, {}, ...args);

describe(`npm run cli (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('invite create prints a single-use code as its last line', async () => {
    const { stdout } = await cli(server, 'invite', 'create');
    const code = stdout.trim().split('\n').at(-1)!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expectOk(await call(server, 'register', registrationBody(code)));
    expect((await call(server, 'register', registrationBody(code))).body.message).toBe(messages.auth.inviteUsed);
  });

  it('invite create --expires-days sets an expiry', async () => {
    const { stdout } = await cli(server, 'invite', 'create', '--expires-days', '3', '--note', 'for Rita');
    const code = stdout.trim().split('\n').at(-1)!;
    const row = await server.ctx.db
      .selectFrom('invite_codes')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.note).toBe('for Rita');
    const days = (Date.parse(row.expires_at!) - Date.parse(row.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(3, 5);
  });

  it('admin create makes a superadmin who can log in and use the admin area; again it promotes', async () => {
    const email = `root-${Date.now()}@example.com`;
    const { stdout } = await cli(
      server,
      'admin',
      'create',
      '--email',
      email,
      '--password',
      'root password',
      '--username',
      'root',
    );
    expect(stdout.trim().split('\n').at(-1)).toBe(`Superadmin created: ${email}`);
    const login = bodyOf(await call(server, 'login', { email, password: 'root password', turnstileToken: 't' }));
    expect(login).toMatchObject({ is_admin: true, shop_name: '' });
    const me = bodyOf(await call(server, 'adminMe', {}, { token: login.token }));
    expect(me).toMatchObject({ username: 'root', role: 'superadmin', can_grant_superadmin: true });

    // An existing shop account is promoted; its password stays without --password.
    const owner = registrationBody(await createInvite(server));
    expectOk(await call(server, 'register', owner));
    const promoted = await cli(server, 'admin', 'create', '--email', owner.email);
    expect(promoted.stdout.trim().split('\n').at(-1)).toBe(`Superadmin promoted: ${owner.email}`);
    const again = bodyOf(await call(server, 'login', { ...owner, turnstileToken: 't' }));
    expect(again.is_admin).toBe(true);

    await expect(cli(server, 'admin', 'create', '--email', 'new@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('A new superadmin needs a password'),
    });
    await expect(
      cli(server, 'admin', 'create', '--email', 'short@example.com', '--password', 'abc'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(messages.auth.passwordTooShort(6)),
    });
  });

  it('explains bad usage with a non-zero exit', async () => {
    await expect(cli(server, 'invite', 'create', '--expires-days', 'soon')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--expires-days must be a whole number of days'),
    });
    await expect(cli(server, 'frobnicate')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command'),
    });
  });
});

describe(`npm run cli -- cards (${testEngine})`, () => {
  let server: TestServer;
  let scryfall: http.Server;
  let scryfallUrl = '';
  const cards = fixtureCardLines(50);
  /** What the fake Scryfall's bulk file holds now. */
  let served = cards;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-cli-'));
  /** The cards with every US price at `usd` (or none, for a card without one). */
  const repriced = (usd: string) =>
    cards.map((line) => {
      const card = JSON.parse(line) as { prices: Record<string, string | null> };
      return JSON.stringify({ ...card, prices: { ...card.prices, usd: card.prices.usd === null ? null : usd } });
    });
  const usdOf = async (db: TestServer['ctx']['db']) =>
    new Set(
      (
        await db
          .selectFrom('cards')
          .select('price_usd')
          .where(
            'id',
            'in',
            cards.map((c) => (JSON.parse(c) as { id: string }).id),
          )
          .where('price_usd', 'is not', null)
          .execute()
      ).map((r) => r.price_usd),
    );

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    // A local server speaking Scryfall's bulk-data protocol: the list, then the file it names.
    scryfall = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/bulk-data') {
        res.end(
          JSON.stringify({
            object: 'list',
            data: [
              { type: 'oracle_cards', download_uri: `${scryfallUrl}/files/oracle.json` },
              { type: 'default_cards', download_uri: `${scryfallUrl}/files/default-cards.json`, size: 1 },
            ],
          }),
        );
      } else if (req.url === '/files/default-cards.json') {
        res.end(`[${served.join(',')}]`);
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => scryfall.listen(0, '127.0.0.1', resolve));
    scryfallUrl = `http://127.0.0.1:${(scryfall.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((r) => scryfall.close(r));
  });

  it('cards import reads a file and reports skipped objects with their positions', async () => {
    const file = path.join(tmp, 'some.ndjson');
    fs.writeFileSync(file, [cards[0], '{"broken": true}', cards[1]].join('\n'));
    const { stdout, stderr } = await cli(server, 'cards', 'import', file);
    expect(stdout).toMatch(/Imported 2 cards; 1 malformed objects skipped\.\s*$/);
    expect(stderr).toContain('skipped object at position 2: id:');
  });

  it('cards import in another process does not disturb the server’s own writes', async () => {
    const file = path.join(tmp, 'all.ndjson');
    fs.writeFileSync(file, fixtureCardLines(6000).join('\n'));
    const importing = cli(server, 'cards', 'import', file);
    const statuses: number[] = [];
    const deadline = Date.now() + 60_000;
    let done = false;
    void importing.finally(() => (done = true));
    while (!done && Date.now() < deadline) {
      statuses.push((await call(server, 'register', registrationBody(await createInvite(server)))).status);
      await new Promise((r) => setTimeout(r, 20));
    }
    await importing;
    expect(statuses.length).toBeGreaterThan(0);
    expect(
      statuses.filter((s) => s !== 200),
      `statuses: ${statuses.join(',')}`,
    ).toEqual([]);
  });

  it('cards download fetches default_cards through the bulk-data API and imports it', async () => {
    const ids = cards.map((c) => (JSON.parse(c) as { id: string }).id);
    // An earlier test may have imported these very cards: start without them.
    await server.ctx.db.deleteFrom('cards').where('id', 'in', ids).execute();
    const { stdout } = await runWith(server, { SCRYFALL_API_URL: scryfallUrl }, 'cards', 'download');
    expect(stdout).toMatch(/Imported 50 cards; 0 malformed objects skipped\.\s*$/);
    const found = await server.ctx.db.selectFrom('cards').select('id').where('id', 'in', ids).execute();
    expect(found).toHaveLength(50);
  });

  it('cards prices FILE refreshes prices only, and the same file again changes nothing', async () => {
    const file = path.join(tmp, 'prices.json');
    fs.writeFileSync(file, `[\n${repriced('7.77').join(',\n')}\n]\n`);
    const first = await cli(server, 'cards', 'prices', file);
    expect(first.stdout).toMatch(
      /Refreshed prices of 50 printings: \d+ changed, kept for \d{4}-\d{2}-\d{2}; 0 malformed/,
    );
    expect(first.stdout).toMatch(/printings\/s\)/);
    expect(await usdOf(server.ctx.db)).toEqual(new Set([777]));
    const again = await cli(server, 'cards', 'prices', file);
    expect(again.stdout).toMatch(/Refreshed prices of 50 printings: 0 changed/);
  });

  it('cards prices without a file refreshes from today’s download', async () => {
    served = repriced('8.88');
    try {
      const { stdout } = await runWith(server, { SCRYFALL_API_URL: scryfallUrl }, 'cards', 'prices');
      expect(stdout).toMatch(/Refreshed prices of 50 printings: [1-9]\d* changed/);
      expect(await usdOf(server.ctx.db)).toEqual(new Set([888]));
    } finally {
      served = cards;
    }
  });

  it('PRICE_REFRESH_HOURS refreshes on a schedule, and says so in one line when offline', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    served = repriced('9.99');
    // A period of about a second: the first check claims it at once.
    const scheduled = await startServer(
      { PRICE_REFRESH_HOURS: '0.0003', SCRYFALL_API_URL: scryfallUrl, LOG_LEVEL: 'info' },
      { logStream },
    );
    try {
      await importCatalogFile(scheduled.ctx.db, path.join(tmp, 'prices.json'));
      await expect.poll(() => usdOf(scheduled.ctx.db), { timeout: 20_000, interval: 200 }).toEqual(new Set([999]));
      await expect
        .poll(() => lines.find((l) => l.includes('prices refreshed: ')), { timeout: 10_000, interval: 100 })
        .toMatch(/prices refreshed: [1-9]\d* of 50 printings changed/);
    } finally {
      served = cards;
      await scheduled.close();
    }

    const offline = await startServer(
      { PRICE_REFRESH_HOURS: '0.0003', SCRYFALL_API_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'info' },
      { logStream },
    );
    try {
      await expect
        .poll(() => lines.find((l) => l.includes('price refresh skipped')), { timeout: 20_000, interval: 200 })
        .toMatch(/Could not reach Scryfall at http:\/\/127\.0\.0\.1:9 .*Are you online\?.*Next try in 0\.0003 h\./);
    } finally {
      await offline.close();
    }
  });

  it('cards download offline fails with a clear message', async () => {
    await expect(
      runWith(server, { SCRYFALL_API_URL: 'http://127.0.0.1:9' }, 'cards', 'download'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Could not reach Scryfall at http:\/\/127\.0\.0\.1:9 .*Are you online\?/),
    });
  });
});

describe(`demo data (${testEngine})`, () => {
  it('an empty database gets the public demo shop whose Owner can log in', async () => {
    const server = await startServer({ DEMO: '1' });
    try {
      const shop = await server.ctx.db.selectFrom('shops').selectAll().executeTakeFirstOrThrow();
      expect(shop).toMatchObject({ name: 'Demo Card Shop', subdomain: 'demo', shop_hidden: 0 });
      const owner = bodyOf(await call(server, 'login', { ...DEMO_OWNER, turnstileToken: 't' }));
      expect(owner).toMatchObject({ shop_name: 'Demo Card Shop', user_role: 'Owner' });
      const invites = await server.ctx.db.selectFrom('invite_codes').selectAll().execute();
      expect(invites).toHaveLength(1);
      const search = bodyOf(await call(server, 'cardSearch', { q: 'lightning' }));
      expect(search.data.map((c) => c.name)).toEqual(['Lightning Bolt', 'Lightning Strike']);
      // Stock to browse and order, on the public page too, and sealed products.
      const front = bodyOf(await call(server, 'publicInventory', { subdomain: 'demo', page: '1' }));
      expect(front.inventory.length).toBeGreaterThan(20);
      expect(front.inventory.some((c) => c.inv_quantity > 0)).toBe(true);
      expect(bodyOf(await call(server, 'sealedList', {}, { token: owner.token })).total).toBe(3);
      // And a superadmin to try the admin area with.
      expect(bodyOf(await call(server, 'login', { ...DEMO_ADMIN, turnstileToken: 't' })).is_admin).toBe(true);

      // The shop's day so far, so each screen shows what it is for: reservations taken, a regular with credit, an
      // order waiting and one confirmed, the regular's sell list waiting.
      const token = owner.token;
      expect(bodyOf(await call(server, 'settingsGet', { token })).reservations_enabled).toBe(true);
      const [regular, ...others] = bodyOf(await call(server, 'customersSearch', { token })).data.customers;
      expect(others).toEqual([]);
      expect(regular).toMatchObject({ name: 'Sam Rivera', balance: 12.5 });
      const waiting = bodyOf(await call(server, 'pendingOrders', { token })).data.orders;
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ customer_id: regular!.id, source: DEMO_OWNER.email });
      expect(waiting[0]!.items.every((i) => i.price > 0)).toBe(true);
      expect(bodyOf(await call(server, 'statsSummary', { token, auth_token: token })).data.total_orders).toBe(1);
      const selling = bodyOf(await call(server, 'buylistPending', { token })).data.buy_orders;
      expect(selling).toHaveLength(1);
      expect(selling[0]!.total_cash).toBeGreaterThan(0);
      // The session that played the day is ended: only the two logins above remain.
      expect(await server.ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
