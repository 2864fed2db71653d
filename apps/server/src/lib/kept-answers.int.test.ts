import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@cardstock/contract';
import { api, bodyOf } from '../../test/client.ts';
import { catalog, shop as buildShop, type Shop } from '../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../test/harness.ts';
import { openDatabase } from '../db/database.ts';
import type { FixtureCard } from '@cardstock/fixtures';

/**
 * Kept answers go out compressed once and are sent again as they are (lib/route.ts, `Serialized.encodedAs`). What a
 * client gets must still be what it asked for: never an encoding its `Accept-Encoding` did not allow, never the
 * answer from before a stock change (issue 43).
 */
describe(`kept answers and their encodings (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let cards: FixtureCard[];
  const subdomain = `kept-${Date.now().toString(36)}`;
  /** The first letters of a stocked card's name: suggestions and searches as typed. */
  let typed = '';

  /** A call as a browser or another client sends it, the answer's bytes decoded by its own `content-encoding`. */
  const raw = (path: string, body: unknown, acceptEncoding?: string) =>
    new Promise<{ status: number; encoding: string | undefined; vary: string; json: unknown }>((resolve, reject) => {
      const req = http.request(
        server.url + path,
        {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            'content-type': 'application/json',
            ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            try {
              const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync }[
                encoding ?? ''
              ];
              const text = (decode ? decode(bytes) : bytes).toString('utf8');
              resolve({
                status: res.statusCode!,
                encoding,
                vary: String(res.headers.vary ?? ''),
                json: JSON.parse(text),
              });
            } catch (err) {
              reject(new Error(`${path}: an answer in ${encoding ?? 'identity'} that does not decode: ${String(err)}`));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });

  /** Each kept answer's call: its path and body (a GET has none). */
  const kept = () => [
    { name: 'storefront page', path: routes.publicInventory.path, body: { subdomain, page: '1' } },
    {
      name: 'staff inventory list',
      path: routes.inventoryList.path,
      body: { Authorization: shop.token, page: '1', filter: '' },
    },
    { name: 'live search', path: routes.search.path, body: { token: shop.token, q: 'is:nonfoil' } },
    { name: 'shop suggestions', path: routes.shopSuggest.path, body: { token: shop.token, q: typed } },
    { name: 'card search', path: `${routes.cardSearch.path}?q=${typed}`, body: undefined },
    { name: 'catalog suggestions', path: `${routes.suggest.path}?q=${typed}`, body: undefined },
  ];

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    cards = await catalog(server);
    shop = await buildShop(server);
    const owner = api(server, shop);
    // Enough rows that every answer is past the size below which answers go out uncompressed.
    const stocked = cards.filter((c) => c.prices.usd !== null).slice(0, 40);
    typed = stocked[0]!.name.slice(0, 3).toLowerCase();
    for (const card of stocked)
      bodyOf(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 2, foil: false, quality: 'NM' }));
    bodyOf(await owner.call('settingsSave', { subdomain, shop_hidden: 0 }));
  });
  afterAll(() => server.close());

  it('answers each client in an encoding it accepts, whichever client made the kept answer first', async () => {
    let compressed = 0;
    for (const { name, path, body } of kept()) {
      // A browser first: the brotli answer is made and kept (an answer under 1 KB goes out as it is).
      const br = await raw(path, body, 'gzip, deflate, br');
      expect(br.status, name).toBe(200);
      const small = Buffer.byteLength(JSON.stringify(br.json)) < 1024;
      expect(br.encoding, name).toBe(small ? undefined : 'br');
      if (!small) compressed++;
      expect(br.vary, name).toContain('accept-encoding');
      // Then clients that do not accept brotli get the same answer, never the kept brotli bytes.
      // Each client's header, and the encodings it may get (the first one when the answer is compressed at all).
      for (const [accept, allowed] of [
        [undefined, [undefined]],
        ['identity', [undefined]],
        ['gzip', ['gzip']],
        ['br;q=0, gzip;q=0.8', ['gzip']],
        ['deflate', [undefined, 'deflate']],
        ['BR;q=0', [undefined]],
      ] as const) {
        const other = await raw(path, body, accept);
        expect(other.status, name).toBe(200);
        const may: readonly (string | undefined)[] = small ? [undefined] : allowed;
        expect(may, `${name}, Accept-Encoding: ${accept}, answered in ${other.encoding}`).toContain(other.encoding);
        expect(other.json, `${name}, Accept-Encoding: ${accept}`).toEqual(br.json);
      }
    }
    // The storefront page, the staff list, the live search and the card search are well past 1 KB here.
    expect(compressed).toBeGreaterThanOrEqual(4);
  });

  it('sends no kept compressed answer from before a stock change', async () => {
    const owner = api(server, shop);
    const card = cards.find((c) => c.prices.usd !== null)!;
    const copiesIn = (json: unknown) => JSON.stringify(json).match(/"(?:quantity|inv_quantity|qty)":(\d+)/g);
    for (const accept of ['br', 'gzip']) {
      const before = kept()
        .slice(0, 3)
        .map(async ({ path, body }) => (await raw(path, body, accept)).json);
      const answers = await Promise.all(before);
      const quantity = accept === 'br' ? 7 : 9;
      bodyOf(await owner.call('inventoryEdit', { scryfall_id: card.id, finish: 'nonfoil', quality: 'NM', quantity }));
      for (const [i, { name, path, body }] of kept().slice(0, 3).entries()) {
        const after = await raw(path, body, accept);
        expect(after.encoding, name).toBe(accept);
        expect(after.json, `${name} (${accept}) after the edit`).not.toEqual(answers[i]);
        expect(JSON.stringify(after.json), name).toContain(card.name);
        expect(
          copiesIn(after.json)?.some((q) => q.endsWith(`:${quantity}`)),
          `${name} shows ${quantity} copies`,
        ).toBe(true);
      }
    }
  });

  it('keeps the pending queue only until an order of the shop is written, by this server or any other', async () => {
    const owner = api(server, shop);
    const card = cards.find((c) => c.prices.usd !== null)!;
    const queue = async () => {
      const answer = await raw(routes.pendingOrders.path, { token: shop.token }, 'gzip, deflate, br');
      expect(answer.status).toBe(200);
      return (answer.json as { data: { orders: { order_number: string; source: string }[] } }).data.orders;
    };
    const before = await queue();
    const placed = bodyOf(
      await owner.call('placeOrder', { items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }] }),
    );
    const number = placed.order_number;
    expect((await queue()).map((o) => o.order_number)).toEqual([...before.map((o) => o.order_number), number]);
    // An operator's write through this process's handle shows at once.
    await server.ctx.db
      .updateTable('orders')
      .set({ source_name: 'Counter 2' })
      .where('order_number', '=', number)
      .execute();
    expect((await queue()).find((o) => o.order_number === number)?.source).toBe('Counter 2');
    // Another server writes the order, on a connection of its own: nothing in this process hears of it, the database
    // does, and the kept orders version is read again within a second.
    const other = openDatabase(server.ctx.config.database);
    try {
      await other.db
        .updateTable('orders')
        .set({ source_name: 'Counter 3' })
        .where('order_number', '=', number)
        .execute();
    } finally {
      await other.close();
    }
    const shownBy = Date.now() + 2_000;
    let source = (await queue()).find((o) => o.order_number === number)?.source;
    while (source !== 'Counter 3' && Date.now() < shownBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      source = (await queue()).find((o) => o.order_number === number)?.source;
    }
    expect(source, 'another server’s write shows on this one within a second').toBe('Counter 3');
    bodyOf(await owner.call('rejectOrder', { order_number: number, reason: 'test' }));
    expect((await queue()).map((o) => o.order_number)).not.toContain(number);

    // The queue names an order's customer from the customers table: renaming them is a change of the queue too.
    const customer = { name: 'Sam Rivera', email: `sam-${Date.now()}@example.com` };
    const { id } = bodyOf(await owner.call('customersCreate', { customer })).customer;
    const forSam = bodyOf(
      await owner.call('placeOrder', {
        items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }],
        customer_id: id,
      }),
    ).order_number;
    const named = async () =>
      ((await queue()) as { order_number: string; customer_name?: string | null }[]).find(
        (o) => o.order_number === forSam,
      )?.customer_name;
    expect(await named()).toBe('Sam Rivera');
    bodyOf(await owner.call('customersUpdate', { customer_id: id, customer: { ...customer, name: 'Sam Okafor' } }));
    expect(await named()).toBe('Sam Okafor');
  });
});
