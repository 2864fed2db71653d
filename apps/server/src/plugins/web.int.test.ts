import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testEngine, type TestServer } from '../../test/harness.ts';

describe(`serving the web app (${testEngine})`, () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cardstock</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    server = await startServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html for the root and every client route, never cached', async () => {
    for (const route of ['/', '/home', '/inventory-management', '/no/such/page']) {
      const res = await server.request('GET', route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers a storefront of no public shop with the app, as a 404 (the page says Shop Not Found)', async () => {
    const res = await server.request('GET', '/shop/demo?page=2');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<div id="root">');
    expect(res.text).not.toContain('storefront-data');
  });

  it('serves hashed assets for a year and a missing one as 404', async () => {
    const js = await server.request('GET', '/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await server.request('GET', '/assets/index-gone.js');
    expect(missing.status).toBe(404);
  });

  it('serves files of a rebuilt web app without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'index-new456.js'), 'console.log(2)');
    const js = await server.request('GET', '/assets/index-new456.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log(2)');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await server.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});
