import { limits, messages } from '@cardstock/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/client.ts';
import { buildShop, uniqueEmail } from '../../../test/factories.ts';
import { productionEnv, startServer, testEngine, type TestServer } from '../../../test/harness.ts';

const preflight = (server: TestServer, origin: string) =>
  fetch(`${server.url}/api/shop/inventory`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe(`hardening (${testEngine})`, () => {
  let closed: TestServer;
  let open: TestServer;

  beforeAll(async () => {
    closed = await startServer();
    open = await startServer({ CORS_ORIGINS: 'https://pos.example.com, https://till.example.com' });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  it('keeps CORS closed by default: no other site’s page may read an answer', async () => {
    const pre = await preflight(closed, 'https://evil.example');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${closed.url}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens CORS to exactly the origins CORS_ORIGINS names', async () => {
    const allowed = await preflight(open, 'https://till.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://till.example.com');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    const other = await preflight(open, 'https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an oversized JSON body with 413 and a sentence, and keeps serving', async () => {
    const shop = await buildShop(closed);
    const huge = JSON.stringify({ token: shop.token, page: '1', filter: 'x'.repeat(limits.jsonBodyLimitBytes) });
    const res = await closed.request('POST', '/api/shop/inventory', huge);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: messages.server.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect((await closed.request('GET', '/api/health')).status).toBe(200);
  });

  it('answers a broken multipart upload with 400 and a sentence, not a server error', async () => {
    const shop = await buildShop(closed);
    const res = await fetch(`${closed.url}/api/shop/inventory/csv/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nQuantity,Name',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: messages.server.malformedMultipart, code: 'BAD_REQUEST' });
  });

  it.runIf(testEngine === 'postgres')(
    'keeps serving when PostgreSQL ends its idle connections (a restart or failover)',
    async () => {
      const shop = await buildShop(closed);
      const list = () =>
        closed.request('POST', '/api/shop/inventory', { Authorization: shop.token, page: '1', filter: '' });
      expect((await list()).status).toBe(200);

      const database = new URL(closed.databaseEnv.DATABASE_URL!).pathname.slice(1);
      const admin = new pg.Client({
        connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      // The pool hears of its dead connections (an unheard 'error' would end the process) ...
      await new Promise((resolve) => setTimeout(resolve, 200));
      // ... and the next calls get new ones.
      expect((await list()).status).toBe(200);
      expect((await list()).status).toBe(200);
    },
  );
});

describe(`client addresses and proxies (${testEngine})`, () => {
  const production = productionEnv;
  /** Eleven password-reset requests (ten per address are allowed), each naming another address. */
  const forgotFromEverywhere = async (server: TestServer, same = false) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const headers = { 'x-forwarded-for': same ? '198.51.100.1' : `203.0.113.${i + 1}` };
      statuses.push((await call(server, 'forgotPassword', { email: uniqueEmail() }, { headers })).status);
    }
    return statuses;
  };

  it('in production without TRUST_PROXY, believes no X-Forwarded-For: a client cannot reset its limits', async () => {
    const server = await startServer(production);
    try {
      const statuses = await forgotFromEverywhere(server);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, counts each client by the address the proxy gives', async () => {
    for (const trust of ['127.0.0.1', 'loopback', '1']) {
      const server = await startServer({ ...production, TRUST_PROXY: trust });
      try {
        expect(await forgotFromEverywhere(server), trust).toEqual(Array(11).fill(200));
        // One client behind the proxy still has ten.
        expect(await forgotFromEverywhere(server, true), trust).toEqual([...Array(10).fill(200), 429]);
      } finally {
        await server.close();
      }
    }
  });

  it('with a proxy trusted, an address a client puts before the proxy’s own is not believed', async () => {
    const server = await startServer({ ...production, TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        // The client wrote the first entry; the one proxy appended the address it saw.
        const headers = { 'x-forwarded-for': `10.9.9.${i}, 203.0.113.77` };
        statuses.push((await call(server, 'forgotPassword', { email: uniqueEmail() }, { headers })).status);
      }
      expect(statuses[10]).toBe(429);
    } finally {
      await server.close();
    }
  });
});
