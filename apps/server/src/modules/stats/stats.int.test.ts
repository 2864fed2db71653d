import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type Api, type CallOutput } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, testClock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';

type Card = { id: string; name: string; set: string; finishes: string[]; prices: { usd: string | null } };
const cards = fixtureCardLines(2000)
  .map((l) => JSON.parse(l) as Card)
  .filter((c) => c.finishes.includes('nonfoil') && c.prices.usd !== null)
  .slice(0, 6);

/** A small deterministic generator, so the order set is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe(`statistics (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  const clock = testClock(new Date('2026-11-02T10:00:00Z'));

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' }, { clock });
    await catalog(server, 2000);
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('answers zeros and empty lists before any sale', async () => {
    expect((await owner.call('statsSummary')).body).toEqual({
      success: true,
      data: { total_orders: 0, total_cards_sold: 0 },
    });
    expect((await owner.call('statsTotalCards')).body).toEqual({ success: true, data: { total_cards: 0 } });
    expect(bodyOf(await owner.call('statsOrdersOverTime')).data.orders_by_date).toEqual([]);
    expect(bodyOf(await owner.call('statsTopSelling', { limit: 10 })).data.top_cards).toEqual([]);
    expect(bodyOf(await owner.call('statsLatestSold', { limit: 20 })).data.latest_sales).toEqual([]);
  });

  it('matches sums computed by hand over a generated set of confirmed, rejected and pending orders', async () => {
    for (const card of cards) {
      await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 50 });
    }
    const next = random(7);
    type PendingOrder = CallOutput<'pendingOrders'>['data']['orders'][number];
    const confirmed: { order: PendingOrder; day: string }[] = [];
    for (let i = 0; i < 24; i++) {
      // 20 hours: the next day, within the session's 24 hours of inactivity.
      if (i % 6 === 5) clock.advance(20 * 60 * 60 * 1000);
      const picks = cards.filter(() => next() < 0.4);
      const items = (picks.length ? picks : [cards[i % cards.length]!]).map((c) => ({
        scryfall_id: c.id,
        finish: 'nonfoil',
        quantity: 1 + Math.floor(next() * 3),
      }));
      const placed = await owner.call('placeOrder', { items });
      expectOk(placed);
      const pending = bodyOf(await owner.call('pendingOrders')).data.orders;
      const order = pending.find((o) => o.order_number === placed.body.order_number)!;
      const fate = next();
      if (fate < 0.6) {
        await owner.call('confirmOrder', { order_number: order.order_number });
        confirmed.push({ order, day: clock.now().toISOString().slice(0, 10) });
      } else if (fate < 0.8) {
        await owner.call('rejectOrder', { order_number: order.order_number });
      } // else it stays pending: not a sale
    }
    expect(confirmed.length).toBeGreaterThan(5);

    const lines = confirmed.flatMap(({ order }) => order.items);
    const sold = lines.reduce((n, l) => n + l.quantity, 0);
    expect(bodyOf(await owner.call('statsSummary')).data).toEqual({
      total_orders: confirmed.length,
      total_cards_sold: sold,
    });

    const stock = bodyOf(await owner.call('search', { q: '*' })).data.hits;
    expect(bodyOf(await owner.call('statsTotalCards')).data.total_cards).toBe(
      stock.reduce((n, h) => n + h.quantity, 0),
    );

    const byDay = new Map<string, { order_count: number; cents: number }>();
    for (const { order, day } of confirmed) {
      const d = byDay.get(day) ?? { order_count: 0, cents: 0 };
      byDay.set(day, { order_count: d.order_count + 1, cents: d.cents + Math.round(order.total * 100) });
    }
    expect(bodyOf(await owner.call('statsOrdersOverTime')).data.orders_by_date).toEqual(
      [...byDay].sort().map(([date, d]) => ({ date, order_count: d.order_count, total_revenue: d.cents / 100 })),
    );

    const perCard = new Map<string, { sold: number; cents: number }>();
    for (const l of lines) {
      const key = `${l.card_name}|${l.set_code}`;
      const was = perCard.get(key) ?? { sold: 0, cents: 0 };
      perCard.set(key, { sold: was.sold + l.quantity, cents: was.cents + Math.round(l.item_total * 100) });
    }
    // No copy here has a known cost (none was bought from a customer): no margin.
    const top = [...perCard]
      .map(([key, { sold, cents }]) => ({
        card_name: key.split('|')[0]!,
        set_code: key.split('|')[1]!,
        total_sold: sold,
        revenue: cents / 100,
        margin: null,
        margin_percent: null,
      }))
      .sort(
        (a, b) => b.total_sold - a.total_sold || (a.card_name < b.card_name ? -1 : a.card_name > b.card_name ? 1 : 0),
      );
    const topAnswer = bodyOf(await owner.call('statsTopSelling', { limit: 3 })).data.top_cards;
    expect(topAnswer).toHaveLength(Math.min(3, top.length));
    expect(topAnswer.map((t) => t.total_sold)).toEqual(top.slice(0, 3).map((t) => t.total_sold));
    expect(bodyOf(await owner.call('statsTopSelling')).data.top_cards).toEqual(top.slice(0, 10));

    const latest = bodyOf(await owner.call('statsLatestSold', { limit: 100 })).data.latest_sales;
    expect(latest).toHaveLength(lines.length);
    expect(latest.reduce((n, l) => n + l.quantity, 0)).toBe(sold);
    const newest = confirmed.at(-1)!.order;
    expect(latest[0]!.order_number).toBe(newest.order_number);
    expect(latest.map((l) => l.timestamp)).toEqual([...latest.map((l) => l.timestamp)].sort().reverse());
    expect(bodyOf(await owner.call('statsLatestSold')).data.latest_sales).toHaveLength(Math.min(20, lines.length));
  });

  it('lets every role look, and no other shop', async () => {
    const watcher = await member(server, shop, 'Watcher');
    expect((await api(server, watcher).call('statsSummary')).status).toBe(200);
    const other = await buildShop(server);
    expect(bodyOf(await api(server, other).call('statsSummary')).data).toEqual({
      total_orders: 0,
      total_cards_sold: 0,
    });
    const bad = await owner.call('statsTopSelling', { limit: 1000 });
    expectError(bad, 400);
    expect(bad.body.message).toBe('limit must be at most 100.');
  });
});
