import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { addMember, namedNonfoilCards, shop as buildShop, stockAtPrice } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';

const said = messages.registerServer;

/**
 * An order placed elsewhere, paid at the counter (issue 44): the order's copies and prices, the register's discount,
 * tax and tenders; a pending order is confirmed by it, an online reservation picked up; rung up once.
 */
describe(`an order rung up at the register (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  let next = 0;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = await namedNonfoilCards(server, 400);
  });
  afterAll(() => server.close());

  /** A shop at 10 % tax with `copies` of a fresh card at $10, its Owner's drawer open. */
  async function shopWith(copies: number) {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = cards[next++]!;
    await stockAtPrice(server, shop, card, copies, 10);
    bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, tax_rate_percent: 10 }));
    bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
    return { shop, owner, card };
  }
  const place = async (who: Api, card: FixtureCard, quantity: number, extra: Record<string, unknown> = {}) =>
    bodyOf(await who.call('placeOrder', { items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity }], ...extra }))
      .order_number;
  const copiesOf = async (owner: Api, card: FixtureCard) =>
    bodyOf(await owner.call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === card.id)
      .reduce((n, h) => n + h.quantity, 0);

  it('confirms a pending order as the sale: its prices, the discount, the tax, cash with change; once', async () => {
    const { owner, card } = await shopWith(3);
    const number = await place(owner, card, 2);
    expect(await copiesOf(owner, card)).toBe(1);
    // $20 less 10 % = $18, tax $1.80, total $19.80: $20 cash, $0.20 back.
    const sale = bodyOf(
      await owner.call('registerOrderSale', {
        order_number: number,
        discount: { percent: 10 },
        tenders: [{ kind: 'cash', amount: 20 }],
      }),
    );
    expect(sale).toMatchObject({
      sale_number: number,
      subtotal: 20,
      discount: 2,
      tax: 1.8,
      total: 19.8,
      paid: 20,
      change_due: 0.2,
    });
    expect(sale.message).toBe(said.sold(number, '$0.20'));
    // The copies were taken when it was placed: none more now.
    expect(await copiesOf(owner, card)).toBe(1);
    expect(bodyOf(await owner.call('pendingOrders')).data.orders).toEqual([]);
    const history = bodyOf(await owner.call('orderHistory')).data.orders;
    expect(history.map((o) => [o.order_number, o.status])).toEqual([[number, 'confirmed']]);
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer?.expected).toBe(19.8);
    // Once: the second time it is refused, and nothing moves.
    const again = await owner.call('registerOrderSale', {
      order_number: number,
      tenders: [{ kind: 'cash', amount: 20 }],
    });
    expectError(again, 409);
    expect(again.body.message).toBe(said.orderNotOpen(number, 'confirmed'));
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer?.expected).toBe(19.8);
    // It is a sale like any: found and returned at the register.
    const found = bodyOf(await owner.call('registerSaleFind', { sale_number: number }));
    expect(found.returnable).toEqual([{ line: sale.lines[0]!.line, quantity: 2, amount: 19.8 }]);
  });

  it('counts the store credit the order spent as paid, and takes more credit for the rest', async () => {
    const { owner, card } = await shopWith(2);
    const ada = bodyOf(
      await owner.call('customersCreate', { customer: { name: 'Ada Order', email: 'ada-order@example.com' } }),
    ).customer;
    bodyOf(await owner.call('customersAdjust', { customer_id: ada.id, amount: 30, reason: 'Gift' }));
    const number = await place(owner, card, 2, { customer_id: ada.id, store_credit: 5 });
    // $22 with tax; $5 paid with the order; the rest: $10 credit, $7 card.
    const sale = bodyOf(
      await owner.call('registerOrderSale', {
        order_number: number,
        tenders: [
          { kind: 'store_credit', amount: 10 },
          { kind: 'card', amount: 7 },
        ],
      }),
    );
    expect(sale).toMatchObject({ total: 22, paid: 22, change_due: 0 });
    expect(bodyOf(await owner.call('customersGet', { customer_id: ada.id })).data.customer.balance).toBe(15);
    const found = bodyOf(await owner.call('registerSaleFind', { sale_number: number }));
    expect(found.tenders.map((t) => [t.kind, t.amount])).toEqual([
      ['store_credit', 10],
      ['card', 7],
      ['store_credit', 5],
    ]);
  });

  it('refuses short tenders, an unknown or rejected order, and an Employee’s discount over the limit', async () => {
    const { shop, owner, card } = await shopWith(4);
    const number = await place(owner, card, 1);
    const short = await owner.call('registerOrderSale', {
      order_number: number,
      tenders: [{ kind: 'card', amount: 10 }],
    });
    expectError(short, 400);
    expect(short.body.message).toBe(said.short('$11.00', '$10.00'));
    expectError(await owner.call('registerOrderSale', { order_number: 'nope', tenders: [] }), 404);
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    const over = await employee.call('registerOrderSale', {
      order_number: number,
      discount: { percent: 50 },
      tenders: [{ kind: 'card', amount: 5.5 }],
    });
    expectError(over, 403);
    expect(over.body.message).toBe(said.discountOverLimit(10));
    const rejected = await place(owner, card, 1);
    bodyOf(await owner.call('rejectOrder', { order_number: rejected }));
    const late = await owner.call('registerOrderSale', {
      order_number: rejected,
      tenders: [{ kind: 'card', amount: 11 }],
    });
    expectError(late, 409);
    expect(late.body.message).toBe(said.orderNotOpen(rejected, 'rejected'));
    // The pending one is still pending, nothing taken: an Employee rings it up within the limit.
    const sale = bodyOf(
      await employee.call('registerOrderSale', { order_number: number, tenders: [{ kind: 'card', amount: 11 }] }),
    );
    expect(sale.total).toBe(11);
  });

  it('picks up an online reservation ready for pickup when its customer pays at the counter', async () => {
    const { owner, card } = await shopWith(2);
    const subdomain = `pick-${next}-${Date.now()}`;
    bodyOf(await owner.call('settingsSave', { subdomain, shop_hidden: 0, reservations_enabled: true }));
    const { order_number: number } = bodyOf(
      await api(server).call(
        'publicOrder',
        {
          subdomain,
          items: [{ scryfall_id: card.id, quantity: 1 }],
          name: 'Rae Reserver',
          email: 'rae@example.com',
          turnstileToken: 't',
        },
        { headers: { 'idempotency-key': `rae-${subdomain}` } },
      ),
    );
    bodyOf(await owner.call('confirmOrder', { order_number: number }));
    const sale = bodyOf(
      await owner.call('registerOrderSale', { order_number: number, tenders: [{ kind: 'card', amount: 11 }] }),
    );
    expect(sale.total).toBe(11);
    const history = bodyOf(await owner.call('orderHistory')).data.orders;
    expect(history.find((o) => o.order_number === number)?.status).toBe('picked_up');
  });
});
