import { errorCodes } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectOk } from '../../../test/client.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

describe(`system endpoints (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers health and readiness with the engine in use', async () => {
    const health = await call(server, 'health');
    expectOk(health);
    expect(health.body.status).toBe('ok');
    const ready = await call(server, 'ready');
    expectOk(ready);
    expect(ready.body).toEqual({ status: 'ready', database: testEngine });
  });

  it('answers 503 on readiness once the database is gone', async () => {
    const other = await startServer();
    await other.ctx.db.destroy();
    const ready = await call(other, 'ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ message: 'The database is not reachable.', code: 'UNAVAILABLE' });
    await other.app.close().catch(() => undefined);
  });

  it('serves Prometheus metrics that count requests per route', async () => {
    await call(server, 'health');
    const res = await server.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(res.text).toContain('process_cpu_user_seconds_total');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await server.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const contact = res.body.paths['/api/contactus'].post;
    expect(Object.keys(contact.requestBody.content['application/json'].schema.properties)).toEqual([
      'name',
      'email',
      'message',
      'turnstileToken',
    ]);
    // Every refusal is documented: `{ message, code, errors?, candidates? }`, code one of the contract's names
    // (candidates: quick add's AMBIGUOUS_CODE, issue 41).
    const refusal = contact.responses.default.content['application/json'].schema;
    expect(Object.keys(refusal.properties)).toEqual(['message', 'code', 'errors', 'candidates']);
    expect(refusal.required).toEqual(['message']);
    expect(refusal.properties.code.enum).toEqual([...errorCodes]);
    const ui = await server.request('GET', '/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('sends a strict Content-Security-Policy that allows Scryfall images and Turnstile', async () => {
    const res = await call(server, 'health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cards\.scryfall\.io/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/c1\.scryfall\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('tags every answer with a request id, keeping a well-formed one the client sent', async () => {
    const res = await call(server, 'health', {}, { headers: { 'x-request-id': 'client-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('client-abc-123');
    const generated = await call(server, 'health', {}, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const res = await fetch(`${server.url}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // Read to the end: an answer left half-sent keeps its connection busy, and closing the server waits for it.
    expect(JSON.parse(await res.text())).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('tells the web app its captcha mode and support address', async () => {
    const res = await call(server, 'publicConfig');
    expect(res.body).toMatchObject({ captcha_mode: 'test', support_email: 'support@cardstock.local' });
  });

  it('says whether a public address is configured, so the owner is told links would point at localhost', async () => {
    // This server has no PUBLIC_URL: its links use the local default, and the answer says so (issue 38).
    const unset = await call(server, 'publicConfig');
    expectOk(unset);
    expect(unset.body).toMatchObject({ public_url_configured: false });
    expect(unset.body.public_url).toMatch(/^http:\/\/localhost:/);
    const configured = await startServer({ PUBLIC_URL: 'https://cards.example.com/' });
    try {
      const set = await call(configured, 'publicConfig');
      expectOk(set);
      expect(set.body).toMatchObject({ public_url: 'https://cards.example.com', public_url_configured: true });
    } finally {
      await configured.close();
    }
  });
});
