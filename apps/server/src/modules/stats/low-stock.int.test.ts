import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { member, pricedCard, stock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/** What is running low: a threshold the shop sets, and the rows and sealed products at or under it (issue 21). */
describe(`low stock (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  let cards: { id: string; name: string }[];

  const lowStock = async (who: Api = owner) => bodyOf(await who.call('statsLowStock', {})).data;
  const save = (more: { low_stock_threshold?: number }) =>
    owner.call('settingsSave', { subdomain: '', shop_hidden: 1, ...more });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    cards = await Promise.all([0, 1, 2].map((i) => pricedCard(server, i)));
    shop = (
      await stock(server, undefined, [
        { card: cards[0]!.id, quantity: 1 },
        { card: cards[1]!.id, quantity: 4, quality: 'LP' },
        { card: cards[2]!.id, quantity: 2 },
      ])
    ).shop;
    owner = api(server, shop);
    // The third card sells out: its row stays, at 0.
    bodyOf(
      await owner.call('inventoryEdit', { scryfall_id: cards[2]!.id, finish: 'nonfoil', quality: 'NM', quantity: 0 }),
    );
    for (const [name, quantity] of [
      ['Bloomburrow Play Booster Box', 1],
      ['Duskmourn Bundle', 5],
    ] as const) {
      bodyOf(await owner.call('sealedAdd', { name, category: 'Booster Box', price: 100, quantity }));
    }
  });
  afterAll(() => server.close());

  it('starts at 0 copies: a new shop sees what sold out, not every single copy it holds', async () => {
    expect(bodyOf(await owner.call('settingsGet', {})).low_stock_threshold).toBe(0);
    expect(await lowStock()).toMatchObject({ threshold: 0, total: 1, items: [{ name: cards[2]!.name, quantity: 0 }] });
  });

  it('at 1 copy lists the sold-out and the last copies, singles and sealed, fewest first', async () => {
    bodyOf(await save({ low_stock_threshold: 1 }));
    const low = await lowStock();
    expect(low).toMatchObject({ threshold: 1, total: 3 });
    expect(low.items.map((i) => [i.kind, i.name, i.quantity])).toEqual([
      ['single', cards[2]!.name, 0],
      ...[
        ['single', cards[0]!.name, 1],
        ['sealed', 'Bloomburrow Play Booster Box', 1],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ]);
    expect(low.items.find((i) => i.kind === 'single' && i.quantity === 1)).toMatchObject({
      scryfall_id: cards[0]!.id,
      sealed_id: null,
      finish: 'nonfoil',
      quality: 'NM',
    });
  });

  it('follows the threshold the shop saves, and keeps it when a save leaves it out', async () => {
    bodyOf(await save({ low_stock_threshold: 4 }));
    expect(bodyOf(await owner.call('settingsGet', {})).low_stock_threshold).toBe(4);
    const four = await lowStock();
    expect(four).toMatchObject({ threshold: 4, total: 4 });
    expect(four.items.at(-1)).toMatchObject({ name: cards[1]!.name, quality: 'LP', quantity: 4 });

    // The spec's payload (no threshold) keeps its meaning: the threshold stays.
    bodyOf(await save({}));
    expect((await lowStock()).threshold).toBe(4);

    bodyOf(await save({ low_stock_threshold: 0 }));
    expect((await lowStock()).items.map((i) => i.name)).toEqual([cards[2]!.name]);
  });

  it('refuses a threshold that is not a whole number of copies, and keeps the old one', async () => {
    for (const [value, message] of [
      [-1, 'The low-stock threshold cannot be negative.'],
      [1.5, 'The low-stock threshold must be a whole number.'],
      [1001, 'The low-stock threshold must be at most 1000.'],
    ] as const) {
      const res = await save({ low_stock_threshold: value });
      expectError(res, 400);
      expect(res.body.message).toBe(message);
    }
    expect((await lowStock()).threshold).toBe(0);
  });

  it('shows every role of the shop, and no other shop', async () => {
    const watcher = api(server, await member(server, shop, 'Watcher'));
    expect((await lowStock(watcher)).items.map((i) => i.name)).toEqual([cards[2]!.name]);
    const stranger = api(server, (await stock(server)).shop);
    expect(await lowStock(stranger)).toMatchObject({ threshold: 0, total: 0, items: [] });
  });
});
