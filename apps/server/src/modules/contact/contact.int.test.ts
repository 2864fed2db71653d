import http from 'node:http';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/client.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { startSmtpServer, waitForMail } from '../../../test/smtp.ts';

const valid = {
  name: 'Ann Reader',
  email: 'ann@example.com',
  message: 'Do you buy collections?',
  turnstileToken: 'tok',
};

async function storedCount(server: TestServer): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`POST /api/contactus (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@shop-support.test' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('stores the message and mails it to the support address', async () => {
    const res = await call(server, 'contactUs', valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.contact.success });
    const row = await server.ctx.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ann Reader', email: 'ann@example.com', message: 'Do you buy collections?' });
    const mail = await waitForMail(smtp.mails, (m) => m.raw.includes('Do you buy collections?'));
    expect(mail.to).toEqual(['help@shop-support.test']);
    expect(mail.raw).toMatch(/Reply-To: ann@example\.com/i);
    expect(mail.raw).toContain('Subject: Contact form: Ann Reader');
  });

  it('trims the fields it stores', async () => {
    await call(server, 'contactUs', { ...valid, name: '  Bo  ', message: ' trimmed please ' });
    const row = await server.ctx.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Bo');
    expect(row.message).toBe('trimmed please');
  });

  const refusals: [string, unknown, number, RegExp][] = [
    ['missing fields', { name: 'Ann' }, 400, /Email is required\. Message is required\. CAPTCHA token is required\./],
    ['blank fields', { ...valid, name: '   ', message: '' }, 400, /Name is required\. Message is required\./],
    ['a number for the name', { ...valid, name: 42 }, 400, /Name must be text\./],
    ['an array for the e-mail', { ...valid, email: ['a@b.co'] }, 400, /Email must be text\./],
    ['a malformed e-mail', { ...valid, email: 'not-an-email' }, 400, /Email must be a valid e-mail address\./],
    ['a too long message', { ...valid, message: 'x'.repeat(5001) }, 400, /Message must be at most 5000 characters\./],
    ['a JSON array body', [valid], 400, /^The request body must be a JSON object of named fields\.$/],
    ['a null body', null, 400, /./],
  ];
  it.each(refusals)('refuses %s with a clear 4xx and stores nothing', async (_label, body, status, pattern) => {
    const before = await storedCount(server);
    const res = await server.request('POST', '/api/contactus', body);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(pattern);
    // Refused by the schema, field by field: the kind is VALIDATION, with the issues listed.
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.any(String) })]));
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(await storedCount(server)).toBe(before);
  });

  it('refuses bad JSON with 400', async () => {
    const before = await storedCount(server);
    const res = await server.request('POST', '/api/contactus', '{"name": "Ann",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
    expect(await storedCount(server)).toBe(before);
  });

  it('refuses a 1 MB body with 413', async () => {
    const before = await storedCount(server);
    const res = await server.request('POST', '/api/contactus', { ...valid, message: 'x'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedCount(server)).toBe(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await fetch(`${server.url}/api/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: 'Unsupported content type: send JSON.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});

describe(`POST /api/contactus with Turnstile verification (${testEngine})`, () => {
  let server: TestServer;
  let verifier: http.Server;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    // A local server speaking Turnstile's siteverify protocol: form in, JSON out.
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        const ok = form.get('response') === 'human-token' && form.get('secret') === 'sekrit';
        res.end(JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const address = verifier.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    server = await startServer({
      CAPTCHA_MODE: 'turnstile',
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'sekrit',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${address.port}/siteverify`,
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((r) => verifier.close(r));
  });

  it('accepts a token the verifier confirms', async () => {
    const res = await call(server, 'contactUs', { ...valid, turnstileToken: 'human-token' });
    expect(res.status).toBe(200);
    expect(seen.at(-1)?.get('remoteip')).toBe('127.0.0.1');
  });

  it('refuses a token the verifier rejects and stores nothing', async () => {
    const before = await storedCount(server);
    const res = await call(server, 'contactUs', { ...valid, turnstileToken: 'robot' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.server.captchaFailed, code: 'BAD_REQUEST' });
    expect(await storedCount(server)).toBe(before);
  });
});
