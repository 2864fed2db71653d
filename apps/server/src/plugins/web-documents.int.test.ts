import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../test/harness.ts';

/**
 * `npm run build` empties apps/web/dist and writes it again under a running server. The HTML documents come from
 * memory, read when the server was built, so no page answers a 404 while (or after) that happens.
 */
describe(`the web app's documents across a rebuild (${testEngine})`, () => {
  let server: TestServer;
  // A copy of the web app's own documents, so this test can delete them without touching the real build.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-web-documents-'));
  const subdomain = `docs-${Date.now().toString(36)}`;

  const expectDocument = async (route: string, script: string) => {
    const res = await server.request('GET', route);
    expect(res.status, route).toBe(200);
    expect(res.headers.get('content-type'), route).toContain('text/html');
    expect(res.headers.get('cache-control'), route).toBe('no-cache');
    expect(res.text, route).toContain(`src="${script}"`);
    return res.text;
  };

  beforeAll(async () => {
    for (const file of ['index.html', 'storefront.html'])
      fs.copyFileSync(new URL(`../../../web/${file}`, import.meta.url), path.join(dist, file));
    server = await startServer({ WEB_DIST: dist });
    const shop = await buildShop(server);
    const settings = await server.request('POST', '/api/shop/settings', {
      token: shop.token,
      subdomain,
      shop_hidden: 0,
    });
    expect(settings.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the home page, a client route and a shop’s page with their documents after dist is emptied', async () => {
    for (const entry of fs.readdirSync(dist)) fs.rmSync(path.join(dist, entry), { recursive: true });

    await expectDocument('/', '/src/main.tsx');
    await expectDocument('/login', '/src/main.tsx');
    const shopPage = await expectDocument(`/shop/${subdomain}`, '/src/storefront-main.tsx');
    expect(shopPage).toContain('<script id="storefront-data" type="application/json">');
    // A shop that does not exist is still the storefront's own 404 page, not the API's bare one.
    const unknown = await server.request('GET', '/shop/no-such-shop');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('src="/src/storefront-main.tsx"');
  });

  it('keeps answering the documents it started with while dist is written again', async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Half written');
    fs.writeFileSync(path.join(dist, 'storefront.html'), '');

    await expectDocument('/', '/src/main.tsx');
    await expectDocument(`/shop/${subdomain}?page=1`, '/src/storefront-main.tsx');
  });

  it('answers a shop’s order status page with the storefront’s document, with no banner or cards to adopt', async () => {
    for (const route of [`/shop/${subdomain}/order`, `/shop/${subdomain}/order/20261125-1-0-1?x=1`]) {
      const page = await expectDocument(route, '/src/storefront-main.tsx');
      // The status page draws itself: a banner or inlined page here would be adopted as the wrong page.
      expect(page, route).toContain('<div id="root"></div>');
      expect(page, route).not.toContain('storefront-data');
    }
    // On the shop's own host the status page is /order.
    const own = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      // fetch() will not send another Host header; node:http will.
      http
        .get(`${server.url}/order?number=1`, { headers: { host: `${subdomain}.localhost` } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        })
        .on('error', reject);
    });
    expect(own.status).toBe(200);
    expect(own.text).toContain('src="/src/storefront-main.tsx"');
    expect(own.text).toContain('<div id="root"></div>');
    // No such shop: the storefront's 404, as for its page of cards.
    const unknown = await server.request('GET', '/shop/no-such-shop/order');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('src="/src/storefront-main.tsx"');
  });

  it('answers a shop’s "We buy" page with the storefront’s document, which draws it; /buylist stays staff’s elsewhere', async () => {
    const page = await expectDocument(`/shop/${subdomain}/buylist?page=2`, '/src/storefront-main.tsx');
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('storefront-data');
    const own = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      http
        .get(`${server.url}/buylist`, { headers: { host: `${subdomain}.localhost` } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        })
        .on('error', reject);
    });
    expect(own.status).toBe(200);
    expect(own.text).toContain('src="/src/storefront-main.tsx"');
    expect(own.text).toContain('<div id="root"></div>');
    // The app's own host: /buylist is the staff Buylist screen, in the app's document.
    await expectDocument('/buylist', '/src/main.tsx');
    const unknown = await server.request('GET', '/shop/no-such-shop/buylist');
    expect(unknown.status).toBe(404);
  });
});
