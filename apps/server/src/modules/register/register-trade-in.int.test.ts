import { messages } from '@cardstock/contract';
import type { FixtureCard } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type Api, type CallInput } from '../../../test/client.ts';
import { addMember, namedNonfoilCards, shop as buildShop, type Shop, stockAtPrice } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';

const said = messages.registerServer;
type Sale = Omit<CallInput<'registerSale'>, 'token'>;

/**
 * Trade-in in the sale (issue 44) over real HTTP: cards the customer sells to the shop, priced by the buylist's offer
 * (never by the request), netted against the sale as credit or paid out in cash, bought into stock at their cost in the
 * sale's transaction and recorded as a buy order accepted at once; refused whole when the shop does not want a line.
 */
describe(`trade-in at the register (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  let nextCard = 0;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = await namedNonfoilCards(server, 600);
  });
  afterAll(() => server.close());

  /** A fresh printing with a nonfoil market price of `cents`: the default rules offer 50 % cash, 65 % credit. */
  async function priced(cents: number): Promise<FixtureCard> {
    const card = cards[nextCard++]!;
    await server.ctx.db
      .updateTable('cards')
      .set({ price_usd: cents, price_usd_foil: null })
      .where('id', '=', card.id)
      .execute();
    await catalogRepository.changed(server.ctx.db, new Date().toISOString());
    return card;
  }

  /** A new shop, its Owner's client, and a card on its shelf at `price` dollars (`copies` of it). */
  async function shopSelling(price: number, copies = 5, settings?: Record<string, unknown>) {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = cards[nextCard++]!;
    await stockAtPrice(server, shop, card, copies, price);
    if (settings) bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, ...settings }));
    return { shop, owner, sold: card };
  }
  const line = (card: FixtureCard, quantity = 1) => ({ scryfall_id: card.id, finish: 'nonfoil' as const, quantity });
  const traded = (card: FixtureCard, quantity: number, quality: 'NM' | 'LP' = 'NM') => ({
    scryfall_id: card.id,
    quality,
    quantity,
  });
  const sell = (who: Api, sale: Sale, key?: string) =>
    who.call('registerSale', sale, key ? { headers: { 'Idempotency-Key': key } } : {});
  const rows = (shop: Shop, card: FixtureCard) =>
    server.ctx.db
      .selectFrom('inventory')
      .select(['quality', 'quantity', 'cost_cents'])
      .where('shop_id', '=', shop.id)
      .where('card_id', '=', card.id)
      .orderBy('quality')
      .execute();
  const quantityOf = async (shop: Shop, card: FixtureCard) =>
    (await rows(shop, card)).reduce((n, r) => n + r.quantity, 0);
  /** Everything a sale with a trade-in writes, counted: to prove a refusal wrote none of it. */
  const written = async (shop: Shop) => {
    const count = async (table: 'sales' | 'buy_orders' | 'orders' | 'credit_ledger') =>
      (await server.ctx.db.selectFrom(table).select('id').where('shop_id', '=', shop.id).execute()).length;
    return {
      sales: await count('sales'),
      buy_orders: await count('buy_orders'),
      orders: await count('orders'),
      ledger: await count('credit_ledger'),
    };
  };
  const customerOf = async (owner: Api, name: string) =>
    bodyOf(
      await owner.call('customersCreate', {
        customer: { name, email: `${name.toLowerCase()}-${nextCard}@example.com` },
      }),
    ).customer;

  it('credit payout: the trade-in is taken off what is due, untaxed and undiscounted, and shown on the receipt', async () => {
    const { shop, owner, sold } = await shopSelling(20, 5, { tax_rate_percent: 10 });
    const card = await priced(1000);
    // Credit 65 % of $10.00 = $6.50 a copy; two copies $13.00 off the $22.00 the sold card costs with its tax.
    const sale: Sale = {
      items: [line(sold)],
      trade_in: [traded(card, 2)],
      trade_in_payout: 'credit',
      tenders: [{ kind: 'card', amount: 9, reference: 'T-1' }],
    };
    // A card tender of the whole total is more than is due once the trade-in is netted.
    const over = await sell(owner, { ...sale, tenders: [{ kind: 'card', amount: 22 }] });
    expectError(over, 400);
    expect(over.body.message).toBe(said.overNonCash('$9.00'));
    // A 10 % discount on the sale leaves the trade-in whole: $20 − $2 = $18, taxed $1.80, less $13.00.
    const discounted = await sell(owner, {
      ...sale,
      discount: { percent: 10 },
      tenders: [{ kind: 'card', amount: 6.8 }],
    });
    expectOk(discounted);
    expect(discounted.body).toMatchObject({ subtotal: 20, discount: 2, tax: 1.8, total: 19.8, trade_in_total: 13 });
    expect(discounted.body).toMatchObject({ due: 6.8, paid: 6.8, change_due: 0 });

    const res = await sell(owner, sale);
    expectOk(res);
    const answer = res.body;
    expect(answer).toMatchObject({
      subtotal: 20,
      tax: 2,
      total: 22,
      trade_in_total: 13,
      trade_in_payout: 'credit',
      due: 9,
      paid: 9,
      change_due: 0,
      trade_in_cash_out: 0,
      credit_to_customer: 0,
    });
    expect(answer.trade_in_lines).toEqual([
      {
        scryfall_id: card.id,
        name: card.name,
        set_code: card.set,
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 2,
        unit_price: 6.5,
        total: 13,
      },
    ]);
    expect(answer.buy_number).toMatch(/^B\d{8}-/);
    // The bought copies are stock now, at what the shop paid for each.
    expect(await rows(shop, card)).toEqual([{ quality: 'NM', quantity: 4, cost_cents: 650 }]);
    // The buylist's history shows it as a buy order accepted at once, paid in credit.
    const history = bodyOf(await owner.call('buylistHistory')).data.buy_orders;
    expect(history.find((o) => o.buy_number === answer.buy_number)).toMatchObject({
      status: 'accepted',
      payout: 'credit',
      paid: 13,
      total_items: 2,
    });
    // One entry on the Activity screen for the sale, which tells its trade-in.
    const activity = bodyOf(await owner.call('shopActivity', {})).entries.filter(
      (e) => e.subject === answer.sale_number || e.subject === answer.buy_number,
    );
    expect(activity.map((e) => e.action)).toEqual(['register.sale']);
    expect(activity[0]!.detail).toMatchObject({
      trade_in: { buy_number: answer.buy_number, payout: 'credit', amount_cents: 1300, copies: 2 },
    });
    const receipt = await (await fetch(server.url + answer.receipt_url)).text();
    expect(receipt).toContain(`Trade-in (${answer.buy_number})`);
    expect(receipt).toContain('2 × $6.50');
    expect(receipt).toContain('Trade-in credit');
    expect(receipt).toContain('−$13.00');
    expect(await written(shop)).toMatchObject({ sales: 2, buy_orders: 2, ledger: 0 });
  });

  it('credit payout worth more than the sale: the rest goes on the customer’s store credit, no tender needed', async () => {
    const { shop, owner, sold } = await shopSelling(5);
    const card = await priced(1000);
    const sale: Sale = { items: [line(sold)], trade_in: [traded(card, 2)], trade_in_payout: 'credit', tenders: [] };
    // Without a customer the $8.00 beyond the sale has nowhere to go: refused, naming the field, nothing written.
    const nameless = await sell(owner, sale);
    expectError(nameless, 400);
    expect(nameless.body.message).toBe(said.tradeInCreditNeedsCustomer('$8.00'));
    expect(nameless.body.errors).toEqual([{ field: 'customer_id', message: said.tradeInCreditNeedsCustomer('$8.00') }]);
    expect(await written(shop)).toEqual({ sales: 0, buy_orders: 0, orders: 0, ledger: 0 });
    expect(await quantityOf(shop, card)).toBe(0);
    expect(await quantityOf(shop, sold)).toBe(5);

    const ada = await customerOf(owner, 'Ada');
    const answer = bodyOf(await sell(owner, { ...sale, customer_id: ada.id }));
    expect(answer).toMatchObject({ total: 5, trade_in_total: 13, due: 0, paid: 0, credit_to_customer: 8 });
    expect(answer.message).toBe(`${said.sold(answer.sale_number, '')} ${said.tradeInPaid('credit', '$8.00')}`);
    const page = bodyOf(await owner.call('customersGet', { customer_id: ada.id })).data;
    expect(page.customer.balance).toBe(8);
    expect(page.ledger.map((e) => [e.kind, e.amount, e.balance_after, e.reference])).toEqual([
      ['trade_in', 8, 8, answer.buy_number],
    ]);
    expect(page.buy_orders.map((o) => [o.buy_number, o.status, o.payout, o.total])).toEqual([
      [answer.buy_number, 'accepted', 'credit', 13],
    ]);
    // The sale's one audit entry tells the credit and the balance it left (the ledger's entry is the sale's).
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('shop_id', '=', shop.id)
      .where('action', 'in', ['register.sale', 'buylist.accept', 'credit.adjust'])
      .execute();
    expect(audit).toEqual([{ action: 'register.sale', subject: answer.sale_number }]);

    // A trade-in alone is a sale too: every cent of it onto the store credit.
    const alone = bodyOf(
      await sell(owner, {
        items: [],
        trade_in: [traded(card, 1)],
        trade_in_payout: 'credit',
        customer_id: ada.id,
        tenders: [],
      }),
    );
    expect(alone).toMatchObject({ subtotal: 0, total: 0, trade_in_total: 6.5, credit_to_customer: 6.5, lines: [] });
    expect(bodyOf(await owner.call('customersGet', { customer_id: ada.id })).data.customer.balance).toBe(14.5);
    expect(await quantityOf(shop, card)).toBe(3);
  });

  it('cash payout: the sale is due in full, the trade-in is paid out in cash, and the stock’s cost is averaged', async () => {
    const { shop, owner, sold } = await shopSelling(10);
    const card = await priced(1000);
    // Cash out of the drawer needs the seller's open drawer (decision 038), as cash in does.
    const closed = await sell(owner, {
      items: [line(sold)],
      trade_in: [traded(card, 1)],
      trade_in_payout: 'cash',
      tenders: [{ kind: 'card', amount: 10 }],
    });
    expectError(closed, 409);
    expect(closed.body.code).toBe('DRAWER_CLOSED');
    expect(await written(shop)).toMatchObject({ sales: 0, buy_orders: 0 });
    bodyOf(await owner.call('registerDrawerOpen', { float: 100 }));
    // Cash 50 % of $10.00 = $5.00 a copy, paid out of the drawer; the $10.00 sold is paid in full by card.
    const answer = bodyOf(
      await sell(owner, {
        items: [line(sold)],
        trade_in: [traded(card, 1)],
        trade_in_payout: 'cash',
        tenders: [{ kind: 'card', amount: 10 }],
      }),
    );
    expect(answer).toMatchObject({
      total: 10,
      due: 10,
      paid: 10,
      trade_in_total: 5,
      trade_in_payout: 'cash',
      trade_in_cash_out: 5,
      credit_to_customer: 0,
    });
    expect(answer.message).toBe(`${said.sold(answer.sale_number, '')} ${said.tradeInPaid('cash', '$5.00')}`);
    // Short of the full total, netting nothing: a cash payout is not credit.
    const short = await sell(owner, {
      items: [line(sold)],
      trade_in: [traded(card, 1)],
      trade_in_payout: 'cash',
      tenders: [{ kind: 'card', amount: 5 }],
    });
    expectError(short, 400);
    expect(short.body.message).toBe(said.short('$10.00', '$5.00'));
    // The drawer's one field: what the sale paid out in cash.
    const row = await server.ctx.db
      .selectFrom('sales')
      .select(['trade_in_cents', 'trade_in_cash_cents', 'trade_in_credit_cents', 'trade_in_payout'])
      .where('shop_id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      trade_in_cents: 500,
      trade_in_cash_cents: 500,
      trade_in_credit_cents: 0,
      trade_in_payout: 'cash',
    });
    expect(await rows(shop, card)).toEqual([{ quality: 'NM', quantity: 1, cost_cents: 500 }]);
    // The drawer paid the $5.00 out: $100.00 float, less it.
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer?.expected).toBe(95);
    const receipt = await (await fetch(server.url + answer.receipt_url)).text();
    expect(receipt).toContain('Trade-in paid in cash');
    expect(receipt).not.toContain('Trade-in credit');

    // Then two copies for credit ($6.50 each): the row holds 3 at their average cost, (500 + 2 × 650) / 3 = 600.
    const eve = await customerOf(owner, 'Eve');
    bodyOf(
      await sell(owner, {
        items: [],
        trade_in: [traded(card, 2)],
        trade_in_payout: 'credit',
        customer_id: eve.id,
        tenders: [],
      }),
    );
    expect(await rows(shop, card)).toEqual([{ quality: 'NM', quantity: 3, cost_cents: 600 }]);
    // The shelf gave one copy to the one sale that went through; the refused one took none.
    expect(await quantityOf(shop, sold)).toBe(4);
    // The sales report counts both trade-ins at their full value, and the ledger only what went on store credit.
    const today = new Date().toISOString().slice(0, 10);
    const report = bodyOf(await owner.call('statsSalesReport', { from: today, to: today }));
    expect(report).toMatchObject({ total: { sales: 2, takings: 10, card: 10, trade_in_cash: 5, trade_in_credit: 13 } });
    expect(report).toMatchObject({ total: { credit_issued: 13 } });
  });

  it('refuses a line the shop does not buy, or buys fewer of, naming it: 409 NOT_WANTED, nothing written', async () => {
    const { shop, owner, sold } = await shopSelling(10);
    const [wanted, refused, capped] = [await priced(1000), await priced(1000), await priced(1000)];
    bodyOf(await owner.call('buylistCardSet', { scryfall_id: refused.id, not_buying: true }));
    bodyOf(await owner.call('buylistCardSet', { scryfall_id: capped.id, target_stock: 2 }));
    const res = await sell(owner, {
      items: [line(sold)],
      trade_in: [traded(wanted, 1), traded(refused, 1), traded(capped, 3)],
      trade_in_payout: 'credit',
      tenders: [{ kind: 'card', amount: 10 }],
    });
    expectError(res, 409);
    const named = (card: FixtureCard) => `${card.name} (${card.set.toUpperCase()}, NM)`;
    const why = [
      {
        field: 'trade_in.1',
        message: said.tradeInNotWanted(named(refused), messages.buylist.screen.reasons.not_buying),
      },
      { field: 'trade_in.2', message: said.tradeInFewerWanted(named(capped), 2, 3) },
    ];
    expect(res.body).toMatchObject({ code: 'NOT_WANTED', message: why.map((w) => w.message).join(' ') });
    expect(res.body.errors).toEqual(why);
    expect(await written(shop)).toEqual({ sales: 0, buy_orders: 0, orders: 0, ledger: 0 });
    expect(await quantityOf(shop, sold)).toBe(5);
    for (const card of [wanted, refused, capped]) expect(await quantityOf(shop, card)).toBe(0);
    // A sold line the shelf cannot fill refuses the sale, and its trade-in with it.
    const short = await sell(owner, {
      items: [line(sold, 6)],
      trade_in: [traded(wanted, 1)],
      trade_in_payout: 'credit',
      tenders: [{ kind: 'card', amount: 53.5 }],
    });
    expectError(short, 409);
    expect(short.body.code).toBe('OUT_OF_STOCK');
    expect(await quantityOf(shop, wanted)).toBe(0);

    // The wire's own refusals: a trade-in needs its payout; an empty sale without a trade-in is still no sale.
    const noPayout = await sell(owner, { items: [line(sold)], trade_in: [traded(wanted, 1)], tenders: [] });
    expectError(noPayout, 400);
    expect(noPayout.body.message).toContain('trade_in_payout is cash or credit.');
    const empty = await sell(owner, { items: [], trade_in: [], tenders: [] });
    expectError(empty, 400);
    expect(empty.body.message).toContain('The sale has no items.');
    expect(await written(shop)).toEqual({ sales: 0, buy_orders: 0, orders: 0, ledger: 0 });
  });

  it('holds an Employee to the shop’s payout limit, at once and over 24 hours, counting Buylist accepts too', async () => {
    const { shop, owner, sold } = await shopSelling(10, 10);
    const card = await priced(1000);
    const rules = bodyOf(await owner.call('buylistRules')).data.rules;
    bodyOf(await owner.call('buylistRulesUpdate', { rules: { ...rules, employee_accept_limit_cents: 10_00 } }));
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    bodyOf(await employee.call('registerDrawerOpen', { float: 50 }));
    const trade = (copies: number): Sale => ({
      items: [line(sold)],
      trade_in: [traded(card, copies)],
      trade_in_payout: 'cash',
      tenders: [{ kind: 'card', amount: 10 }],
    });
    // $5.00 cash a copy: three copies are over $10.00 at once.
    const over = await sell(employee, trade(3));
    expectError(over, 403);
    expect(over.body.message).toBe(messages.buylist.server.overLimit(10_00));
    expect(await written(shop)).toEqual({ sales: 0, buy_orders: 0, orders: 0, ledger: 0 });
    // One copy bought on the Buylist screen and one at the register reach the day's $10.00 together.
    const sellList = async () =>
      bodyOf(await employee.call('buylistSubmit', { items: [{ scryfall_id: card.id, quality: 'NM', quantity: 1 }] }))
        .buy_number;
    expectOk(await employee.call('buylistAccept', { buy_number: await sellList(), payout: 'cash' }));
    expectOk(await sell(employee, trade(1)));
    const daily = await sell(employee, trade(1));
    expectError(daily, 403);
    expect(daily.body.message).toBe(messages.buylist.server.overDailyLimit(10_00, 10_00));
    // And the register's trade-in counts on the Buylist screen.
    const accept = await employee.call('buylistAccept', { buy_number: await sellList(), payout: 'cash' });
    expectError(accept, 403);
    expect(accept.body.message).toBe(messages.buylist.server.overDailyLimit(10_00, 10_00));
    expect(await quantityOf(shop, sold)).toBe(9);
    expect(await quantityOf(shop, card)).toBe(2);
    // An Owner is not limited (paying out of the Owner's own drawer).
    bodyOf(await owner.call('registerDrawerOpen', { float: 50 }));
    expectOk(await sell(owner, trade(3)));
    expect(await quantityOf(shop, card)).toBe(5);
  });

  it('answers the same Idempotency-Key with the first sale and its trade-in, and another trade-in with 422', async () => {
    const { shop, owner, sold } = await shopSelling(10);
    const card = await priced(1000);
    const body: Sale = {
      items: [line(sold)],
      trade_in: [traded(card, 2)],
      trade_in_payout: 'credit',
      tenders: [],
      customer_id: (await customerOf(owner, 'Bo')).id,
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(owner, body, 'till-2-sale-1')));
    for (const res of answers) expectOk(res);
    const first = bodyOf(answers[0]!);
    for (const res of answers) expect(bodyOf(res)).toEqual(first);
    expect(first).toMatchObject({ trade_in_total: 13, credit_to_customer: 3 });
    expect(await written(shop)).toEqual({ sales: 1, buy_orders: 1, orders: 1, ledger: 1 });
    expect(await quantityOf(shop, card)).toBe(2);
    const other = await sell(owner, { ...body, trade_in: [traded(card, 1)] }, 'till-2-sale-1');
    expectError(other, 422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: said.idempotencyMismatch });
    const otherPayout = await sell(owner, { ...body, trade_in_payout: 'cash' }, 'till-2-sale-1');
    expectError(otherPayout, 422);
    expect(await written(shop)).toEqual({ sales: 1, buy_orders: 1, orders: 1, ledger: 1 });
  });

  it('adds up trade-ins of the same printing rung up at once at two registers', async () => {
    const { shop, owner, sold } = await shopSelling(20, 10);
    const card = await priced(1000);
    // The shop wants more of it than the rarity's target, so every copy here is wanted.
    bodyOf(await owner.call('buylistCardSet', { scryfall_id: card.id, target_stock: 100 }));
    bodyOf(await owner.call('registerDrawerOpen', { float: 100 }));
    // $20.00 sold: in full with a cash payout, $20.00 − $13.00 with a credit one.
    const till = (payout: 'cash' | 'credit') =>
      sell(owner, {
        items: [line(sold)],
        trade_in: [traded(card, 2)],
        trade_in_payout: payout,
        tenders: [{ kind: 'card', amount: payout === 'cash' ? 20 : 7 }],
      });
    for (let round = 0; round < 3; round++) {
      const [cash, credit] = await Promise.all([till('cash'), till('credit')]);
      expectOk(cash);
      expectOk(credit);
    }
    // Six sales, each of two copies: 6 at $5.00 and 6 at $6.50 average to $5.75 a copy.
    expect(await rows(shop, card)).toEqual([{ quality: 'NM', quantity: 12, cost_cents: 575 }]);
    expect(await quantityOf(shop, sold)).toBe(4);
    expect(await written(shop)).toMatchObject({ sales: 6, buy_orders: 6 });
    // Three cash payouts of $10.00 out of the $100.00 float.
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer?.expected).toBe(70);
  });
});
