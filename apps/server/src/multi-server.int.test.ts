import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { messages, type SystemSettingsGroups } from '@cardstock/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, expectError, expectOk } from '../test/client.ts';
import { addPlatformStaff, buildShop, uniqueEmail } from '../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../test/harness.ts';
import { SETTINGS_CACHE_MS } from './modules/platform/system-settings.ts';

// `npm test` starts a Redis when none answers on 6379 and names it here.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const login = (server: TestServer, email: string, password: string) =>
  call(server, 'login', { email, password, turnstileToken: 'test-token' });
const shopSettings = (server: TestServer, token: string) => call(server, 'settingsGet', {}, { token });

/**
 * Two servers as a load balancer would see them: one PostgreSQL database and
 * one Redis, each pair under a Redis prefix of its own so runs never share counters.
 */
async function startPair() {
  const prefix = `cardstock-test-${randomUUID().slice(0, 8)}`;
  const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const a = await startServer(shared);
  const b = await startServer({ ...shared, DATABASE_URL: a.databaseEnv.DATABASE_URL! });
  return {
    a,
    b,
    prefix,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

describe.runIf(testEngine === 'postgres')('several servers behind one load balancer (postgres, Redis)', () => {
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await redis.connect().catch((err: unknown) => {
      throw new Error(`Redis does not answer at ${redisUrl} (TEST_REDIS_URL; npm test starts one): ${String(err)}`);
    });
  });
  afterAll(() => redis.quit());

  /** Leaves nothing behind in a Redis the machine may use for other things. */
  async function forget(prefix: string) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  }

  /** Two servers for the enclosing describe; closed, and their Redis keys forgotten, after it. */
  function pairForThisSuite() {
    let pair: Awaited<ReturnType<typeof startPair>>;
    beforeAll(async () => {
      pair = await startPair();
    });
    afterAll(async () => {
      await pair.close();
      await forget(pair.prefix);
    });
    return () => pair;
  }

  describe('a session and the API limit', () => {
    const pair = pairForThisSuite();

    it('a session opened on one server works on the other, and logging out on either ends it on both', async () => {
      const { a, b } = pair();
      const shop = await buildShop(a, { shop_name: 'Two Doors Games' });
      const signedIn = await login(a, shop.email, shop.password);
      const { token } = bodyOf(signedIn);

      for (const server of [a, b]) {
        expect(bodyOf(await shopSettings(server, token)).name).toBe('Two Doors Games');
      }

      expectOk(await call(b, 'logout', { token }));
      for (const server of [a, b]) {
        const res = await shopSettings(server, token);
        expectError(res, 401);
        expect(res.body.message).toBe(messages.auth.sessionExpired);
      }
    });

    it('rate_limit_per_minute is one budget per client across every server', async () => {
      const { a, b } = pair();
      const staff = await addPlatformStaff(a, 'admin');
      const settings: SystemSettingsGroups = bodyOf(await call(a, 'adminSystemSettings', {}, { token: staff.token }));
      settings.api.rate_limit_per_minute = 10;
      expectOk(await call(a, 'adminSystemSettingsSave', settings, { token: staff.token }));
      // The server that saved sees the limit at once, the other within its settings cache's 2 seconds.
      await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_MS + 100));

      const shop = await buildShop(a);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await shopSettings(i % 2 ? b : a, shop.token)).status);
      expect(statuses).toEqual(Array<number>(10).fill(200));
      for (const server of [a, b]) {
        const refused = await shopSettings(server, shop.token);
        expectError(refused, 429);
        expect(refused.body.message).toBe(messages.auth.tooManyRequests);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });
  });

  describe('the login limit', () => {
    const pair = pairForThisSuite();

    it('counts failed logins on both servers together: the sixth from one address is refused on either', async () => {
      const { a, b, prefix } = pair();
      const email = uniqueEmail();
      for (let i = 0; i < 5; i++) {
        const res = await login(i % 2 ? b : a, email, 'wrong');
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      for (const server of [a, b]) {
        const res = await login(server, email, 'wrong');
        expectError(res, 429);
        expect(res.body.message).toBe(messages.auth.tooManyAttempts(15));
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
      }
      // The counters live in Redis, under REDIS_PREFIX (deployments sharing a Redis never mix theirs): the five
      // failures, three made on one server and two on the other, for the account, and for it at this address.
      expect(await redis.get(`${prefix}:limit:loginFailuresPerAccount:${email}`)).toBe('5');
      expect(await redis.get(`${prefix}:limit:loginFailuresPerAccountAddress:${email}|127.0.0.1`)).toBe('5');
    });
  });
});

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`a server whose Redis does not answer (${testEngine})`, () => {
  let server: TestServer;
  let log = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server = await startServer(
      { REDIS_URL: `redis://127.0.0.1:${await deadPort()}`, LOG_LEVEL: 'warn' },
      { logStream: stream },
    );
  });
  afterAll(() => server.close());

  it('still serves, still limits on its own, and says so in the log', async () => {
    expect((await call(server, 'health')).status).toBe(200);
    const shop = await buildShop(server);
    expect((await shopSettings(server, shop.token)).status).toBe(200);

    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await login(server, email, 'wrong')).status).toBe(401);
    const refused = await login(server, email, 'wrong');
    expectError(refused, 429);
    expect(refused.body.message).toBe(messages.auth.tooManyAttempts(15));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);

    const warnings = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg.startsWith('Redis does not answer'));
    // One warning for the outage, not one per reconnection attempt.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
  });
});
