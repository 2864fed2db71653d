import fs from 'node:fs';
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
    expect(log).toContain('incoming request');
    expect(log).toContain('mail written to outbox');
    for (const secret of [shop.password, shop.token, session, deviceToken, code, ...oneTimeTokens]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `the log holds ${secret.slice(0, 6)}… (encoded)`).toBe(false);
    }
  });
});
