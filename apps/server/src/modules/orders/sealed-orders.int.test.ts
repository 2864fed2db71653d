import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { pricedCard, publicShop, shop as buildShop, stock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/** Issue 21: sealed products are sold like singles, in the same carts and orders. */
describe(`sealed products in orders (${testEngine})`, () => {
  let server: TestServer;

  /** A shop with one sealed product of `quantity` units at `price` dollars; its owner's client and the product id. */
  async function shopWithBox(quantity: number, price = 149.99): Promise<{ shop: Shop; owner: Api; id: number }> {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const { item } = bodyOf(
      await owner.call('sealedAdd', {
        name: 'Foundations Play Booster Box',
        category: 'Booster Box',
        set_code: 'fdn',
        price,
        quantity,
      }),
    );
    return { shop, owner, id: item.id };
  }
  const unitsOf = async (owner: Api, id: number) =>
    bodyOf(await owner.call('sealedList', { page: '1', filter: '' })).sealed.find((s) => s.id === id)?.quantity;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => server.close());

  it('reserves sealed units with the order, lists the line, and gives them back on reject', async () => {
    const { owner, id } = await shopWithBox(3);
    const placed = bodyOf(await owner.call('placeOrder', { items: [{ sealed_id: id, quantity: 2 }] }));
    expect(await unitsOf(owner, id)).toBe(1);
    const [pending] = bodyOf(await owner.call('pendingOrders')).data.orders;
    expect(pending).toMatchObject({ order_number: placed.order_number, total_items: 2, total: 299.98 });
    expect(pending!.items).toEqual([
      {
        kind: 'sealed',
        sealed_id: id,
        scryfall_id: '',
        card_name: 'Foundations Play Booster Box',
        set_code: 'FDN',
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        signed: false,
        altered: false,
        quantity: 2,
        price: 149.99,
        item_total: 299.98,
      },
    ]);
    bodyOf(await owner.call('rejectOrder', { order_number: placed.order_number }));
    expect(await unitsOf(owner, id)).toBe(3);
  });

  it('sells singles and sealed in one order, and statistics count the sale', async () => {
    const { shop, owner, id } = await shopWithBox(2);
    const card = await pricedCard(server);
    await stock(server, shop, [{ card, quantity: 2 }]);
    const placed = bodyOf(
      await owner.call('placeOrder', {
        items: [
          { scryfall_id: card.id, quantity: 1 },
          { sealed_id: id, quantity: 1 },
        ],
      }),
    );
    const [pending] = bodyOf(await owner.call('pendingOrders')).data.orders;
    expect(pending!.items.map((i) => [i.kind, i.card_name, i.quantity])).toEqual([
      ['single', card.name, 1],
      ['sealed', 'Foundations Play Booster Box', 1],
    ]);
    bodyOf(await owner.call('confirmOrder', { order_number: placed.order_number }));
    expect(bodyOf(await owner.call('statsSummary')).data).toEqual({ total_orders: 1, total_cards_sold: 2 });
    const top = bodyOf(await owner.call('statsTopSelling', { limit: 10 })).data.top_cards;
    // A sealed product's cost is never known: no margin.
    expect(top).toContainEqual({
      card_name: 'Foundations Play Booster Box',
      set_code: 'FDN',
      total_sold: 1,
      revenue: 149.99,
      margin: null,
      margin_percent: null,
    });
    const [sold] = bodyOf(await owner.call('orderHistory')).data.orders;
    expect(sold!.items.find((i) => i.kind === 'sealed')).toMatchObject({ sealed_id: id, price: 149.99 });
  });

  it('sells exactly the last 5 units to 100 clients ordering at once, and never goes below zero', async () => {
    const { owner, id } = await shopWithBox(5);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => owner.call('placeOrder', { items: [{ sealed_id: id, quantity: 1 }] })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([409]));
    for (const r of refused)
      expect(r.body.message).toMatch(/^Foundations Play Booster Box: (none|only \d+) left in stock\.$/);
    expect(await unitsOf(owner, id)).toBe(0);
  });

  it('refuses another shop’s product or an unknown one, and reserves nothing', async () => {
    const { owner, id } = await shopWithBox(3);
    const other = await shopWithBox(3);
    const card = await pricedCard(server);
    await stock(server, other.shop, [{ card, quantity: 2 }]);
    for (const sealed_id of [id, 999_999]) {
      const res = await other.owner.call('placeOrder', {
        items: [
          { scryfall_id: card.id, quantity: 1 },
          { sealed_id, quantity: 1 },
        ],
      });
      expectError(res, 409);
      expect(res.body).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: messages.ordersServer.noSuchSealed(sealed_id),
        errors: [{ field: 'items.1', message: messages.ordersServer.noSuchSealed(sealed_id) }],
      });
    }
    expect(await unitsOf(owner, id)).toBe(3);
    expect(bodyOf(await other.owner.call('pendingOrders')).data.orders).toEqual([]);
  });

  it('does not sell a product at $0: it has no price yet', async () => {
    const { owner, id } = await shopWithBox(3, 0);
    const res = await owner.call('placeOrder', { items: [{ sealed_id: id, quantity: 1 }] });
    expectError(res, 422);
    expect(res.body).toEqual({
      code: 'NO_PRICE',
      message: messages.ordersServer.noPrice(['Foundations Play Booster Box']),
      errors: [{ field: 'items.0', message: messages.ordersServer.noPrice(['Foundations Play Booster Box']) }],
    });
    expect(await unitsOf(owner, id)).toBe(3);
  });

  it('wants a printing or a sealed product on every line, not both', async () => {
    const { owner, id } = await shopWithBox(3);
    const card = await pricedCard(server);
    const neither = await owner.call('placeOrder', { items: [{ quantity: 1 }] });
    expectError(neither, 400);
    expect(neither.body.errors).toEqual([{ field: 'items.0.scryfall_id', message: 'scryfall_id is required.' }]);
    const both = await owner.call('placeOrder', { items: [{ scryfall_id: card.id, sealed_id: id, quantity: 1 }] });
    expectError(both, 400);
    expect(both.body.errors?.[0]?.message).toBe(
      'A line names a printing (scryfall_id) or a sealed product (sealed_id), not both.',
    );
  });

  it('lists a public shop’s sealed products in stock on its storefront, and none of a private shop', async () => {
    const { shop, owner, id } = await shopWithBox(3);
    const add = (name: string, price: number, quantity: number) =>
      owner.call('sealedAdd', { name, category: 'Bundle', price, quantity });
    bodyOf(await add('Aetherdrift Bundle', 0, 2));
    bodyOf(await add('Sold Out Bundle', 40, 0));
    await shopWithBox(4);
    const { subdomain } = await publicShop(server, shop);
    const visitor = api(server);
    expect(bodyOf(await visitor.call('publicSealed', { subdomain })).sealed).toEqual([
      {
        id: expect.any(Number),
        name: 'Aetherdrift Bundle',
        category: 'Bundle',
        set_code: null,
        price: null,
        quantity: 2,
      },
      {
        id,
        name: 'Foundations Play Booster Box',
        category: 'Booster Box',
        set_code: 'FDN',
        price: 149.99,
        quantity: 3,
      },
    ]);
    bodyOf(await owner.call('settingsSave', { subdomain, shop_hidden: 1 }));
    expectError(await visitor.call('publicSealed', { subdomain }), 404);
    expectError(await visitor.call('publicSealed', { subdomain: 'no-such-shop' }), 404);
  });

  it('keeps sealed stock when the Owner deletes all inventory', async () => {
    const { shop, owner, id } = await shopWithBox(3);
    await stock(server, shop, [{ card: await pricedCard(server), quantity: 2 }]);
    bodyOf(await owner.call('inventoryDeleteAll'));
    expect(bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).total).toBe(0);
    expect(await unitsOf(owner, id)).toBe(3);
  });

  it('keeps a sold line when its product is removed, and a reject of it returns nothing anywhere', async () => {
    const { owner, id } = await shopWithBox(3);
    const placed = bodyOf(await owner.call('placeOrder', { items: [{ sealed_id: id, quantity: 1 }] }));
    bodyOf(await owner.call('sealedDelete', { id }));
    const [pending] = bodyOf(await owner.call('pendingOrders')).data.orders;
    expect(pending!.items[0]).toMatchObject({
      kind: 'sealed',
      sealed_id: null,
      card_name: 'Foundations Play Booster Box',
    });
    bodyOf(await owner.call('rejectOrder', { order_number: placed.order_number }));
    expect(bodyOf(await owner.call('sealedList', { page: '1', filter: '' })).sealed).toEqual([]);
  });
});
