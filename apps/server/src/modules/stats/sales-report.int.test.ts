import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import type { SalesReport } from '@cardstock/contract';
import { catalog, shop as buildShop, stockAtPrice, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * The sales report (issue 44): day by day in the shop's time zone, register sales with their discounts, tax and
 * tenders (cash net of change), orders confirmed in Order Management at their totals, trade-ins paid out and store
 * credit issued and spent; the same figures as CSV.
 */
describe(`sales report (${testEngine})`, () => {
  let server: TestServer;
  let cards: Awaited<ReturnType<typeof catalog>>;
  let shop: Shop;
  let owner: Api;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = (await catalog(server, 200)).filter((c) => c.finishes.includes('nonfoil'));
    shop = await buildShop(server);
    owner = api(server, shop);
    for (const [i, price] of [10, 20, 5].entries()) {
      const card = cards[i]!;
      await stockAtPrice(server, shop, card, 10, price);
    }
    bodyOf(
      await owner.call('settingsSave', {
        subdomain: '',
        shop_hidden: 1,
        tax_rate_percent: 10,
        time_zone: 'America/Los_Angeles',
      }),
    );
    // Cash needs the seller's open drawer (decision 038).
    bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
  });
  afterAll(() => server.close());

  const line = (i: number, quantity = 1) => ({ scryfall_id: cards[i]!.id, finish: 'nonfoil' as const, quantity });
  /** Moves a sale (and its order) to `at`, as if it had been rung up then. */
  const backdateSale = async (saleNumber: string, at: string) => {
    const order = await server.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', saleNumber)
      .executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('sales').set({ created_at: at }).where('order_id', '=', order.id).execute();
    await server.ctx.db
      .updateTable('orders')
      .set({ created_at: at, decided_at: at })
      .where('id', '=', order.id)
      .execute();
    return order.id;
  };
  const report = async (from: string, to: string) =>
    bodyOf(await owner.call('statsSalesReport', { from, to })) as SalesReport;

  it('counts each sale on its day in the shop’s time zone, with discounts, tax, tenders net of change', async () => {
    // 2 × $10 less 10 % = $18, tax 10 % $1.80, total $19.80: $20 cash, $0.20 change. At 23:30 in Los Angeles (PDT,
    // UTC−7 since 8 March), 9 March.
    const first = bodyOf(
      await owner.call('registerSale', {
        items: [line(0, 2)],
        discount: { percent: 10 },
        tenders: [{ kind: 'cash', amount: 20 }],
      }),
    );
    await backdateSale(first.sale_number, '2026-03-10T06:30:00.000Z');
    // $20 + $5 = $25, tax $2.50, total $27.50: $7.50 by card, $20 cash. At 00:30 in Los Angeles, 10 March.
    const second = bodyOf(
      await owner.call('registerSale', {
        items: [line(1), line(2)],
        tenders: [
          { kind: 'card', amount: 7.5, reference: 'T-1' },
          { kind: 'cash', amount: 20 },
        ],
      }),
    );
    await backdateSale(second.sale_number, '2026-03-10T07:30:00.000Z');
    // An order confirmed in Order Management the same day: $5, its money not taken at the register.
    const placed = bodyOf(await owner.call('placeOrder', { items: [line(2)] }));
    bodyOf(await owner.call('confirmOrder', { order_number: placed.order_number }));
    await backdateSale(placed.order_number, '2026-03-10T20:00:00.000Z');
    // A sale on 12 March, outside the range asked for.
    const later = bodyOf(
      await owner.call('registerSale', { items: [line(2)], tenders: [{ kind: 'cash', amount: 6 }] }),
    );
    await backdateSale(later.sale_number, '2026-03-12T20:00:00.000Z');
    // One of the first sale's two copies back on 10 March, in cash: half of $19.80, of it $0.90 tax.
    const back = bodyOf(
      await owner.call('registerReturn', {
        sale_number: first.sale_number,
        lines: [{ line: first.lines[0]!.line, quantity: 1, restock: true }],
        refund: [{ kind: 'cash', amount: 9.9 }],
      }),
    );
    await server.ctx.db
      .updateTable('sale_returns')
      .set({ created_at: '2026-03-10T18:00:00.000Z' })
      .where('return_number', '=', back.return_number)
      .execute();

    const answer = await report('2026-03-09', '2026-03-10');
    expect(answer.time_zone).toBe('America/Los_Angeles');
    expect(answer.days.map((d) => d.date)).toEqual(['2026-03-09', '2026-03-10']);
    expect(answer.days[0]).toMatchObject({
      sales: 1,
      gross: 20,
      discounts: 2,
      returns: 0,
      net: 18,
      tax: 1.8,
      takings: 19.8,
      cash: 19.8,
      card: 0,
      not_rung_up: 0,
    });
    expect(answer.days[1]).toMatchObject({
      sales: 2,
      gross: 30,
      discounts: 0,
      // The return counts on its own day, not its sale's.
      returns: 9,
      net: 21,
      tax: 2.5,
      takings: 32.5,
      cash: 20,
      card: 7.5,
      refunded: 9.9,
      tax_refunded: 0.9,
      not_rung_up: 5,
    });
    expect(answer.total).toMatchObject({
      sales: 3,
      gross: 50,
      discounts: 2,
      returns: 9,
      net: 39,
      tax: 4.3,
      takings: 52.3,
      refunded: 9.9,
      tax_refunded: 0.9,
    });
    expect(answer.total.cash + answer.total.card + answer.total.not_rung_up).toBeCloseTo(answer.total.takings, 9);
  });

  it('answers the same figures as a CSV file, a row a day and a total', async () => {
    const res = await owner.call('statsSalesReport', { from: '2026-03-09', to: '2026-03-10', format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="sales_report_2026-03-09_2026-03-10.csv"',
    );
    const rows = res.text.trim().split(/\r?\n/);
    expect(rows[0]).toBe(
      'Date,Sales,Gross,Discounts,Returns,Net,Tax,Takings,Cash,Card,Store credit,Other,Refunded,Tax refunded,Not rung up,Trade-in cash,Trade-in credit,Credit issued,Credit spent',
    );
    expect(rows[1]).toBe(
      '2026-03-09,1,20.00,2.00,0.00,18.00,1.80,19.80,19.80,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00',
    );
    expect(rows[3]).toMatch(/^Total,3,50\.00,2\.00,9\.00,39\.00,4\.30,52\.30,/);
    expect(rows).toHaveLength(4);
  });

  it('counts store credit issued and spent, and trade-ins paid out in cash or credit', async () => {
    const ada = bodyOf(await owner.call('customersCreate', { customer: { name: 'Ada', email: 'ada@example.com' } }));
    bodyOf(await owner.call('customersAdjust', { customer_id: ada.customer.id, amount: 15, reason: 'Opening credit' }));
    bodyOf(
      await owner.call('registerSale', {
        items: [line(2)],
        customer_id: ada.customer.id,
        tenders: [{ kind: 'store_credit', amount: 5.5 }],
      }),
    );
    bodyOf(await owner.call('buylistCardSet', { scryfall_id: cards[5]!.id, fixed_cash: 2, fixed_credit: 3 }));
    for (const payout of ['cash', 'credit'] as const) {
      const { buy_number } = bodyOf(
        await owner.call('buylistSubmit', {
          items: [{ scryfall_id: cards[5]!.id, quality: 'NM', quantity: 2 }],
          customer_id: ada.customer.id,
        }),
      );
      bodyOf(await owner.call('buylistAccept', { buy_number, payout }));
    }
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    const { days, total } = await report(today, today);
    expect(days).toHaveLength(1);
    expect(total).toMatchObject({
      sales: 1,
      store_credit: 5.5,
      trade_in_cash: 4,
      trade_in_credit: 6,
      // The opening $15 and the trade-in's $6.
      credit_issued: 21,
      credit_spent: 5.5,
    });
  });

  it('refuses a range it cannot read, and keeps one shop’s sales from another', async () => {
    expectError(await owner.call('statsSalesReport', { from: '2026-03-10', to: '2026-03-09' }), 400);
    expectError(await owner.call('statsSalesReport', { from: '2026-02-30', to: '2026-03-09' }), 400);
    expectError(await owner.call('statsSalesReport', { from: '2025-01-01', to: '2026-03-09' }), 400);
    const other = api(server, await buildShop(server));
    const theirs = bodyOf(await other.call('statsSalesReport', { from: '2026-03-09', to: '2026-03-10' }));
    expect(typeof theirs !== 'string' && theirs.total.sales).toBe(0);
  });
});
