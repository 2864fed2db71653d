import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';

describe(`name suggestions from the shop's own stock (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let cards: FixtureCard[];
  const printing = (name: string, nth = 0) => cards.filter((c) => c.name === name)[nth]!;
  const suggest = (q: string, token = shop.token) => call(server, 'shopSuggest', { q }, { token });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    cards = await catalog(server);
    shop = await buildShop(server);
    const owner = api(server, shop);
    const add = async (card: FixtureCard, quantity: number, quality: 'NM' | 'LP' = 'NM') =>
      bodyOf(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity, foil: false, quality }));
    // Lightning Bolt three times over: two printings, two conditions. Lightning Helix is stocked, then sold out.
    await add(printing('Lightning Bolt', 0), 2);
    await add(printing('Lightning Bolt', 0), 1, 'LP');
    await add(printing('Lightning Bolt', 1), 3);
    await add(printing('Lightning Strike'), 1);
    await add(printing('Lightning Helix'), 1);
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: printing('Lightning Helix').id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 0,
      }),
    );
  });
  afterAll(() => server.close());

  it('offers each name the shop has in stock once, in name order, and nothing the shop does not hold', async () => {
    const res = await suggest('light');
    expectOk(res);
    expect(res.body).toEqual([
      { name: 'Lightning Bolt', set: printing('Lightning Bolt', 0).set },
      { name: 'Lightning Strike', set: printing('Lightning Strike').set },
    ]);
    // The catalog's suggestions for the same text offer cards this shop does not hold.
    const fromCatalog = await call(server, 'suggest', { q: 'light' });
    expectOk(fromCatalog);
    expect(fromCatalog.body.map((s) => s.name)).toContain('Lightless Evangel');
  });

  it('matches the start of any word of the name, as the search it leads to does', async () => {
    expect(bodyOf(await suggest('bol')).map((s) => s.name)).toEqual(['Lightning Bolt']);
    expect(bodyOf(await suggest('lightning str'))).toEqual([
      { name: 'Lightning Strike', set: printing('Lightning Strike').set },
    ]);
    expect(bodyOf(await suggest('counterspell'))).toEqual([]);
  });

  it('follows the stock: a sold-out name comes back when copies arrive', async () => {
    bodyOf(
      await api(server, shop).call('inventoryAdd', {
        scryfall_id: printing('Lightning Helix').id,
        quantity: 2,
        foil: false,
        quality: 'NM',
      }),
    );
    expect(bodyOf(await suggest('lightning')).map((s) => s.name)).toEqual([
      'Lightning Bolt',
      'Lightning Helix',
      'Lightning Strike',
    ]);
  });

  it('answers a paired tablet and every role with the same names, another shop with none of them', async () => {
    const code = bodyOf(await api(server, shop).call('createDeviceCode', { device_name: 'Suggest tablet' })).data.code;
    const device = bodyOf(await call(server, 'pairDevice', { code, serial_number: 'SUGGEST-1' })).device_token;
    const expected = bodyOf(await suggest('lightning'));
    expect(bodyOf(await suggest('lightning', device))).toEqual(expected);
    const watcher = await member(server, shop, 'Watcher');
    expect(bodyOf(await suggest('lightning', watcher.token))).toEqual(expected);

    const other = await buildShop(server);
    expect(bodyOf(await suggest('lightning', other.token))).toEqual([]);
  });

  it('refuses too short a text and a caller without a token, with a sentence', async () => {
    const short = await suggest('l');
    expectError(short, 400);
    expect(short.body.message).toContain('Type at least 2 characters to search.');
    const anonymous = await call(server, 'shopSuggest', { q: 'lightning' });
    expectError(anonymous, 401);
  });
});
