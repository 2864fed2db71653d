import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STOREFRONT_PAGE_SIZE, type StorefrontSort } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectOk, type CallInput } from '../../../test/client.ts';
import { addPlatformStaff, catalog, publicShop, shop as buildShop, stock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';

/** A fixture printing by name and set (the fixture is fixed: these are real Scryfall printings). */
const printing = (cards: FixtureCard[], name: string, set: string) => {
  const card = cards.find((c) => c.name === name && c.set === set);
  if (!card) throw new Error(`the fixture has no ${name} (${set})`);
  return card;
};

describe(`storefront search, filters and sort (${testEngine})`, () => {
  let server: TestServer;
  let owner: Shop & { subdomain: string };
  let cards: FixtureCard[];
  const search = (input: Omit<CallInput<'publicInventory'>, 'subdomain' | 'page'> & { page?: string }) =>
    call(server, 'publicInventory', { subdomain: owner.subdomain, page: '1', ...input });
  const names = async (q: string, sort?: StorefrontSort) =>
    bodyOf(await search({ q, sort })).inventory.map((c) => `${c.card_name} ${c.card_setCode} ${c.inv_finish}`);

  beforeAll(async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'search-web-'));
    for (const file of ['index.html', 'storefront.html'])
      fs.copyFileSync(new URL(`../../../../web/${file}`, import.meta.url), path.join(web, file));
    server = await startServer({ RATE_LIMIT_SCALE: '100', WEB_DIST: web });
    cards = await catalog(server);
    owner = await publicShop(server);
    await stock(server, owner, [
      { card: printing(cards, 'Lightning Bolt', '2x2'), quantity: 2, foil: true },
      { card: printing(cards, 'Lightning Bolt', '2x2'), quantity: 1, quality: 'LP' },
      { card: printing(cards, 'Lightning Bolt', 'fca'), quantity: 3, language: 'de' },
      { card: printing(cards, 'Lightning Bolt', 'tle'), quantity: 1 },
      { card: printing(cards, 'Jötun Grunt', 'csp'), quantity: 1, quality: 'MP' },
      { card: printing(cards, 'Obliterating Bolt', 'bro'), quantity: 1 },
      { card: printing(cards, 'Air Elemental', 'lea'), quantity: 1 },
      { card: printing(cards, "Electro's Bolt", 'om1'), quantity: 1 },
      { card: printing(cards, 'Twin Bolt', 'tdm'), quantity: 1 },
    ]);
  });
  afterAll(() => server.close());

  it('finds name words in any order, whatever their case and accents', async () => {
    const bolts = [
      'Lightning Bolt 2X2 foil',
      'Lightning Bolt 2X2 nonfoil',
      'Lightning Bolt FCA nonfoil',
      'Lightning Bolt TLE nonfoil',
    ];
    expect((await names('bolt lightning')).sort()).toEqual(bolts);
    expect((await names('LIGHTNING Bol')).sort()).toEqual(bolts);
    for (const q of ['jotun', 'JÖTUN grunt', 'grunt jöt'])
      expect(await names(q), q).toEqual(['Jötun Grunt CSP nonfoil']);
    expect(await names('electros')).toEqual(["Electro's Bolt OM1 nonfoil"]);
    const none = bodyOf(await search({ q: 'no such card' }));
    expect(none).toMatchObject({ inventory: [], total_pages: 1, page: 1, total: 0 });
    expect(bodyOf(await search({ q: 'lightning' })).total).toBe(4);
  });

  it('knows the staff search’s terms: set:, c:, t:, r:, is:foil, cond:, lang:', async () => {
    expect((await names('set:2x2')).sort()).toEqual(['Lightning Bolt 2X2 foil', 'Lightning Bolt 2X2 nonfoil']);
    expect(await names('c:u')).toEqual(['Air Elemental LEA nonfoil']);
    expect((await names('t:creature')).sort()).toEqual(['Air Elemental LEA nonfoil', 'Jötun Grunt CSP nonfoil']);
    expect(await names('r:mythic')).toEqual(['Lightning Bolt TLE nonfoil']);
    expect(await names('bolt is:foil')).toEqual(['Lightning Bolt 2X2 foil']);
    expect(await names('IS:FOIL   bolt')).toEqual(['Lightning Bolt 2X2 foil']);
    const lp = bodyOf(await search({ q: 'cond:lp' })).inventory;
    expect(lp.map((c) => [c.card_name, c.inv_quality])).toEqual([['Lightning Bolt', 'LP']]);
    expect(bodyOf(await search({ q: 'cond:mp' })).inventory.map((c) => c.inv_quality)).toEqual(['MP']);
    const german = bodyOf(await search({ q: 'lang:de' })).inventory;
    expect(german.map((c) => [c.card_name, c.card_setCode, c.inv_language])).toEqual([['Lightning Bolt', 'FCA', 'de']]);
  });

  it('tests usd< and usd> on the price the customer pays', async () => {
    const all = bodyOf(await search({})).inventory;
    const under = bodyOf(await search({ q: 'usd<1' })).inventory;
    const expected = all.filter((c) => c.price !== null && c.price < 1).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(under.map((c) => c.id)).toEqual(expected);
    const over = bodyOf(await search({ q: 'usd>=1' })).inventory;
    expect(over.map((c) => c.id)).toEqual(all.filter((c) => c.price !== null && c.price >= 1).map((c) => c.id));
  });

  it('answers a bad term with a 400 naming it, and a too long search with a 400', async () => {
    const bad = await search({ q: 'bolt color:purple' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('color:purple') });
    const long = await search({ q: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION' });
    const sort = await call(server, 'publicInventory', {
      subdomain: owner.subdomain,
      page: '1',
      sort: 'cheap',
    } as never);
    expect(sort.status).toBe(400);
  });

  it('sorts by name, by the customer’s price either way (no price last) and newest stock first', async () => {
    const byName = bodyOf(await search({ sort: 'name' })).inventory;
    expect(byName).toEqual(bodyOf(await search({})).inventory);
    const sortNames = byName.map((c) =>
      c.card_name
        .normalize('NFKD')
        .replace(/[^\w ]/g, '')
        .toLowerCase(),
    );
    expect(sortNames).toEqual([...sortNames].sort());

    const prices = (list: { price: number | null }[]) => list.map((c) => c.price);
    const up = bodyOf(await search({ sort: 'price_asc' })).inventory;
    const down = bodyOf(await search({ sort: 'price_desc' })).inventory;
    const priced = byName.flatMap((c) => (c.price === null ? [] : [c.price]));
    expect(byName.some((c) => c.price === null)).toBe(true);
    const unpriced = byName.filter((c) => c.price === null).map(() => null);
    expect(prices(up)).toEqual([...priced.sort((a, b) => a - b), ...unpriced]);
    expect(prices(down)).toEqual([...priced.sort((a, b) => b - a), ...unpriced]);
    expect(up.slice(-unpriced.length).map((c) => c.card_name)).toContain("Electro's Bolt");

    const newest = bodyOf(await search({ sort: 'newest' })).inventory;
    expect(newest.map((c) => c.id)).toEqual(byName.map((c) => c.id).sort((a, b) => b - a));
    expect(newest[0]!.card_name).toBe('Twin Bolt');

    // A search and an order together.
    expect(prices(bodyOf(await search({ q: 'lightning', sort: 'price_desc' })).inventory)).toEqual(
      prices(down.filter((c) => c.card_name === 'Lightning Bolt')),
    );
  });

  it('sorts by the shop’s own asking price once it sets one, and by its pricing rule', async () => {
    const twin = printing(cards, 'Twin Bolt', 'tdm');
    bodyOf(
      await api(server, owner).call('inventoryEdit', {
        scryfall_id: twin.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 1,
        asking_price: 99.5,
      }),
    );
    const down = bodyOf(await search({ sort: 'price_desc' })).inventory;
    expect(down[0]).toMatchObject({ card_name: 'Twin Bolt', price: 99.5 });
    expect(bodyOf(await search({ q: 'usd>50' })).inventory.map((c) => c.card_name)).toEqual(['Twin Bolt']);

    // LP copies at 10 % of the near-mint price sort below every other priced card.
    bodyOf(
      await api(server, owner).call('settingsSave', {
        subdomain: owner.subdomain,
        shop_hidden: 0,
        pricing: {
          markup_percent: 45,
          condition_percent: { NM: 100, LP: 10, MP: 75, HP: 60, D: 40 },
          floor_cents: 1,
          rounding_cents: 1,
        },
      }),
    );
    const up = bodyOf(await search({ sort: 'price_asc' })).inventory;
    expect(up[0]).toMatchObject({ card_name: 'Lightning Bolt', inv_quality: 'LP' });

    bodyOf(
      await api(server, owner).call('inventoryEdit', {
        scryfall_id: twin.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 1,
        asking_price: null,
      }),
    );
    expect(bodyOf(await search({ q: 'usd>50' })).inventory).toEqual([]);
  });

  it('pages a search: page 2 goes on where page 1 ended, in the same order', async () => {
    const big = await publicShop(server);
    const nonfoil = cards.filter((c) => c.finishes.includes('nonfoil')).slice(0, STOREFRONT_PAGE_SIZE + 10);
    await stock(
      server,
      big,
      nonfoil.map((card) => ({ card, quantity: 1 })),
    );
    await stock(server, big, [{ card: printing(cards, 'Lightning Bolt', '2x2'), quantity: 1, foil: true }]);
    const page = (n: number, sort: StorefrontSort) =>
      call(server, 'publicInventory', { subdomain: big.subdomain, page: String(n), q: 'is:nonfoil', sort });
    for (const sort of ['name', 'price_asc', 'price_desc', 'newest'] as const) {
      const first = bodyOf(await page(1, sort));
      const second = bodyOf(await page(2, sort));
      expect(first).toMatchObject({ page: 1, total_pages: 2, total: nonfoil.length });
      expect(second).toMatchObject({ page: 2, total_pages: 2 });
      expect(first.inventory).toHaveLength(STOREFRONT_PAGE_SIZE);
      const ids = [...first.inventory, ...second.inventory].map((c) => c.card_scryfallid);
      expect(new Set(ids), sort).toEqual(new Set(nonfoil.map((c) => c.id)));
      expect(bodyOf(await page(3, sort)).inventory).toEqual([]);
    }
  });

  it('keeps one answer for every way of typing a search', async () => {
    const first = await search({ q: 'bolt is:foil', sort: 'price_asc' });
    expectOk(first);
    const same = await search({ q: '  IS:FOIL   Bolt ', sort: 'price_asc' });
    expect(same.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(same.body).toEqual(first.body);
    const other = await search({ q: 'bolt', sort: 'price_desc' });
    expect(other.headers.get('etag')).not.toBe((await search({ q: 'bolt', sort: 'price_asc' })).headers.get('etag'));
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('inlines the addressed search’s page into the document, and no page for a bad search', async () => {
    const inlined = (html: string) => {
      const found = /<script id="storefront-data" type="application\/json">(.*?)<\/script>/s.exec(html);
      return found ? (JSON.parse(found[1]!) as unknown) : undefined;
    };
    const doc = await server.request(
      'GET',
      `/shop/${owner.subdomain}?q=${encodeURIComponent('bolt is:foil')}&sort=price_desc`,
    );
    expect(doc.status).toBe(200);
    expect(inlined(doc.text)).toEqual(bodyOf(await search({ q: 'bolt is:foil', sort: 'price_desc' })));
    const sorted = await server.request('GET', `/shop/${owner.subdomain}?sort=newest&page=1`);
    expect(inlined(sorted.text)).toEqual(bodyOf(await search({ sort: 'newest' })));
    // An unknown order is the default one, as the page's script reads it.
    const unknownSort = await server.request('GET', `/shop/${owner.subdomain}?sort=cheapest`);
    expect(inlined(unknownSort.text)).toEqual(bodyOf(await search({})));
    const bad = await server.request('GET', `/shop/${owner.subdomain}?q=${encodeURIComponent('c:purple')}`);
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('src="/src/storefront-main.tsx"');
    expect(inlined(bad.text)).toBeUndefined();
  });

  it('answers a private, suspended or unknown shop as not found, whatever the search', async () => {
    const hidden = await publicShop(server);
    await stock(server, hidden, [{ card: printing(cards, 'Lightning Bolt', '2x2'), quantity: 1 }]);
    const ask = (subdomain: string, q: string, sort: StorefrontSort = 'name') =>
      call(server, 'publicInventory', { subdomain, page: '1', q, sort });
    expect(bodyOf(await ask(hidden.subdomain, 'bolt')).inventory).toHaveLength(1);
    bodyOf(await api(server, hidden).call('settingsSave', { subdomain: hidden.subdomain, shop_hidden: 1 }));
    for (const q of ['bolt', 'c:purple', 'is:foil usd<5'])
      expect((await ask(hidden.subdomain, q, 'price_desc')).body, q).toEqual({
        message: 'Shop not found',
        code: 'NOT_FOUND',
      });
    const hiddenDoc = await server.request('GET', `/shop/${hidden.subdomain}?q=bolt`);
    expect(hiddenDoc.status).toBe(404);
    expect(hiddenDoc.text).not.toContain('storefront-data');

    const suspended = await publicShop(server);
    await stock(server, suspended, [{ card: printing(cards, 'Lightning Bolt', '2x2'), quantity: 1 }]);
    expect(bodyOf(await ask(suspended.subdomain, 'bolt')).inventory).toHaveLength(1);
    const admin = await addPlatformStaff(server, 'admin');
    bodyOf(await api(server, admin).call('adminStoreSetActive', { id: suspended.id, is_active: false }));
    for (const q of ['bolt', 'c:purple']) expect((await ask(suspended.subdomain, q, 'newest')).status, q).toBe(404);
    expect((await ask('no-such-shop', 'bolt')).status).toBe(404);
  });

  it('leaves another shop’s cards out of every search', async () => {
    const other = await buildShop(server);
    await stock(server, other, [{ card: printing(cards, 'Lightning Bolt', '2x2'), quantity: 7, quality: 'HP' }]);
    expect(bodyOf(await search({ q: 'cond:hp' })).inventory).toEqual([]);
  });
});
