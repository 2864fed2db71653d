import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { STOREFRONT_PAGE_SIZE } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectOk, type CallInput } from '../../../test/client.ts';
import { catalog, shop as buildShop, stock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { openDatabase } from '../../db/database.ts';

type Card = { id: string; name: string; finishes: string[] };
const cards = fixtureCardLines(3000)
  .map((l) => JSON.parse(l) as Card)
  .filter((c) => c.finishes.includes('nonfoil'))
  .slice(0, STOREFRONT_PAGE_SIZE + 5);

describe(`public storefront (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  const subdomain = `front-${Date.now().toString(36)}`;
  const storefront = (input: CallInput<'publicInventory'>, headers: Record<string, string> = {}) =>
    call(server, 'publicInventory', input, { headers });
  const settings = (shopHidden: 0 | 1) =>
    api(server, shop).call('settingsSave', {
      subdomain,
      shop_hidden: shopHidden,
      shop_description: 'Singles since 1999.',
    });
  const website = (input: CallInput<'shopWebsiteInventory'>, token?: string) =>
    call(server, 'shopWebsiteInventory', input, { token });

  beforeAll(async () => {
    // The web app's own documents as templates, without building the app.
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'front-web-'));
    for (const file of ['index.html', 'storefront.html'])
      fs.copyFileSync(new URL(`../../../../web/${file}`, import.meta.url), path.join(web, file));
    server = await startServer({ RATE_LIMIT_SCALE: '100', WEB_DIST: web });
    await catalog(server, 3000);
    shop = await buildShop(server);
    await stock(
      server,
      shop,
      cards.map((card) => ({ card: card.id, quantity: 2 })),
    );
  });
  afterAll(() => server.close());

  it('answers a private or unknown shop as not found', async () => {
    await settings(1);
    for (const name of [subdomain, 'no-such-shop']) {
      const res = await storefront({ subdomain: name, page: '1' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Shop not found', code: 'NOT_FOUND' });
    }
  });

  it('pages a public shop’s cards in name order with prices, stock and finish', async () => {
    await settings(0);
    const first = await storefront({ subdomain: subdomain.toUpperCase(), page: '1' });
    expectOk(first);
    expect(first.body).toMatchObject({
      shop_name: shop.shopName,
      shop_info: { shop_description: 'Singles since 1999.' },
      total_pages: 2,
      page: 1,
    });
    expect(first.body.inventory).toHaveLength(STOREFRONT_PAGE_SIZE);
    expect(first.body.inventory[0]).toEqual({
      id: expect.any(Number),
      card_name: expect.any(String),
      card_scryfallid: expect.any(String),
      image_url: expect.toBeOneOf([null, expect.any(String)]),
      card_manaCost: expect.toBeOneOf([null, expect.any(String)]),
      card_setCode: expect.stringMatching(/^[A-Z0-9]+$/),
      price: expect.toBeOneOf([null, expect.any(Number)]),
      inv_quantity: 2,
      inv_finish: 'nonfoil',
      inv_quality: 'NM',
      inv_language: 'en',
      inv_signed: false,
      inv_altered: false,
    });
    const second = bodyOf(await storefront({ subdomain, page: '2' }));
    expect(second.inventory).toHaveLength(cards.length - STOREFRONT_PAGE_SIZE);
    const ids = [...first.body.inventory, ...second.inventory].map((c) => c.card_scryfallid);
    expect(new Set(ids)).toEqual(new Set(cards.map((c) => c.id)));
    expect(bodyOf(await storefront({ subdomain, page: '9' })).inventory).toEqual([]);
    expect((await storefront({ subdomain, page: '0' })).status).toBe(400);
  });

  it('shows a change another process made (the CLI, another server) within a second', async () => {
    await settings(0);
    const other = openDatabase(server.ctx.config.database);
    try {
      await other.db
        .updateTable('shops')
        .set({ description: 'Changed by another process.' })
        .where('subdomain', '=', subdomain)
        .execute();
    } finally {
      await other.close();
    }
    const changedAt = performance.now();
    let description: unknown;
    while (performance.now() - changedAt < 1500) {
      description = bodyOf(await storefront({ subdomain, page: '1' })).shop_info.shop_description;
      if (description === 'Changed by another process.') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(description).toBe('Changed by another process.');
    await settings(0);
    // This server's own change shows at once.
    expect(bodyOf(await storefront({ subdomain, page: '1' })).shop_info.shop_description).toBe('Singles since 1999.');
  });

  it('answers a revalidation with 304 until the stock changes', async () => {
    const first = await storefront({ subdomain, page: '1' });
    expectOk(first);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await storefront({ subdomain, page: '1' }, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await api(server, shop).call('inventoryEdit', {
      scryfall_id: first.body.inventory[0]!.card_scryfallid,
      finish: 'nonfoil',
      quality: 'NM',
      quantity: 0,
    });
    const changed = await storefront({ subdomain, page: '1' }, { 'if-none-match': etag });
    expectOk(changed);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.inventory[0]?.inv_quantity).toBe(0);
  });

  it('answers the demo shop page’s call by shop name, filtered, with the staff list’s rows', async () => {
    const all = await website({ shopname: shop.shopName, page: '1', filter: '' });
    expectOk(all);
    expect(all.body).toMatchObject({ shop_name: shop.shopName, page: 1, total_pages: 2 });
    expect(all.body.inventory).toHaveLength(50);
    expect(all.body.inventory[0]).toMatchObject({ inv_pkey: expect.any(Number), card_scryfallid: expect.any(String) });
    const name = all.body.inventory[3]!.card_name;
    const filtered = bodyOf(await website({ shopname: shop.shopName, page: '1', filter: name }));
    expect(filtered.inventory.map((r) => r.card_name)).toContain(name);
    expect(filtered.inventory.length).toBeLessThan(50);
    expect((await website({ shopname: 'No Such Shop', page: '1', filter: '' })).status).toBe(404);
  });

  it('serves the shop’s page as a document with its own title and description and that page’s cards inside', async () => {
    const inlined = (html: string) =>
      JSON.parse(/<script id="storefront-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as unknown;
    const doc = await server.request('GET', `/shop/${subdomain}?page=2`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toMatch(/^text\/html/);
    expect(doc.text).toContain(`<title>${shop.shopName} — Cardstock</title>`);
    // The storefront's own light document, not the whole app's.
    expect(doc.text).toContain('src="/src/storefront-main.tsx"');
    expect((await server.request('GET', '/login')).text).toContain('src="/src/main.tsx"');
    expect(doc.text).toContain('<meta name="description" content="Singles since 1999." />');
    // The banner comes drawn, as the page draws it, so it paints before any script runs.
    expect(doc.text).toContain(
      `<div id="root"><div class="storefront"><header class="storefront-banner"><h1>${shop.shopName}</h1><p>Singles since 1999.</p></header></div></div>`,
    );
    expect(inlined(doc.text)).toEqual((await storefront({ subdomain, page: '2' })).body);

    // Storefront mode: the host names the shop; a bad page number falls back to page 1.
    const host = await new Promise<string>((resolve, reject) => {
      // fetch() will not send another Host header; node:http will.
      http
        .get(`${server.url}/?page=abc`, { headers: { host: `${subdomain}.localhost` } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(inlined(host)).toEqual((await storefront({ subdomain, page: '1' })).body);

    const unknown = await server.request('GET', '/shop/no-such-shop');
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('storefront-data');
    const home = await server.request('GET', '/');
    expect(home.text).toContain('<title>Cardstock</title>');
  });

  it('sends the page brotli- or gzip-encoded as the browser accepts, the same answer and validator', async () => {
    const raw = (acceptEncoding: string, extra: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.request(
          `${server.url}/api/public/shop/inventory`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding, ...extra },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ subdomain, page: '1' }));
      });
    await settings(0);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const answer = JSON.parse(plain.body.toString('utf8')) as unknown;

    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(answer);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gzip = await raw('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(answer);

    // One validator for every encoding: what a browser kept revalidates whichever way it came.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect((await raw('br', { 'if-none-match': br.headers.etag! })).status).toBe(304);
  });

  it('keeps markup out of the drawn banner and the inlined page: a description cannot close the script', async () => {
    const sneaky = `</script><script>alert(1)</script> & "quotes" $' $&`;
    await api(server, shop).call('settingsSave', { subdomain, shop_hidden: 0, shop_description: sneaky });
    const doc = await server.request('GET', `/shop/${subdomain}`);
    expect(doc.text).not.toContain('<script>alert(1)');
    const escaped = `&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; $&#39; $&amp;`;
    expect(doc.text).toContain(`content="${escaped}"`);
    expect(doc.text).toContain(`<p>${escaped}</p></header>`);
    const data = /<script id="storefront-data" type="application\/json">(.*?)<\/script>/s.exec(doc.text)![1]!;
    expect((JSON.parse(data) as { shop_info: { shop_description: string } }).shop_info.shop_description).toBe(sneaky);
    await settings(0);
  });

  it('disappears again when the shop goes private', async () => {
    await settings(1);
    expect((await storefront({ subdomain, page: '1' })).status).toBe(404);
    const page = await website({ shopname: shop.shopName, page: '1' });
    expect(page.status).toBe(404);
  });

  it('still shows a private shop’s page to its own staff, and to no other shop’s', async () => {
    // The route's body has no token field: the client sends each token as `Authorization: Bearer`.
    const body = { shopname: shop.shopName, page: '1', filter: '' };
    const own = await website(body, shop.token);
    expectOk(own);
    expect(own.body.inventory).toHaveLength(50);
    const other = await buildShop(server, { shop_name: 'Another Shop Entirely' });
    const foreign = await website(body, other.token);
    expect(foreign.status).toBe(404);
    const namesake = await buildShop(server, { shop_name: shop.shopName });
    const mine = await website(body, namesake.token);
    expect(mine.status, 'a namesake shop sees its own (empty) page').toBe(200);
    expect(bodyOf(mine).inventory).toHaveLength(0);
    const stale = await website(body, 'nonsense');
    expect(stale.status).toBe(404);
  });
});
