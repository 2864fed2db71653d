import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildShop, testClock } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from '../catalog/catalog-import.ts';

type Card = { id: string; name: string; set: string; finishes: string[]; prices: { usd: string | null } };
const cards = fixtureCardLines(2000)
  .map((l) => JSON.parse(l) as Card)
  .filter((c) => c.finishes.includes('nonfoil') && c.prices.usd !== null)
  .slice(0, 6);
type PendingOrder = {
  order_number: string;
  total: number;
  items: { card_name: string; set_code: string; quantity: number; price: number }[];
};

/** A small deterministic generator, so the order set is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe(`statistics (${testEngine})`, () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof buildShop>>;
  const clock = testClock(new Date('2026-11-02T10:00:00Z'));
  const stats = (name: string, body: Record<string, unknown> = {}, token = shop.token) =>
    server.request('POST', `/api/shop/stats/${name}`, { token, ...body });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' }, { clock });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stats-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(2000).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  it('answers zeros and empty lists before any sale', async () => {
    expect((await stats('summary')).body).toEqual({ success: true, data: { total_orders: 0, total_cards_sold: 0 } });
    expect((await stats('total-cards')).body).toEqual({ success: true, data: { total_cards: 0 } });
    expect((await stats('orders-over-time')).body.data.orders_by_date).toEqual([]);
    expect((await stats('top-selling-cards', { limit: 10 })).body.data.top_cards).toEqual([]);
    expect((await stats('latest-cards-sold', { limit: 20 })).body.data.latest_sales).toEqual([]);
  });

  it('matches sums computed by hand over a generated set of confirmed, rejected and pending orders', async () => {
    for (const card of cards) {
      await server.request('POST', '/api/shop/inventory/add', {
        token: shop.token,
        scryfall_id: card.id,
        quantity: 50,
      });
    }
    const next = random(7);
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
      const placed = await server.request('POST', '/api/device/order', { token: shop.token, items });
      expect(placed.status).toBe(200);
      const pending = (await server.request('POST', '/api/pending', { token: shop.token })).body.data
        .orders as PendingOrder[];
      const order = pending.find((o) => o.order_number === placed.body.order_number)!;
      const fate = next();
      if (fate < 0.6) {
        await server.request('POST', '/api/order/confirm', { token: shop.token, order_number: order.order_number });
        confirmed.push({ order, day: clock.now().toISOString().slice(0, 10) });
      } else if (fate < 0.8) {
        await server.request('POST', '/api/order/reject', { token: shop.token, order_number: order.order_number });
      } // else it stays pending: not a sale
    }
    expect(confirmed.length).toBeGreaterThan(5);

    const lines = confirmed.flatMap(({ order }) => order.items);
    const sold = lines.reduce((n, l) => n + l.quantity, 0);
    expect((await stats('summary')).body.data).toEqual({ total_orders: confirmed.length, total_cards_sold: sold });

    const stock = (await server.request('POST', '/api/search', { token: shop.token, q: '*' })).body.data.hits as {
      quantity: number;
    }[];
    expect((await stats('total-cards')).body.data.total_cards).toBe(stock.reduce((n, h) => n + h.quantity, 0));

    const byDay = new Map<string, { order_count: number; cents: number }>();
    for (const { order, day } of confirmed) {
      const d = byDay.get(day) ?? { order_count: 0, cents: 0 };
      byDay.set(day, { order_count: d.order_count + 1, cents: d.cents + Math.round(order.total * 100) });
    }
    expect((await stats('orders-over-time')).body.data.orders_by_date).toEqual(
      [...byDay].sort().map(([date, d]) => ({ date, order_count: d.order_count, total_revenue: d.cents / 100 })),
    );

    const perCard = new Map<string, number>();
    for (const l of lines)
      perCard.set(`${l.card_name}|${l.set_code}`, (perCard.get(`${l.card_name}|${l.set_code}`) ?? 0) + l.quantity);
    const top = [...perCard]
      .map(([key, total_sold]) => ({ card_name: key.split('|')[0]!, set_code: key.split('|')[1]!, total_sold }))
      .sort(
        (a, b) => b.total_sold - a.total_sold || (a.card_name < b.card_name ? -1 : a.card_name > b.card_name ? 1 : 0),
      );
    const topAnswer = (await stats('top-selling-cards', { limit: 3 })).body.data.top_cards;
    expect(topAnswer).toHaveLength(Math.min(3, top.length));
    expect(topAnswer.map((t: { total_sold: number }) => t.total_sold)).toEqual(
      top.slice(0, 3).map((t) => t.total_sold),
    );
    expect((await stats('top-selling-cards')).body.data.top_cards).toEqual(top.slice(0, 10));

    const latest = (await stats('latest-cards-sold', { limit: 100 })).body.data.latest_sales as {
      order_number: string;
      quantity: number;
      timestamp: string;
    }[];
    expect(latest).toHaveLength(lines.length);
    expect(latest.reduce((n, l) => n + l.quantity, 0)).toBe(sold);
    const newest = confirmed.at(-1)!.order;
    expect(latest[0]!.order_number).toBe(newest.order_number);
    expect(latest.map((l) => l.timestamp)).toEqual([...latest.map((l) => l.timestamp)].sort().reverse());
    expect((await stats('latest-cards-sold')).body.data.latest_sales).toHaveLength(Math.min(20, lines.length));
  });

  it('lets every role look, and no other shop', async () => {
    const watcher = await addMember(server, shop.email, 'Watcher');
    expect((await stats('summary', {}, watcher.token)).status).toBe(200);
    const other = await buildShop(server);
    expect((await stats('summary', {}, other.token)).body.data).toEqual({ total_orders: 0, total_cards_sold: 0 });
    const bad = await stats('top-selling-cards', { limit: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be at most 100.');
  });
});
