import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/** The links in the mails the outbox holds so far, quoted-printable undone. */
function mailedLinks(server: TestServer): string[] {
  const outbox = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((f) =>
      fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '='),
    )
    .flatMap((text) => text.match(/https?:\/\/\S+/g) ?? []);
}

describe(`what the log never holds (${testEngine})`, () => {
  let server: TestServer;
  let log = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // No SMTP: mail goes to the outbox, whose log line is the one a developer reads.
    server = await startServer({ LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '100' }, { logStream: stream });
  });
  afterAll(() => server.close());

  it('keeps passwords, session and device tokens, pairing codes, reset and invitation links out of the log', async () => {
    const shop = await buildShop(server);
    const login = await server.request('POST', '/api/login', {
      email: shop.email,
      password: shop.password,
      turnstileToken: 'test-token',
    });
    expect(login.status).toBe(200);
    const session = login.body.token as string;
    await server.request(
      'POST',
      '/api/shop/inventory',
      { page: '1', filter: '' },
      { authorization: `Bearer ${session}` },
    );
    await server.request('POST', '/api/shop/settings/get', { token: session });

    await server.request('POST', `/api/forgot-password?email=${encodeURIComponent(shop.email)}`);
    const invited = await server.request('POST', '/api/team/invite', {
      token: session,
      name: 'New Hire',
      email: 'hire@example.com',
      role: 'Employee',
    });
    expect(invited.status, invited.text).toBe(200);
    const links = mailedLinks(server);
    const oneTimeTokens = links.map((l) => new URL(l).searchParams.get('token')).filter((t): t is string => Boolean(t));
    expect(oneTimeTokens.length, `links: ${links.join(' ')}`).toBeGreaterThanOrEqual(2);
    // Someone opens the links: the pages' requests are logged, their tokens are not.
    for (const link of links) await fetch(server.url + new URL(link).pathname + new URL(link).search);

    const code = (
      await server.request('POST', '/api/user/create_code', { auth_token: session, device_name: 'Front desk' })
    ).body.data.code as string;
    const paired = await server.request('POST', '/api/device/pair', { code, serial_number: 'TAB-LOG-1' });
    const deviceToken = paired.body.device_token as string;
    await server.request('POST', '/api/device/session', {}, { authorization: `Bearer ${deviceToken}` });
    await server.request('GET', `/pair?code=${code}`);

    await new Promise((r) => setTimeout(r, 50));
    // One line a request, with who asked what.
    expect(log).toContain('request completed');
    expect(log).toMatch(/"req":\{"method":"POST","url":"\/api\/device\/session"/);
    expect(log).toContain('mail written to outbox');
    for (const secret of [shop.password, shop.token, session, deviceToken, code, ...oneTimeTokens]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `the log holds ${secret.slice(0, 6)}… (encoded)`).toBe(false);
    }
  });

  it('holds no error when browsers leave in the middle of a compressed download', async () => {
    // A web app whose script is big enough to still be on its way when the browser leaves.
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    const lines = Array.from({ length: 200_000 }, (_, i) => `export const value${i} = ${i * 7919};`);
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), lines.join('\n'));
    let webLog = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (webLog += chunk.toString()));
    const withWeb = await startServer({ LOG_LEVEL: 'info', WEB_DIST: web }, { logStream: stream });
    try {
      const leaveEarly = () =>
        new Promise<void>((resolve, reject) => {
          const req = http.get(`${withWeb.url}/assets/app.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            expect(res.headers['content-encoding']).toBe('gzip');
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
        });
      for (let i = 0; i < 10; i++) await leaveEarly();
      await new Promise((r) => setTimeout(r, 200));
      expect(webLog).toContain('request completed');
      expect(errorLines(webLog)).toEqual([]);
      expect((await withWeb.request('GET', '/api/health')).status).toBe(200);
    } finally {
      await withWeb.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});

/** The log's lines at error level or worse (pino's 50 and 60). */
const errorLines = (log: string): string[] =>
  log
    .split('\n')
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
