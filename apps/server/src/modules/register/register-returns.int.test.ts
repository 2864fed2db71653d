import { messages, returnMessages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api, type ApiResult, type CallInput } from '../../../test/client.ts';
import { addMember, namedNonfoilCards, shop as buildShop, type Shop, stockAtPrice } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';

const said = returnMessages.server;
type Return = Omit<CallInput<'registerReturn'>, 'token'>;

/** A refusal: its status and the sentence a person reads. */
function refused(res: ApiResult<'registerReturn' | 'registerSaleFind'>, status: number, message: string) {
  expectError(res, status);
  expect(res.body.message).toBe(message);
}

/**
 * Returns at the register (issue 44, decision 037) over real HTTP: copies of a sale's lines back onto the shelf (or
 * not, when damaged), refunded exactly what they paid with their tax, to the tenders that paid, store credit or cash
 * from the drawer; never more than was paid, nothing written when refused; Owners and Managers only.
 */
describe(`returns at the register (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  let nextCard = 0;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = await namedNonfoilCards(server, 400);
  });
  afterAll(() => server.close());

  /** A new shop at 8.875 % tax with `copies` of a fresh card at `price`, its Owner's drawer open with no float. */
  async function shopWith(copies: number, price: number) {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = cards[nextCard++]!;
    await stockAtPrice(server, shop, card, copies, price);
    bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, tax_rate_percent: 8.875 }));
    bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
    return { shop, owner, card };
  }
  const line = (card: FixtureCard, quantity = 1) => ({ scryfall_id: card.id, finish: 'nonfoil' as const, quantity });
  const copiesOf = async (owner: Api, card: FixtureCard) =>
    bodyOf(await owner.call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === card.id)
      .reduce((n, h) => n + h.quantity, 0);
  const giveBack = (who: Api, input: Return) => who.call('registerReturn', input);
  /** What a refused return must leave as it was: the shop's returns, the sale's count, the drawers' cash. */
  const stateOf = async (shop: Shop) =>
    JSON.stringify(
      await Promise.all([
        server.ctx.db.selectFrom('sale_returns').selectAll().where('shop_id', '=', shop.id).execute(),
        server.ctx.db.selectFrom('sales').select('returns_count').where('shop_id', '=', shop.id).execute(),
        server.ctx.db.selectFrom('drawer_moves').select('amount_cents').where('shop_id', '=', shop.id).execute(),
        server.ctx.db.selectFrom('inventory').select('quantity').where('shop_id', '=', shop.id).execute(),
        server.ctx.db.selectFrom('credit_ledger').select('amount_cents').where('shop_id', '=', shop.id).execute(),
      ]),
    );

  it('returns copies in parts: each gives back its share of what the line paid with its tax, never more in all', async () => {
    const { shop, owner, card } = await shopWith(5, 10);
    // The shop's return policy, printed on every receipt (escaped as any shop text).
    const policy = 'Returns within 14 days <with the receipt>.';
    bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, return_policy: ` ${policy} ` }));
    expect(bodyOf(await owner.call('settingsGet')).return_policy).toBe(policy);
    // 3 × 10.00 = 30.00 at 8.875 % = 2.6625 → 2.66: the line paid 32.66, by card.
    const sale = bodyOf(
      await owner.call('registerSale', { items: [line(card, 3)], tenders: [{ kind: 'card', amount: 32.66 }] }),
    );
    const id = sale.lines[0]!.line;
    expect(await copiesOf(owner, card)).toBe(2);

    // One copy back on the shelf: a third of 32.66 rounded half up (10.89), of it a third of the tax (0.89).
    const first = bodyOf(
      await giveBack(owner, {
        sale_number: sale.sale_number,
        lines: [{ line: id, quantity: 1, restock: true }],
        refund: [{ kind: 'card', amount: 10.89, reference: 'T-1' }],
      }),
    );
    expect(first).toMatchObject({
      return_number: `${sale.sale_number}-R1`,
      sale_number: sale.sale_number,
      refunded: 10.89,
      tax_refunded: 0.89,
      credit_balance: null,
      receipt_url: sale.receipt_url,
      message: said.returned(`${sale.sale_number}-R1`, 1089),
    });
    expect(first.lines).toEqual([{ line: id, name: card.name, quantity: 1, restock: true, amount: 10.89, tax: 0.89 }]);
    expect(first.refund).toEqual([{ kind: 'card', amount: 10.89, reference: 'T-1' }]);
    expect(await copiesOf(owner, card)).toBe(3);

    // What is left to return: two copies for the rest of what the line paid.
    const found = bodyOf(await owner.call('registerSaleFind', { sale_number: sale.sale_number }));
    expect(found.returnable).toEqual([{ line: id, quantity: 2, amount: 21.77 }]);
    expect(found.refundable).toEqual({ card: 21.77, other: 0 });
    expect(found.tenders).toEqual([{ kind: 'card', amount: 32.66, reference: '' }]);
    expect(found.returns.map((r) => r.return_number)).toEqual([`${sale.sale_number}-R1`]);

    // Asking for more than that is refused, naming the line's copies left.
    const tooMany = await giveBack(owner, {
      sale_number: sale.sale_number,
      lines: [{ line: id, quantity: 3, restock: true }],
      refund: [{ kind: 'card', amount: 32.66 }],
    });
    refused(tooMany, 400, said.tooMany(card.name, 2));

    // The last two, damaged: the rest of the line (21.77, tax 1.77), nothing back on the shelf.
    const second = bodyOf(
      await giveBack(owner, {
        sale_number: sale.sale_number,
        lines: [{ line: id, quantity: 2, restock: false }],
        refund: [{ kind: 'card', amount: 21.77 }],
      }),
    );
    expect(second).toMatchObject({ return_number: `${sale.sale_number}-R2`, refunded: 21.77, tax_refunded: 1.77 });
    expect(await copiesOf(owner, card)).toBe(3);
    expect(10.89 + 21.77).toBeCloseTo(32.66, 10);
    const none = await giveBack(owner, {
      sale_number: sale.sale_number,
      lines: [{ line: id, quantity: 1, restock: true }],
      refund: [{ kind: 'cash', amount: 0.01 }],
    });
    refused(none, 400, said.tooMany(card.name, 0));

    // The sale's receipt lists its returns; the sales list counts them; the Activity screen tells each.
    const receipt = await (await fetch(server.url + sale.receipt_url)).text();
    expect(receipt).toContain(`Return ${sale.sale_number}-R1`);
    expect(receipt).toContain(`Return ${sale.sale_number}-R2`);
    expect(receipt).toContain('Returns within 14 days &lt;with the receipt&gt;.');
    const latest = bodyOf(await owner.call('registerSales')).sales;
    expect(latest).toEqual([
      expect.objectContaining({ sale_number: sale.sale_number, copies: 3, total: 32.66, returns: 2 }),
    ]);
    const activity = bodyOf(await owner.call('shopActivity', { kind: 'order' })).entries;
    expect(activity.slice(0, 2).map((e) => [e.action, e.subject, e.detail?.return_number])).toEqual([
      ['register.return', sale.sale_number, `${sale.sale_number}-R2`],
      ['register.return', sale.sale_number, `${sale.sale_number}-R1`],
    ]);
    const data = bodyOf(await owner.call('shopExport'));
    expect(data.sale_returns?.map((r) => [r.return_number, r.refund_cents, r.tax_cents])).toEqual([
      [`${sale.sale_number}-R1`, 1089, 89],
      [`${sale.sale_number}-R2`, 2177, 177],
    ]);
    expect(await stateOf(shop)).toContain('"returns_count":2');
  });

  it('refunds exactly what was paid, to the card no more than it took, store credit only to a customer', async () => {
    const { shop, owner, card } = await shopWith(4, 20);
    // 2 × 20.00 = 40.00 + 3.55 tax = 43.55: 20.00 by card, 23.55 in cash.
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [line(card, 2)],
        tenders: [
          { kind: 'card', amount: 20 },
          { kind: 'cash', amount: 23.55 },
        ],
      }),
    );
    const whole = [{ line: sale.lines[0]!.line, quantity: 2, restock: true }];
    const before = await stateOf(shop);
    const refusals: [Return['refund'], string][] = [
      // Short and over the lines' 43.55.
      [[{ kind: 'cash', amount: 40 }], said.refundNotTotal(4355, 4000)],
      [[{ kind: 'cash', amount: 50 }], said.refundNotTotal(4355, 5000)],
      // More to the card than it paid.
      [[{ kind: 'card', amount: 43.55 }], said.overTender('card', 2000)],
      // Other never paid this sale.
      [
        [
          { kind: 'other', amount: 3.55 },
          { kind: 'cash', amount: 40 },
        ],
        said.overTender('other tenders', 0),
      ],
      // No customer on the sale for store credit.
      [[{ kind: 'store_credit', amount: 43.55 }], said.creditNeedsCustomer],
    ];
    for (const [refund, sentence] of refusals) {
      const res = await giveBack(owner, { sale_number: sale.sale_number, lines: whole, refund });
      refused(res, 400, sentence);
      if (!res.ok) expect(res.body.errors).toEqual([{ field: 'refund', message: sentence }]);
    }
    // Nothing of any refusal was written: no return, the sale's count, the drawer, the shelf as they were.
    expect(await stateOf(shop)).toBe(before);

    // The card back what it took, the rest in cash from the drawer.
    const expectedBefore = bodyOf(await owner.call('registerDrawerCurrent')).drawer!.expected;
    const done = bodyOf(
      await giveBack(owner, {
        sale_number: sale.sale_number,
        lines: whole,
        refund: [
          { kind: 'card', amount: 20 },
          { kind: 'cash', amount: 23.55 },
        ],
      }),
    );
    expect(done.refunded).toBe(43.55);
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer!.expected).toBeCloseTo(expectedBefore - 23.55, 10);
    // The Z report counts the refund among the drawer's cash movements.
    const drawerId = bodyOf(await owner.call('registerDrawerCurrent')).drawer!.id;
    const moves = await server.ctx.db
      .selectFrom('drawer_moves')
      .select(['kind', 'amount_cents', 'reference'])
      .where('drawer_id', '=', drawerId)
      .orderBy('id')
      .execute();
    expect(moves.at(-1)).toEqual({ kind: 'refund', amount_cents: -2355, reference: done.return_number });
    expect(await copiesOf(owner, card)).toBe(4);
  });

  it('gives store credit back to the sale’s customer through the ledger; cash needs the refunder’s open drawer', async () => {
    const { owner, card } = await shopWith(2, 10);
    const eve = bodyOf(
      await owner.call('customersCreate', { customer: { name: 'Eve Returns', email: 'eve-returns@example.com' } }),
    ).customer;
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [line(card, 2)],
        customer_id: eve.id,
        tenders: [{ kind: 'cash', amount: 21.78 }],
      }),
    );
    const id = sale.lines[0]!.line;
    // Cash back with the drawer closed: refused, nothing taken back.
    bodyOf(await owner.call('registerDrawerClose', { counted: 21.78 }));
    const closed = await giveBack(owner, {
      sale_number: sale.sale_number,
      lines: [{ line: id, quantity: 1, restock: true }],
      refund: [{ kind: 'cash', amount: 10.89 }],
    });
    refused(closed, 409, said.needsDrawer);
    expect(await copiesOf(owner, card)).toBe(0);

    const credit = bodyOf(
      await giveBack(owner, {
        sale_number: sale.sale_number,
        lines: [{ line: id, quantity: 1, restock: true }],
        refund: [{ kind: 'store_credit', amount: 10.89 }],
      }),
    );
    expect(credit.credit_balance).toBe(10.89);
    const ledger = bodyOf(await owner.call('customersGet', { customer_id: eve.id })).data.ledger;
    expect(ledger.map((e) => [e.kind, e.amount, e.reference])).toEqual([['order_refund', 10.89, credit.return_number]]);
    const entry = bodyOf(await owner.call('shopActivity', { kind: 'order' })).entries[0]!;
    expect(entry).toMatchObject({ action: 'register.return', detail: { balance_cents: 1089 } });
  });

  it('returns a sealed product to its shelf', async () => {
    const { owner } = await shopWith(1, 1);
    const box = bodyOf(
      await owner.call('sealedAdd', { name: 'Returnable box', category: 'Booster Box', price: 100, quantity: 1 }),
    ).item;
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [{ sealed_id: box.id, quantity: 1 }],
        tenders: [{ kind: 'card', amount: 108.88 }],
      }),
    );
    const unitsOf = async () =>
      (await server.ctx.db.selectFrom('sealed_products').select('quantity').where('id', '=', box.id).executeTakeFirst())
        ?.quantity;
    expect(await unitsOf()).toBe(0);
    bodyOf(
      await giveBack(owner, {
        sale_number: sale.sale_number,
        lines: [{ line: sale.lines[0]!.line, quantity: 1, restock: true }],
        refund: [{ kind: 'card', amount: 108.88 }],
      }),
    );
    expect(await unitsOf()).toBe(1);
  });

  it('is for Owners and Managers: an Employee is refused with who may; a Manager gives it', async () => {
    const { shop, owner, card } = await shopWith(2, 10);
    const sale = bodyOf(
      await owner.call('registerSale', { items: [line(card)], tenders: [{ kind: 'card', amount: 10.89 }] }),
    );
    const input = {
      sale_number: sale.sale_number,
      lines: [{ line: sale.lines[0]!.line, quantity: 1, restock: true }],
      refund: [{ kind: 'card' as const, amount: 10.89 }],
    };
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    refused(
      await giveBack(employee, input),
      403,
      messages.access.forbidden('Employee', 'give returns and refunds at the register'),
    );
    // An Employee finds the sale (to call a Manager over), but cannot return it.
    expect(bodyOf(await employee.call('registerSaleFind', { sale_number: sale.sale_number })).returns).toEqual([]);
    const manager = api(server, await addMember(server, shop.email, 'Manager'));
    expect(bodyOf(await giveBack(manager, input)).refunded).toBe(10.89);
  });

  it('refuses a sale it does not have, a line not of the sale, a line twice', async () => {
    const { owner, card } = await shopWith(2, 10);
    const sale = bodyOf(
      await owner.call('registerSale', { items: [line(card)], tenders: [{ kind: 'card', amount: 10.89 }] }),
    );
    const refund = [{ kind: 'card' as const, amount: 10.89 }];
    refused(
      await giveBack(owner, { sale_number: '999999', lines: [{ line: 1, quantity: 1, restock: true }], refund }),
      404,
      said.saleNotFound('999999'),
    );
    refused(await owner.call('registerSaleFind', { sale_number: '999999' }), 404, said.saleNotFound('999999'));
    const other = sale.lines[0]!.line + 100_000;
    refused(
      await giveBack(owner, {
        sale_number: sale.sale_number,
        lines: [{ line: other, quantity: 1, restock: true }],
        refund,
      }),
      400,
      said.lineNotInSale(other, sale.sale_number),
    );
    const twice = await giveBack(owner, {
      sale_number: sale.sale_number,
      lines: [
        { line: sale.lines[0]!.line, quantity: 1, restock: true },
        { line: sale.lines[0]!.line, quantity: 1, restock: false },
      ],
      refund,
    });
    expect(twice.status).toBe(400);
  });

  it('counts sales in the statistics net of their returns: copies kept, and what they sold for', async () => {
    const { owner, card } = await shopWith(5, 10);
    // 3 × 10.00, 2.66 tax: the line sold for 30.00 (statistics count what a sale sold for, before tax).
    const sale = bodyOf(
      await owner.call('registerSale', { items: [line(card, 3)], tenders: [{ kind: 'card', amount: 32.66 }] }),
    );
    const figures = async () => {
      const [summary, top, days] = await Promise.all([
        owner.call('statsSummary'),
        owner.call('statsTopSelling', { limit: 10 }),
        owner.call('statsOrdersOverTime'),
      ]);
      return {
        sold: bodyOf(summary).data.total_cards_sold,
        top: bodyOf(top).data.top_cards.map((c) => [c.card_name, c.total_sold, c.revenue]),
        revenue: bodyOf(days).data.orders_by_date.map((d) => [d.order_count, d.total_revenue]),
      };
    };
    expect(await figures()).toEqual({ sold: 3, top: [[card.name, 3, 30]], revenue: [[1, 30]] });

    // One copy back: two kept, for two thirds of what the line sold for.
    const returnOf = (quantity: number, amount: number) =>
      giveBack(owner, {
        sale_number: sale.sale_number,
        lines: [{ line: sale.lines[0]!.line, quantity, restock: true }],
        refund: [{ kind: 'card', amount }],
      });
    bodyOf(await returnOf(1, 10.89));
    expect(await figures()).toEqual({ sold: 2, top: [[card.name, 2, 20]], revenue: [[1, 20]] });

    // The rest back: the card sold nothing, the day's sale came to nothing (it still happened).
    bodyOf(await returnOf(2, 21.77));
    expect(await figures()).toEqual({ sold: 0, top: [], revenue: [[1, 0]] });
  });

  it('two returns of the last copy at once: one is given, the other refused', async () => {
    const { shop, owner, card } = await shopWith(1, 10);
    const sale = bodyOf(
      await owner.call('registerSale', { items: [line(card)], tenders: [{ kind: 'cash', amount: 10.89 }] }),
    );
    const input = {
      sale_number: sale.sale_number,
      lines: [{ line: sale.lines[0]!.line, quantity: 1, restock: true }],
      refund: [{ kind: 'cash' as const, amount: 10.89 }],
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => giveBack(owner, input)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await copiesOf(owner, card)).toBe(1);
    const returns = await server.ctx.db
      .selectFrom('sale_returns')
      .select('refund_cents')
      .where('shop_id', '=', shop.id)
      .execute();
    expect(returns).toEqual([{ refund_cents: 1089 }]);
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer!.expected).toBe(0);
  });

  it('answers a retried Idempotency-Key with the first return, never refunding twice; another return under it is 422', async () => {
    const { shop, owner, card } = await shopWith(3, 10);
    const eve = bodyOf(
      await owner.call('customersCreate', { customer: { name: 'Eve Retries', email: 'eve-retries@example.com' } }),
    ).customer;
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [line(card, 3)],
        customer_id: eve.id,
        tenders: [{ kind: 'cash', amount: 32.67 }],
      }),
    );
    const input = {
      sale_number: sale.sale_number,
      lines: [{ line: sale.lines[0]!.line, quantity: 1, restock: true }],
      refund: [{ kind: 'store_credit' as const, amount: 10.89 }],
    };
    const keyed = (key: string, body: Return = input) =>
      owner.call('registerReturn', body, { headers: { 'Idempotency-Key': key } });
    // Sent five times at once (a register retrying a dropped connection): one return, its answer to each.
    const racing = await Promise.all(Array.from({ length: 5 }, () => keyed('ret-1')));
    const first = bodyOf(racing[0]!);
    for (const retry of racing) expect(bodyOf(retry)).toEqual(first);
    // And again later.
    expect(bodyOf(await keyed('ret-1'))).toEqual(first);
    expect(first.credit_balance).toBe(10.89);
    expect(await copiesOf(owner, card)).toBe(1);
    const ledger = bodyOf(await owner.call('customersGet', { customer_id: eve.id })).data.ledger;
    expect(ledger.map((e) => e.amount)).toEqual([10.89]);

    // The same key with another return: refused, nothing written.
    const before = await stateOf(shop);
    const other = await keyed('ret-1', {
      ...input,
      lines: [{ line: sale.lines[0]!.line, quantity: 2, restock: true }],
    });
    expectError(other, 422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: said.idempotencyMismatch });
    expect(await stateOf(shop)).toBe(before);

    // A new key is a new return; without a key, each call is one.
    // (The line's $32.66 comes back as $10.89, $10.88, $10.89: each copy its share of what is left.)
    const second = { ...input, refund: [{ kind: 'store_credit' as const, amount: 10.88 }] };
    expect(bodyOf(await keyed('ret-2', second)).return_number).not.toBe(first.return_number);
    bodyOf(await owner.call('registerReturn', input));
    expect(await copiesOf(owner, card)).toBe(3);
    expectError(await keyed(''), 400);
    // Another shop's key of the same text is its own.
    const elsewhere = await shopWith(1, 10);
    const theirs = bodyOf(
      await elsewhere.owner.call('registerSale', {
        items: [line(elsewhere.card)],
        tenders: [{ kind: 'card', amount: 10.89 }],
      }),
    );
    const mine = await elsewhere.owner.call(
      'registerReturn',
      {
        sale_number: theirs.sale_number,
        lines: [{ line: theirs.lines[0]!.line, quantity: 1, restock: true }],
        refund: [{ kind: 'card', amount: 10.89 }],
      },
      { headers: { 'Idempotency-Key': 'ret-1' } },
    );
    expect(bodyOf(mine).sale_number).toBe(theirs.sale_number);
  });
});
