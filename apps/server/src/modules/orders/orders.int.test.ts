import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type CallInput } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { sql } from 'kysely';
import { holdOpen } from '../../../test/transactions.ts';
import { fixtureCardLines } from '@cardstock/fixtures';

type Card = { id: string; name: string; finishes: string[]; prices: { usd: string | null } };
const cards = fixtureCardLines(3000).map((l) => JSON.parse(l) as Card);
// Printings with a nonfoil USD price, so every line has a price from the shop's rule.
const priced = cards.filter(
  (c) => c.finishes.includes('nonfoil') && c.prices.usd !== null && Number(c.prices.usd) > 0.5,
);
const [bolt, ritual, spare, last, gone] = priced as [Card, Card, Card, Card, Card];
type Cart = CallInput<'placeOrder'>['items'];

describe(`orders (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;

  const add = (card: Card, quantity: number, quality = 'NM', who: { token: string } = shop) =>
    api(server, who).call('inventoryAdd', { scryfall_id: card.id, quantity, quality });
  const place = (items: Cart, who: { token: string } = shop, headers: Record<string, string> = {}) =>
    api(server, who).call('placeOrder', { items }, { headers });
  // `bodyOf`: a list that fails to answer fails the test, as reading `.body.data` of a refusal did.
  const pending = async (who: { token: string } = shop) =>
    bodyOf(await api(server, who).call('pendingOrders')).data.orders;
  const history = async (who: { token: string } = shop) =>
    bodyOf(await api(server, who).call('orderHistory')).data.orders;
  const decide = (action: 'confirm' | 'reject', orderNumber: string, who: { token: string } = shop) =>
    api(server, who).call(action === 'confirm' ? 'confirmOrder' : 'rejectOrder', { order_number: orderNumber });
  const stock = async (card: Card, who: { token: string } = shop) =>
    bodyOf(await api(server, who).call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === card.id)
      .reduce((n, h) => n + h.quantity, 0);

  // The id of the shop's row of `card` in one condition.
  const rowOf = async (card: Card, quality: string) =>
    (
      await server.ctx.db
        .selectFrom('inventory')
        .select('id')
        .where('card_id', '=', card.id)
        .where('quality', '=', quality)
        .where('shop_id', '=', shop.id)
        .executeTakeFirstOrThrow()
    ).id;

  /**
   * Places `cart` while other orders hold rows of `card` in open transactions, each having left `left` copies on the
   * row of its condition: the order reads the rows as they were and waits on the one it chose; each holder commits
   * once the order waits on it, in turn (PostgreSQL).
   */
  async function placeWhileHeld(cart: Cart, card: Card, held: { quality: string; left: number }[]) {
    const holders = [];
    try {
      for (const { quality, left } of held) {
        const id = await rowOf(card, quality);
        holders.push(
          await holdOpen(server.ctx.db, async (tx) => {
            await sql`update inventory set quantity = ${left} where id = ${id}`.execute(tx);
          }),
        );
      }
      const placing = place(cart);
      for (const holder of holders) {
        await holder.waitedOn();
        await holder.release();
      }
      return await placing;
    } finally {
      for (const holder of holders) await holder.release();
    }
  }

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    await catalog(server, 3000);
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  it('places an order: the stock is taken at once, and the order waits as pending with its prices', async () => {
    await add(bolt, 4);
    await add(bolt, 1, 'LP');
    const res = await place([{ scryfall_id: bolt.id, finish: 'nonfoil', quantity: 5 }]);
    expectOk(res);
    expect(res.body.order_number).toMatch(/^\d{8}-\d+-\d+-1$/);
    expect(res.body.message).toBe(`Order ${res.body.order_number} placed.`);
    expect(await stock(bolt)).toBe(0);

    const [order] = await pending();
    const market = Math.round(Number(bolt.prices.usd) * 100);
    const nm = Math.ceil(market * 1.45 - 1e-9);
    const lp = Math.ceil(market * 1.45 * 0.9 - 1e-9);
    expect(order).toMatchObject({
      order_number: res.body.order_number,
      callout: '1',
      status: 'pending',
      source: shop.email,
      total_items: 5,
      total: (nm * 4 + lp) / 100,
      items: [
        { scryfall_id: bolt.id, card_name: bolt.name, finish: 'nonfoil', quality: 'NM', quantity: 4, price: nm / 100 },
        { scryfall_id: bolt.id, quality: 'LP', quantity: 1, price: lp / 100, item_total: lp / 100 },
      ],
    });
    // The next order of the day gets the next callout.
    await add(ritual, 3);
    const second = await place([{ scryfall_id: ritual.id, quantity: 1, quality: 'NM' }]);
    expect(bodyOf(second).order_number).toMatch(/-2$/);
  });

  it('refuses a cart it cannot fill whole, naming each card and what is left, and takes nothing', async () => {
    await add(spare, 2);
    const before = await stock(ritual);
    const res = await place([
      { scryfall_id: ritual.id, finish: 'nonfoil', quantity: 1 },
      { scryfall_id: spare.id, finish: 'nonfoil', quantity: 3 },
      { scryfall_id: gone.id, finish: 'nonfoil', quantity: 1 },
    ]);
    expectError(res, 409);
    expect(res.body.message).toBe(`${spare.name}: only 2 left in stock. ${gone.name} is not in this shop’s inventory.`);
    // Each short line by its place in the cart, with its own sentence: what a cart marks, never read off the sentence.
    expect(res.body.code).toBe('OUT_OF_STOCK');
    expect(res.body.errors).toEqual([
      { field: 'items.1', message: `${spare.name}: only 2 left in stock.` },
      { field: 'items.2', message: `${gone.name} is not in this shop’s inventory.` },
    ]);
    expect(await stock(ritual)).toBe(before);
    expect(await stock(spare)).toBe(2);
    const bad = await place([]);
    expectError(bad, 400);
    expect(bad.body.message).toBe('Cart is empty');
  });

  it('fills two lines of a cart that reach for the same row (one names its condition) from what the first left', async () => {
    const twice = priced[5]!;
    await add(twice, 3);
    const cart = (anyCondition: number, nm: number): Cart => [
      { scryfall_id: twice.id, finish: 'nonfoil', quantity: anyCondition },
      { scryfall_id: twice.id, finish: 'nonfoil', quality: 'NM', quantity: nm },
    ];
    const short = await place(cart(2, 2));
    expectError(short, 409);
    expect(short.body.message).toBe(`${twice.name}: only 1 left in stock.`);
    expect(await stock(twice)).toBe(3);
    expectOk(await place(cart(1, 2)));
    expect(await stock(twice)).toBe(0);
  });

  it('answers a retried request with the same Idempotency-Key with the first order, even when they race', async () => {
    await add(spare, 8);
    const before = await stock(spare);
    const headers = { 'idempotency-key': 'tablet-7-cart-31' };
    const first = await place([{ scryfall_id: spare.id, quantity: 1 }], shop, headers);
    const again = await place([{ scryfall_id: spare.id, quantity: 1 }], shop, headers);
    expectOk(again);
    expect(again.body.order_number).toBe(bodyOf(first).order_number);
    const racing = { 'idempotency-key': 'tablet-7-cart-32' };
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => place([{ scryfall_id: spare.id, quantity: 1 }], shop, racing)),
    );
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(raced.map((r) => bodyOf(r).order_number)).size).toBe(1);
    expect(await stock(spare)).toBe(before - 2);
    // Racing for the last copies: the retries that lose the race for the stock still answer the first order.
    const lastCopies = { 'idempotency-key': 'tablet-7-cart-33' };
    const left = await stock(spare);
    const allOfThem = await Promise.all(
      Array.from({ length: 8 }, () => place([{ scryfall_id: spare.id, quantity: left }], shop, lastCopies)),
    );
    for (const res of allOfThem) expectOk(res);
    expect(new Set(allOfThem.map((r) => bodyOf(r).order_number)).size).toBe(1);
    expect(await stock(spare)).toBe(0);
  });

  it('sells exactly the last 10 copies to 200 clients ordering at once, and never goes below zero', async () => {
    await add(last, 10);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => place([{ scryfall_id: last.id, finish: 'nonfoil', quantity: 1 }])),
    );
    const sold = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused)
      expect(r.body.message).toMatch(new RegExp(`^${last.name}: (none|only \\d+) left in stock\\.$`));
    expect(await stock(last)).toBe(0);
    const row = await server.ctx.db
      .selectFrom('inventory')
      .select('quantity')
      .where('card_id', '=', last.id)
      .executeTakeFirstOrThrow();
    expect(row.quantity).toBe(0);
  });

  it('fills carts that hold the same cards in opposite orders at once, and rejects them at once, all of them', async () => {
    // Two rows each order locks: taken in cart order, opposite carts would wait on each other (a deadlock on PostgreSQL).
    const [first, second] = [priced[5]!, priced[6]!];
    await add(first, 200);
    await add(second, 200);
    const line = (card: Card) => ({ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 });
    const placed = await Promise.all(
      Array.from({ length: 60 }, (_, i) => place(i % 2 ? [line(first), line(second)] : [line(second), line(first)])),
    );
    expect(placed.map((r) => r.status)).toEqual(Array<number>(60).fill(200));
    expect(await stock(first)).toBe(140);
    expect(await stock(second)).toBe(140);

    const rejected = await Promise.all(placed.map((r) => decide('reject', bodyOf(r).order_number)));
    expect(rejected.map((r) => r.status)).toEqual(Array<number>(60).fill(200));
    expect(await stock(first)).toBe(200);
    expect(await stock(second)).toBe(200);
  });

  // PostgreSQL writes transactions side by side; SQLite one at a time, each reading what the last one left.
  describe.skipIf(testEngine !== 'postgres')('an order whose rows other orders empty meanwhile', () => {
    it('fills a line from its other rows when the rows it chose are emptied, one after another, by orders that commit meanwhile', async () => {
      const card = priced[9]!;
      await add(card, 1, 'NM');
      await add(card, 1, 'LP');
      await add(card, 1, 'MP');
      await add(card, 5, 'HP');
      // Three other orders, each taking the one copy of a row, their transactions still open: the order reads the
      // copies as there and chooses the best, waits on its row until the order holding it commits, finds it empty,
      // and chooses the next, three times over (more times than a transaction is run again).
      const res = await placeWhileHeld([{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }], card, [
        { quality: 'NM', left: 0 },
        { quality: 'LP', left: 0 },
        { quality: 'MP', left: 0 },
      ]);
      expectOk(res);
      const order = (await pending()).find((o) => o.order_number === res.body.order_number)!;
      expect(order.items).toMatchObject([{ scryfall_id: card.id, quality: 'HP', quantity: 1 }]);
      const rows = await server.ctx.db
        .selectFrom('inventory')
        .select(['quality', 'quantity'])
        .where('card_id', '=', card.id)
        .where('shop_id', '=', shop.id)
        .orderBy('quality')
        .execute();
      expect(rows).toEqual([
        { quality: 'HP', quantity: 4 },
        { quality: 'LP', quantity: 0 },
        { quality: 'MP', quantity: 0 },
        { quality: 'NM', quantity: 0 },
      ]);
    });

    it('takes the rest of a line from its other rows when the row it chose was partly emptied meanwhile, and names what is left when that is not enough', async () => {
      const card = priced[10]!;
      await add(card, 3, 'NM');
      await add(card, 1, 'LP');
      const line = (quantity: number) => [{ scryfall_id: card.id, finish: 'nonfoil' as const, quantity }];
      // Two of the three NM copies taken meanwhile: the order wanted three NM, gets one NM and the LP copy, and the
      // one copy it still lacks is refused with what the shop had for the line (two), nothing taken.
      const refused = await placeWhileHeld(line(3), card, [{ quality: 'NM', left: 1 }]);
      expectError(refused, 409);
      expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', message: `${card.name}: only 2 left in stock.` });
      expect(await stock(card)).toBe(2);
      // Two: filled from both rows.
      const res = await place(line(2));
      expectOk(res);
      expect(await stock(card)).toBe(0);
    });

    it('keeps one order line per row when a row it took from already serves the rest of a line planned again', async () => {
      const card = priced[11]!;
      await add(card, 2, 'NM');
      await add(card, 2, 'LP');
      // Three wanted: two NM and one LP chosen; one NM copy is taken meanwhile, so the LP copy is taken and the two
      // copies still missing come from the NM copy left and the other LP copy.
      const res = await placeWhileHeld([{ scryfall_id: card.id, finish: 'nonfoil', quantity: 3 }], card, [
        { quality: 'NM', left: 1 },
      ]);
      expectOk(res);
      const order = (await pending()).find((o) => o.order_number === res.body.order_number)!;
      expect(order.items.map((i) => [i.quality, i.quantity]).sort()).toEqual([
        ['LP', 2],
        ['NM', 1],
      ]);
      expect(await stock(card)).toBe(0);
    });
  });

  it('places and rejects orders of the same cards at once, none of them refused or failed', async () => {
    // Placing locks stock rows, then the shop's row; a rejection must give its copies back before it writes the order
    // (whose trigger takes the shop's row), or the two wait on each other in a circle (a deadlock on PostgreSQL).
    const [first, second] = [priced[7]!, priced[8]!];
    await add(first, 400);
    await add(second, 400);
    const line = (card: Card) => ({ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 });
    const cart = () => place([line(first), line(second)]);
    for (let round = 0; round < 3; round++) {
      const earlier = await Promise.all(Array.from({ length: 40 }, cart));
      expect(earlier.map((r) => r.status)).toEqual(Array<number>(40).fill(200));
      const [rejected, placed] = await Promise.all([
        Promise.all(earlier.map((r) => decide('reject', bodyOf(r).order_number))),
        Promise.all(Array.from({ length: 40 }, cart)),
      ]);
      expect([...rejected, ...placed].map((r) => r.status)).toEqual(Array<number>(80).fill(200));
      await Promise.all(placed.map((r) => decide('reject', bodyOf(r).order_number)));
    }
    expect(await stock(first)).toBe(400);
    expect(await stock(second)).toBe(400);
  });

  it('confirms an order into the history with prices; a decided order cannot be decided again', async () => {
    const [order] = await pending();
    const res = await decide('confirm', order!.order_number);
    expectOk(res);
    expect(res.body.message).toBe(`Order ${order!.order_number} confirmed.`);
    expect((await pending()).map((o) => o.order_number)).not.toContain(order!.order_number);
    const [confirmed] = await history();
    expect(confirmed).toMatchObject({
      order_number: order!.order_number,
      status: 'confirmed',
      confirmed_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      items: order!.items.map((i) => ({ ...i, item_total: Math.round(i.price * i.quantity * 100) / 100 })),
    });
    const twice = await decide('confirm', order!.order_number);
    expectError(twice, 409);
    expect(twice.body.message).toBe(`Order ${order!.order_number} is no longer pending: it was confirmed.`);
    expect(twice.body.code).toBe('NOT_PENDING');
    expect((await decide('reject', order!.order_number)).status).toBe(409);
    const unknown = await decide('confirm', '20260101-1-1-99');
    expectError(unknown, 404);
    expect(unknown.body.message).toBe('Order 20260101-1-1-99 was not found.');
  });

  it('rejects an order and gives its copies back, to a new row if the old one was deleted', async () => {
    await add(ritual, 2, 'MP');
    const before = await stock(ritual);
    const one = bodyOf(await place([{ scryfall_id: ritual.id, quantity: 2, quality: 'MP' }]));
    expect(await stock(ritual)).toBe(before - 2);
    const res = await decide('reject', one.order_number);
    expectOk(res);
    expect(res.body.message).toBe(`Order ${one.order_number} rejected; its stock is back in the inventory.`);
    expect(await stock(ritual)).toBe(before);
    expect((await decide('confirm', one.order_number)).status).toBe(409);

    const other = await buildShop(server);
    await add(bolt, 3, 'HP', other);
    const two = bodyOf(await place([{ scryfall_id: bolt.id, quantity: 3 }], other));
    await api(server, other).call('inventoryDeleteAll');
    expect(await stock(bolt, other)).toBe(0);
    await decide('reject', two.order_number, other);
    expect(await stock(bolt, other)).toBe(3);
  });

  it('lists rejected orders newest first, with when they were placed and rejected and the reason given', async () => {
    const other = await buildShop(server);
    await add(bolt, 4, 'NM', other);
    const first = bodyOf(await place([{ scryfall_id: bolt.id, quantity: 1 }], other));
    const second = bodyOf(await place([{ scryfall_id: bolt.id, quantity: 2 }], other));
    const waiting = bodyOf(await place([{ scryfall_id: bolt.id, quantity: 1 }], other));
    expectOk(await decide('reject', first.order_number, other));
    expectOk(
      await api(server, other).call('rejectOrder', { order_number: second.order_number, reason: 'Damaged copies' }),
    );
    const rejected = bodyOf(await api(server, other).call('rejectedOrders')).data.orders;
    expect(rejected.map((o) => o.order_number)).toEqual([second.order_number, first.order_number]);
    expect(rejected[0]).toMatchObject({ status: 'rejected', reason: 'Damaged copies', total_items: 2 });
    expect(rejected[1]).toMatchObject({ status: 'rejected', reason: null });
    expect(Date.parse(rejected[0]!.rejected_timestamp)).toBeGreaterThanOrEqual(Date.parse(rejected[0]!.timestamp));
    // A pending order is not in the list, and the history holds confirmed orders only.
    expect(rejected.map((o) => o.order_number)).not.toContain(waiting.order_number);
    expect(await history(other)).toEqual([]);
    expect(bodyOf(await api(server, shop).call('rejectedOrders')).data.orders.map((o) => o.order_number)).not.toContain(
      first.order_number,
    );
  });

  it('keeps shops apart: another shop neither sees, decides nor sells from these orders and rows', async () => {
    const other = await buildShop(server);
    const [order] = await pending();
    expect(await pending(other)).toEqual([]);
    expect(await history(other)).toEqual([]);
    expect((await decide('confirm', order!.order_number, other)).status).toBe(404);
    expect((await decide('reject', order!.order_number, other)).status).toBe(404);
    const res = await place([{ scryfall_id: ritual.id, quantity: 1 }], other);
    expectError(res, 409);
    expect(res.body.message).toBe(`${ritual.name} is not in this shop’s inventory.`);
  });

  it('lets a Watcher look at orders but not place, confirm or reject them', async () => {
    const watcher = await member(server, shop, 'Watcher');
    const [order] = await pending(watcher);
    expect(order).toBeDefined();
    const placed = await place([{ scryfall_id: ritual.id, quantity: 1 }], watcher);
    expectError(placed, 403);
    expect(placed.body.message).toBe('A Watcher cannot place orders.');
    const confirm = await decide('confirm', order!.order_number, watcher);
    expectError(confirm, 403);
    expect(confirm.body.message).toBe('A Watcher cannot confirm or reject orders.');
    const employee = await member(server, shop, 'Employee');
    expect((await decide('confirm', order!.order_number, employee)).status).toBe(200);
  });

  it('writes placing, confirming and rejecting to the audit log', async () => {
    const rows = await server.ctx.db.selectFrom('audit_log').select('action').where('actor', '=', shop.email).execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['order.place', 'order.confirm', 'order.reject']));
  });
});
