import { messages, routes } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type Api, type CallInput } from '../../../test/client.ts';
import { addMember, namedNonfoilCards, shop as buildShop, type Shop, stockAtPrice } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';
import { holdOpen } from '../../../test/transactions.ts';
import { nextNumber } from '../orders/order-number.ts';
import { ordersRepository } from '../orders/orders.repository.ts';

const said = messages.registerServer;
type Sale = Omit<CallInput<'registerSale'>, 'token'>;

/**
 * The counter register's sale (issue 44) over real HTTP: the shop's prices, its tax, the discount and the tenders
 * (decision 037), the stock taken in the sale's transaction, one sale per Idempotency-Key, and the receipt's page.
 */
describe(`the register (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  let nextCard = 0;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = await namedNonfoilCards(server, 400);
  });
  afterAll(() => server.close());

  /** A new shop, its Owner's client, and `copies` of a fresh card at `price` dollars each, per card asked for. */
  async function shopWith(stocked: { copies: number; price: number }[], tax?: Record<string, unknown>) {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const stock: FixtureCard[] = [];
    for (const { copies, price } of stocked) {
      const card = cards[nextCard++]!;
      await stockAtPrice(server, shop, card, copies, price);
      stock.push(card);
    }
    if (tax) bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, ...tax }));
    // Cash needs the seller's open drawer (decision 038; register-drawer.int.test.ts tests the drawer itself).
    bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
    return { shop, owner, stock };
  }
  const line = (card: FixtureCard, quantity = 1) => ({ scryfall_id: card.id, finish: 'nonfoil' as const, quantity });
  const sell = (who: Api, sale: Sale, key?: string) =>
    who.call('registerSale', sale, key ? { headers: { 'Idempotency-Key': key } } : {});
  const copiesOf = async (owner: Api, card: FixtureCard) =>
    bodyOf(await owner.call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === card.id)
      .reduce((n, h) => n + h.quantity, 0);
  const salesOf = (shop: Shop) =>
    server.ctx.db.selectFrom('sales').select(['id', 'total_cents']).where('shop_id', '=', shop.id).execute();

  it('rings up a sale: the shop’s prices, tax on top rounded half up once, cash with change, stock gone at once', async () => {
    const { shop, owner, stock } = await shopWith(
      [
        { copies: 3, price: 10 },
        { copies: 1, price: 6 },
      ],
      { tax_rate_percent: 8.875 },
    );
    const [a, b] = stock as [FixtureCard, FixtureCard];
    const res = await sell(owner, { items: [line(a, 2), line(b)], tenders: [{ kind: 'cash', amount: 30 }] });
    expectOk(res);
    const sale = res.body;
    // 26.00 at 8.875 % = 2.3075 → 2.31.
    expect(sale).toMatchObject({ subtotal: 26, discount: 0, tax: 2.31, total: 28.31, paid: 30, change_due: 1.69 });
    expect(sale.message).toBe(said.sold(sale.sale_number, '$1.69'));
    // Lines come in the order the stock was taken (by printing), each with its share of the tax.
    expect(Object.fromEntries(sale.lines.map((l) => [l.name, [l.quantity, l.unit_price, l.tax, l.total]]))).toEqual({
      [a.name]: [2, 10, 1.78, 21.78],
      [b.name]: [1, 6, 0.53, 6.53],
    });
    expect(await copiesOf(owner, a)).toBe(1);
    expect(await copiesOf(owner, b)).toBe(0);
    // A sale is an order confirmed as it is made: in the history, never in the pending queue.
    const history = bodyOf(await owner.call('orderHistory')).data.orders;
    expect(history.map((o) => [o.order_number, o.status])).toEqual([[sale.sale_number, 'confirmed']]);
    expect(bodyOf(await owner.call('pendingOrders')).data.orders).toEqual([]);
    // One entry on the Activity screen, under orders (after the drawer's opening).
    const activity = bodyOf(await owner.call('shopActivity', { kind: 'order' })).entries;
    expect(activity.map((e) => [e.action, e.subject])).toEqual([
      ['register.sale', sale.sale_number],
      ['register.drawer_open', expect.any(String)],
    ]);
    expect(await salesOf(shop)).toHaveLength(1);
    // The Owner's data download holds the sale and what paid it.
    const data = bodyOf(await owner.call('shopExport'));
    expect(data.sales?.map((row) => row.total_cents)).toEqual([2831]);
    expect(data.sale_tenders?.map((row) => [row.kind, row.amount_cents])).toEqual([['cash', 3000]]);
  });

  it('with tax-inclusive prices the total is the shelf price, and the receipt says the part that was tax', async () => {
    const { owner, stock } = await shopWith([{ copies: 2, price: 12 }], {
      tax_rate_percent: 20,
      prices_include_tax: true,
    });
    const settings = bodyOf(await owner.call('settingsGet'));
    expect(settings).toMatchObject({
      tax_rate_percent: 20,
      prices_include_tax: true,
      employee_discount_limit_percent: 10,
    });
    const sale = bodyOf(await sell(owner, { items: [line(stock[0]!)], tenders: [{ kind: 'card', amount: 12 }] }));
    expect(sale).toMatchObject({ subtotal: 12, tax: 2, total: 12, paid: 12, change_due: 0 });
    const page = await fetch(server.url + sale.receipt_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await page.text();
    expect(text).toContain('Tax included (20 %)');
    expect(text).toContain(sale.sale_number);
  });

  it('charges a tax-exempt customer no tax', async () => {
    const { owner, stock } = await shopWith([{ copies: 2, price: 10 }], { tax_rate_percent: 10 });
    const school = bodyOf(
      await owner.call('customersCreate', {
        customer: { name: 'School club', email: 'club@example.com', tax_exempt: true },
      }),
    ).customer;
    const exempt = bodyOf(
      await sell(owner, { items: [line(stock[0]!)], customer_id: school.id, tenders: [{ kind: 'cash', amount: 10 }] }),
    );
    expect(exempt).toMatchObject({ tax: 0, total: 10 });
    const taxed = bodyOf(await sell(owner, { items: [line(stock[0]!)], tenders: [{ kind: 'cash', amount: 11 }] }));
    expect(taxed).toMatchObject({ tax: 1, total: 11 });
  });

  it('shares a discount over the lines, and splits tenders: store credit and card, cash for the rest', async () => {
    const { owner, stock } = await shopWith([
      { copies: 1, price: 30 },
      { copies: 1, price: 10 },
    ]);
    const eve = bodyOf(
      await owner.call('customersCreate', { customer: { name: 'Eve', email: 'eve@example.com' } }),
    ).customer;
    bodyOf(await owner.call('customersAdjust', { customer_id: eve.id, amount: 5, reason: 'Goodwill' }));
    const sale = bodyOf(
      await sell(owner, {
        items: stock.map((c) => line(c)),
        customer_id: eve.id,
        discount: { amount: 4 },
        tenders: [
          { kind: 'store_credit', amount: 5 },
          { kind: 'card', amount: 20, reference: 'AUTH 0042' },
          { kind: 'cash', amount: 20 },
        ],
      }),
    );
    // 40 − 4 = 36, shared 30 : 10 → 3 and 1.
    expect(sale).toMatchObject({ subtotal: 40, discount: 4, tax: 0, total: 36, paid: 45, change_due: 9 });
    expect(Object.fromEntries(sale.lines.map((l) => [l.name, l.discount]))).toEqual({
      [stock[0]!.name]: 3,
      [stock[1]!.name]: 1,
    });
    expect(bodyOf(await owner.call('customersGet', { customer_id: eve.id })).data.customer.balance).toBe(0);
    // Statistics count the sale at what it sold for: after the discount.
    const days = bodyOf(await owner.call('statsOrdersOverTime')).data.orders_by_date;
    expect(days.map((d) => [d.order_count, d.total_revenue])).toEqual([[1, 36]]);
    const top = bodyOf(await owner.call('statsTopSelling', { limit: 10 })).data.top_cards;
    expect(Object.fromEntries(top.map((c) => [c.card_name, c.revenue]))).toEqual({
      [stock[0]!.name]: 27,
      [stock[1]!.name]: 9,
    });
    const receipt = await (await fetch(server.url + sale.receipt_url)).text();
    expect(receipt).toContain('Card (AUTH 0042)');
    expect(receipt).toContain('Change');
  });

  it('refuses short tenders, card over what is due, and credit over the balance: 4xx, nothing changed', async () => {
    const { shop, owner, stock } = await shopWith([{ copies: 2, price: 10 }]);
    const card = stock[0]!;
    const short = await sell(owner, { items: [line(card)], tenders: [{ kind: 'cash', amount: 9.99 }] });
    expectError(short, 400);
    expect(short.body).toMatchObject({ code: 'VALIDATION', message: said.short('$10.00', '$9.99') });
    const over = await sell(owner, { items: [line(card)], tenders: [{ kind: 'card', amount: 10.01 }] });
    expectError(over, 400);
    expect(over.body.message).toBe(said.overNonCash('$10.00'));
    const noCustomer = await sell(owner, { items: [line(card)], tenders: [{ kind: 'store_credit', amount: 10 }] });
    expect(noCustomer.body.message).toBe(said.creditNeedsCustomer);
    const sam = bodyOf(
      await owner.call('customersCreate', { customer: { name: 'Sam', email: 'sam@example.com' } }),
    ).customer;
    const broke = await sell(owner, {
      items: [line(card)],
      customer_id: sam.id,
      tenders: [{ kind: 'store_credit', amount: 10 }],
    });
    expect(broke.body.message).toBe(said.creditOverBalance('$0.00'));
    const tooMany = await sell(owner, { items: [line(card, 3)], tenders: [{ kind: 'cash', amount: 100 }] });
    expectError(tooMany, 409);
    expect(tooMany.body).toMatchObject({ code: 'OUT_OF_STOCK', errors: [{ field: 'items.0' }] });
    expect(await copiesOf(owner, card)).toBe(2);
    expect(await salesOf(shop)).toEqual([]);
  });

  it('prices every line by the shop: a price sent in a line is ignored', async () => {
    const { owner, stock } = await shopWith([{ copies: 1, price: 10 }]);
    const cheap = { ...line(stock[0]!), price: 0.01, unit_price: 0.01 } as ReturnType<typeof line>;
    const res = await sell(owner, { items: [cheap], tenders: [{ kind: 'cash', amount: 0.01 }] });
    expectError(res, 400);
    expect(res.body.message).toBe(said.short('$10.00', '$0.01'));
    const sale = bodyOf(await sell(owner, { items: [cheap], tenders: [{ kind: 'cash', amount: 10 }] }));
    expect(sale.lines.map((l) => l.unit_price)).toEqual([10]);
  });

  it('lets an Employee discount up to the shop’s limit and no further; a Watcher rings up nothing', async () => {
    const { shop, owner, stock } = await shopWith([{ copies: 3, price: 10 }], {
      employee_discount_limit_percent: 10,
      tax_rate_percent: 7.25,
    });
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    bodyOf(await employee.call('registerDrawerOpen', { float: 0 }));
    // The Register screen's figures: an Employee reads the shop's tax and limit there, not in Settings.
    expect(bodyOf(await employee.call('registerSettings'))).toEqual({
      tax_rate_percent: 7.25,
      prices_include_tax: false,
      employee_discount_limit_percent: 10,
    });
    expectError(await employee.call('settingsGet'), 403);
    const card = stock[0]!;
    const over = await sell(employee, {
      items: [line(card)],
      discount: { percent: 10.5 },
      tenders: [{ kind: 'cash', amount: 10 }],
    });
    expectError(over, 403);
    expect(over.body.message).toBe(said.discountOverLimit(10));
    expectOk(
      await sell(employee, { items: [line(card)], discount: { percent: 10 }, tenders: [{ kind: 'cash', amount: 10 }] }),
    );
    // The Owner is not held to it.
    expectOk(
      await sell(owner, { items: [line(card)], discount: { percent: 50 }, tenders: [{ kind: 'cash', amount: 10 }] }),
    );
    const watcher = api(server, await addMember(server, shop.email, 'Watcher'));
    expectError(await sell(watcher, { items: [line(card)], tenders: [{ kind: 'cash', amount: 10 }] }), 403);
    expect(await copiesOf(owner, card)).toBe(1);
  });

  it('answers the same Idempotency-Key with the first sale, and another body with 422', async () => {
    const { shop, owner, stock } = await shopWith(
      [
        { copies: 5, price: 10 },
        { copies: 2, price: 3 },
      ],
      { tax_rate_percent: 8.875 },
    );
    const body: Sale = {
      items: [line(stock[0]!), line(stock[1]!, 2)],
      discount: { percent: 10 },
      tenders: [
        { kind: 'card', amount: 10, reference: 'T-1' },
        { kind: 'cash', amount: 20 },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(owner, body, 'till-1-sale-7')));
    for (const res of answers) expectOk(res);
    // Every answer is the sale as stored, the one that rang it up as well as the replays: its lines with their ids
    // and shares of the discount and tax, the change, the receipt's link.
    const stored = bodyOf(await sell(owner, body, 'till-1-sale-7'));
    for (const res of answers) expect(bodyOf(res)).toEqual(stored);
    expect(stored).toMatchObject({ subtotal: 16, discount: 1.6, tax: 1.28, total: 15.68, paid: 30, change_due: 14.32 });
    expect(Object.fromEntries(stored.lines.map((l) => [l.quantity, [l.discount, l.tax]]))).toEqual({
      1: [1, 0.8],
      2: [0.6, 0.48],
    });
    expect(await salesOf(shop)).toHaveLength(1);
    expect(await copiesOf(owner, stock[0]!)).toBe(4);
    const other = await sell(owner, { ...body, items: [line(stock[0]!, 2)] }, 'till-1-sale-7');
    expectError(other, 422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: said.idempotencyMismatch });
  });

  it('sells the last copies once when registers race for them', async () => {
    const { shop, owner, stock } = await shopWith([{ copies: 10, price: 2 }]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        sell(owner, { items: [line(stock[0]!)], tenders: [{ kind: 'cash', amount: 2 }] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await salesOf(shop)).toHaveLength(10);
    expect(await copiesOf(owner, stock[0]!)).toBe(0);
  });

  // PostgreSQL writes transactions side by side; SQLite one at a time (its sales queue by design, decision 009).
  it.skipIf(testEngine !== 'postgres')(
    'rings up a sale while another of the shop’s orders is numbered and written but not yet committed',
    async () => {
      const { shop, owner, stock } = await shopWith([{ copies: 1, price: 5 }]);
      // An order of the shop held open after its number and its row, the way the one door writes them: the shop's
      // callout counter and the orders version are the rows every order of the shop moves.
      let heldCallout = 0;
      const open = await holdOpen(server.ctx.db, async (tx) => {
        const at = new Date().toISOString();
        const { number, callout } = await nextNumber(tx, '', shop.id, 0, at);
        heldCallout = callout;
        await ordersRepository.insert(
          tx,
          {
            shop_id: shop.id,
            order_number: number,
            callout,
            source_kind: 'staff',
            source_id: 0,
            source_name: 'held',
            status: 'pending',
            idempotency_key: null,
            idempotency_fingerprint: null,
            total_items: 0,
            total_cents: 0,
            created_at: at,
            decided_at: null,
            decided_by: null,
            customer_name: null,
            customer_email: null,
            customer_phone: null,
            hold_until: null,
            reason: null,
          },
          [],
        );
      });
      try {
        const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000));
        const res = await Promise.race([
          sell(owner, { items: [line(stock[0]!)], tenders: [{ kind: 'card', amount: 5 }] }),
          waited,
        ]);
        expect(res, 'the sale waited for the open order to commit').not.toBe('waited');
        const sold = bodyOf(res as Awaited<ReturnType<typeof sell>>);
        // Numbers stay unique: the sale's callout is the one after the held order's.
        expect(Number(sold.sale_number.split('-').at(-1))).toBe(heldCallout + 1);
      } finally {
        await open.release();
      }
    },
  );

  it('serves the receipt to whoever holds its link, escaped; a wrong link finds nothing', async () => {
    const { shop, owner, stock } = await shopWith([{ copies: 1, price: 3 }]);
    await server.ctx.db
      .updateTable('shops')
      .set({ address: '<script>alert(1)</script> Main St' })
      .where('id', '=', shop.id)
      .execute();
    const sale = bodyOf(await sell(owner, { items: [line(stock[0]!)], tenders: [{ kind: 'cash', amount: 3 }] }));
    const answer = await fetch(server.url + sale.receipt_url);
    // The Register prints it from a frame of its own page; no other site may frame it.
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const text = await answer.text();
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Main St');
    expect(text).not.toContain('<script>');
    const wrong = await fetch(`${server.url}${routes.registerReceipt.path.replace(':receipt', 'x'.repeat(24))}`);
    expect(wrong.status).toBe(404);
    const malformed = await fetch(`${server.url}${routes.registerReceipt.path.replace(':receipt', 'nope')}`);
    expect(malformed.status).toBe(400);
  });
});
