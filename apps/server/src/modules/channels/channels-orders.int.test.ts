import { channelMessages, messages } from '@cardstock/contract';
import type { FixtureCard } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardTraderFake, type CardTraderFake } from '../../../test/cardtrader-fake.ts';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { namedNonfoilCards, shop as buildShop, stockAtPrice, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Orders from CardTrader (issue 42, decision 042) over real HTTP, against a local stand-in of CardTrader's API: a
 * sale there becomes a confirmed order that takes its copies once (however often it is read, by however many
 * servers), a cancellation gives them back, a sale of copies the shop no longer has never takes stock below 0 and
 * needs attention, CardTrader Zero's sales count once, products listed by hand are none of Cardstock's business.
 */
describe(`marketplace channels: orders from CardTrader (${testEngine})`, () => {
  let server: TestServer;
  let cardTrader: CardTraderFake;
  let cards: FixtureCard[];
  let nextCard = 0;
  let tokens = 0;

  beforeAll(async () => {
    cardTrader = await startCardTraderFake();
    server = await startServer({ CARDTRADER_API_URL: cardTrader.url });
    cards = await namedNonfoilCards(server, 60);
    const sets = [...new Set(cards.map((c) => c.set))];
    cardTrader.catalog(
      sets.map((code, i) => ({
        id: i + 1,
        code,
        name: `Set ${code}`,
        blueprints: cards
          .filter((c) => c.set === code)
          .map((c) => ({
            id: 700 + cards.indexOf(c),
            scryfall_id: c.id,
            conditions: ['Near Mint', 'Slightly Played', 'Moderately Played', 'Heavily Played', 'Poor'],
          })),
      })),
    );
  });
  afterAll(async () => {
    await server.close();
    await cardTrader.close();
  });

  /** A shop listing `card` on its own CardTrader account: `copies` copies at $`price` (keep 0, 100 %), pushed. */
  async function listedShop(copies: number, price: number, rule: { currency_rate?: number } = {}) {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const token = `ct-orders-${++tokens}-${'z'.repeat(32)}`;
    cardTrader.issue(token, { name: `Orders ${tokens} App`, userId: tokens });
    const card = cards[nextCard++]!;
    bodyOf(
      await owner.call('channelCardTrader', { api_token: token, enabled: true, price_percent: 100, keep: 0, ...rule }),
    );
    await stockAtPrice(server, shop, card, copies, price);
    expect(bodyOf(await sync(owner))).toMatchObject({ created: 1 });
    const product = cardTrader.products(token)[0]!;
    return { shop, owner, token, card, product };
  }
  const sync = (owner: Api) => owner.call('channelSync', { channel: 'cardtrader' });
  const copiesOf = async (shop: Shop, card: FixtureCard) => {
    const rows = await server.ctx.db
      .selectFrom('inventory')
      .select('quantity')
      .where('shop_id', '=', shop.id)
      .where('card_id', '=', card.id)
      .execute();
    return rows.reduce((n, r) => n + r.quantity, 0);
  };
  const history = async (owner: Api) => bodyOf(await owner.call('orderHistory')).data.orders;

  it('takes a paid sale once, as a confirmed order from CardTrader with its code, in the history, stats and Activity', async () => {
    const { shop, owner, token, card, product } = await listedShop(3, 4);
    const order = cardTrader.sell(token, [{ product_id: product.id, quantity: 2 }]);

    const synced = bodyOf(await sync(owner));
    expect(synced).toMatchObject({ orders_taken: 1, orders_cancelled: 0 });
    expect(synced.message).toBe(channelMessages.server.synced('CardTrader', 0, 1, 0, 1, 0));
    expect(await copiesOf(shop, card)).toBe(1);
    const [taken, ...others] = await history(owner);
    if (!taken) throw new Error('no order taken');
    expect(others).toEqual([]);
    expect(taken).toMatchObject({
      status: 'confirmed',
      source: 'CardTrader',
      source_kind: 'marketplace',
      market_code: order.code,
      missing: [],
      total_items: 2,
      total: 8,
      items: [{ scryfall_id: card.id, card_name: card.name, quantity: 2, price: 4, item_total: 8 }],
    });
    // The push that followed listed what is left (CardTrader had lowered it itself already).
    expect(cardTrader.products(token)[0]).toMatchObject({ id: product.id, quantity: 1 });

    // Read again and again: taken once.
    bodyOf(await sync(owner));
    bodyOf(await sync(owner));
    expect(await history(owner)).toHaveLength(1);
    expect(await copiesOf(shop, card)).toBe(1);
    expect(bodyOf(await owner.call('statsSummary')).data).toEqual({ total_orders: 1, total_cards_sold: 2 });
    const activity = bodyOf(await owner.call('shopActivity', {})).entries;
    expect(activity.filter((e: { action: string }) => e.action === 'order.marketplace')).toEqual([
      expect.objectContaining({
        actor: 'CardTrader',
        subject: taken.order_number,
        detail: { marketplace: 'CardTrader', code: order.code, lines: 1, missing: 0 },
      }),
    ]);
    expect(bodyOf(await owner.call('channels')).channels[0]?.last_pull_at).toEqual(expect.any(String));
  });

  it('takes a sale once when two servers read it at the same moment, and after a restart', async () => {
    const { shop, owner, token, card, product } = await listedShop(5, 2);
    const second = await startServer({ CARDTRADER_API_URL: cardTrader.url, ...server.databaseEnv });
    try {
      cardTrader.sell(token, [{ product_id: product.id, quantity: 3 }]);
      const elsewhere = api(second, shop);
      const both = await Promise.all([sync(owner), sync(elsewhere), sync(owner), sync(elsewhere)]);
      const taken = both
        .filter((res) => res.status === 200)
        .map((res) => (res.body as { orders_taken: number }).orders_taken);
      expect(taken.reduce((n, t) => n + t, 0)).toBe(1);
      expect(await history(owner)).toHaveLength(1);
      expect(await copiesOf(shop, card)).toBe(2);
    } finally {
      await second.close();
    }
    // A new server over the same database reads the same sale again: still once.
    const restarted = await startServer({ CARDTRADER_API_URL: cardTrader.url, ...server.databaseEnv });
    try {
      expect(bodyOf(await sync(api(restarted, shop)))).toMatchObject({ orders_taken: 0 });
    } finally {
      await restarted.close();
    }
    expect(await copiesOf(shop, card)).toBe(2);
  });

  it('puts a cancelled sale’s copies back once, and shows it rejected with CardTrader’s word', async () => {
    const { shop, owner, token, card, product } = await listedShop(4, 3);
    const order = cardTrader.sell(token, [{ product_id: product.id, quantity: 3 }]);
    bodyOf(await sync(owner));
    expect(await copiesOf(shop, card)).toBe(1);
    const [taken] = await history(owner);
    if (!taken) throw new Error('no order taken');

    cardTrader.cancel(token, order.id);
    expect(bodyOf(await sync(owner))).toMatchObject({ orders_taken: 0, orders_cancelled: 1 });
    expect(await copiesOf(shop, card)).toBe(4);
    bodyOf(await sync(owner));
    expect(await copiesOf(shop, card)).toBe(4);
    expect(await history(owner)).toEqual([]);
    expect(bodyOf(await owner.call('rejectedOrders')).data.orders).toEqual([
      expect.objectContaining({
        order_number: taken.order_number,
        status: 'rejected',
        source_kind: 'marketplace',
        market_code: order.code,
        reason: messages.ordersServer.cancelledOn('CardTrader'),
      }),
    ]);
    expect(bodyOf(await owner.call('statsSummary')).data).toEqual({ total_orders: 0, total_cards_sold: 0 });
  });

  it('never takes stock below 0: copies sold at the counter meanwhile are missing, and the order needs attention', async () => {
    const { shop, owner, token, card, product } = await listedShop(3, 5);
    // The counter sells two of the three before CardTrader hears of it; CardTrader sells all three.
    await stockAtPrice(server, shop, card, 1, 5);
    const order = cardTrader.sell(token, [{ product_id: product.id, quantity: 3 }]);
    expect(bodyOf(await sync(owner))).toMatchObject({ orders_taken: 1 });
    expect(await copiesOf(shop, card)).toBe(0);

    const missing = [{ card_name: card.name, set_code: card.set.toUpperCase(), quantity: 2 }];
    const [taken] = await history(owner);
    if (!taken) throw new Error('no order taken');
    expect(taken).toMatchObject({ market_code: order.code, total_items: 1, total: 5, missing });
    const attention = bodyOf(await owner.call('attentionOrders')).data.orders;
    expect(attention).toEqual([expect.objectContaining({ order_number: taken.order_number, missing })]);

    // Dealt with: off the list, the stock untouched; once.
    const cleared = bodyOf(await owner.call('attentionClear', { order_number: taken.order_number }));
    expect(cleared.message).toBe(messages.ordersServer.attentionCleared(taken.order_number));
    expect(bodyOf(await owner.call('attentionOrders')).data.orders).toEqual([]);
    expect((await history(owner))[0]?.missing).toEqual([]);
    const again = await owner.call('attentionClear', { order_number: taken.order_number });
    expectError(again, 409);
    expect(again.body.message).toBe(messages.ordersServer.nothingMissing(taken.order_number));
    const none = await owner.call('attentionClear', { order_number: '20260101-1-0-1' });
    expectError(none, 404);
    expect(none.body.message).toBe(messages.ordersServer.notFound('20260101-1-0-1'));
    expect(await copiesOf(shop, card)).toBe(0);
  });

  it('counts a CardTrader Zero sale once: its hub_pending order, never the weekly order that merges it', async () => {
    const { shop, owner, token, card, product } = await listedShop(6, 2);
    cardTrader.sell(token, [{ product_id: product.id, quantity: 2 }], { zero: true });
    expect(bodyOf(await sync(owner))).toMatchObject({ orders_taken: 1 });
    expect(await copiesOf(shop, card)).toBe(4);
    cardTrader.mergeZero(token);
    expect(bodyOf(await sync(owner))).toMatchObject({ orders_taken: 0 });
    expect(await copiesOf(shop, card)).toBe(4);
    expect(await history(owner)).toHaveLength(1);
  });

  it('leaves sales of products listed by hand alone, and reads a line’s price from the order when the list leaves it out', async () => {
    const { shop, owner, token, card, product } = await listedShop(4, 2.5, { currency_rate: 0.92 });
    const byHand = cardTrader.listByHand(token, {
      blueprint_id: product.blueprint_id,
      quantity: 5,
      price_cents: 100,
      properties_hash: { condition: 'Poor' },
      user_data_field: '',
    });
    cardTrader.sell(token, [{ product_id: byHand.id, quantity: 2 }]);
    expect(bodyOf(await sync(owner))).toMatchObject({ orders_taken: 0 });
    expect(await history(owner)).toEqual([]);

    // Listed at 2.50 × 0.92 = 2.30 in the account's currency; sold there at 2.30: 2.50 in the shop's.
    expect(product.price_cents).toBe(230);
    cardTrader.listOrdersWithoutPrices();
    cardTrader.sell(token, [{ product_id: product.id, quantity: 1 }]);
    expect(bodyOf(await sync(owner))).toMatchObject({ orders_taken: 1 });
    expect(await history(owner)).toEqual([expect.objectContaining({ total: 2.5, total_items: 1 })]);
    expect(await copiesOf(shop, card)).toBe(3);
    // Nor is a sale of hand-listed products asked about again: it was passed over once.
    const passed = await server.ctx.db
      .selectFrom('channel_orders')
      .select(['state', 'order_id'])
      .where('shop_id', '=', shop.id)
      .orderBy('market_id')
      .execute();
    expect(passed).toEqual([
      { state: 'ignored', order_id: null },
      { state: 'taken', order_id: expect.any(Number) },
    ]);
  });

  it('reconciles: differences with CardTrader’s own products put right and listed, products listed by hand left alone', async () => {
    const { shop, owner, token, card, product } = await listedShop(3, 4);
    const other = cards[nextCard++]!;
    await stockAtPrice(server, shop, other, 2, 6);
    bodyOf(await sync(owner));
    const products = cardTrader.products(token);
    expect(products).toHaveLength(2);
    // On CardTrader meanwhile: one product's copies changed by hand, the other taken down, a product Cardstock made
    // that it has no record of (its tag), and one listed by hand.
    products.find((p) => p.id === product.id)!.quantity = 9;
    cardTrader.takeDown(token, [products.find((p) => p.id !== product.id)!.id]);
    const stray = cardTrader.listByHand(token, {
      blueprint_id: product.blueprint_id,
      quantity: 1,
      price_cents: 111,
      properties_hash: { condition: 'Poor' },
      user_data_field: 'cardstock:0123456789abcdef01234567',
    });
    const byHand = cardTrader.listByHand(token, {
      blueprint_id: product.blueprint_id,
      quantity: 4,
      price_cents: 250,
      properties_hash: { condition: 'Heavily Played' },
      user_data_field: 'my own note',
    });

    const answer = bodyOf(await owner.call('channelReconcile', { channel: 'cardtrader' }));
    expect(answer.message).toBe(channelMessages.server.reconciled('CardTrader', 3, 1));
    expect(answer.reconciliation).toMatchObject({ corrections_total: 3, hand_listed_total: 1 });
    expect([...answer.reconciliation.corrections].sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      {
        card_name: card.name,
        action: 'corrected',
        marketplace: { quantity: 9, price: 4 },
        cardstock: { quantity: 3, price: 4 },
      },
      {
        card_name: other.name,
        action: 'listed_again',
        marketplace: null,
        cardstock: { quantity: 2, price: 6 },
      },
      {
        card_name: `CardTrader item ${product.blueprint_id}`,
        action: 'taken_down',
        marketplace: { quantity: 1, price: 1.11 },
        cardstock: null,
      },
    ]);
    expect(answer.reconciliation.hand_listed).toEqual([
      { product_id: byHand.id, item_id: product.blueprint_id, quantity: 4, price: 2.5 },
    ]);
    // CardTrader lists what the stock says, and the hand-listed product as it was.
    const now = cardTrader.products(token);
    expect(now.map((p) => p.quantity).sort()).toEqual([2, 3, 4]);
    expect(now.find((p) => p.id === stray.id)).toBeUndefined();
    expect(now.find((p) => p.id === byHand.id)).toEqual(byHand);
    expect(answer.channel.last_reconcile).toEqual(answer.reconciliation);

    // Nothing differs now.
    const again = bodyOf(await owner.call('channelReconcile', { channel: 'cardtrader' }));
    expect(again.reconciliation).toMatchObject({ corrections: [], corrections_total: 0, hand_listed_total: 1 });
    expect(again.message).toBe(channelMessages.server.reconciled('CardTrader', 0, 1));
  });
});
