import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type Api } from '../../../test/client.ts';
import { addMember, catalog, pricedCard, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

const m = messages.customers.server;

describe(`customers and store credit (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  let cardId = '';

  /** A customer of `who`'s shop (the Owner's unless told), through the API. */
  const customer = async (fields: { name: string; email?: string; phone?: string; notes?: string }, who = owner) =>
    bodyOf(await who.call('customersCreate', { customer: fields })).customer;
  const page = async (id: number, who = owner) => bodyOf(await who.call('customersGet', { customer_id: id })).data;
  const adjust = (id: number, amount: number, reason = 'Goodwill', who = owner) =>
    who.call('customersAdjust', { customer_id: id, amount, reason });
  /** The shop's stock of the test card, each copy asking $10. */
  const stockUp = async (quantity: number, target = shop) => {
    const client = api(server, target);
    bodyOf(await client.call('inventoryAdd', { scryfall_id: cardId, quantity }));
    bodyOf(
      await client.call('inventoryEdit', {
        scryfall_id: cardId,
        finish: 'nonfoil',
        quality: 'NM',
        quantity,
        asking_price: 10,
      }),
    );
  };
  const cart = (quantity = 1) => [{ scryfall_id: cardId, finish: 'nonfoil' as const, quantity }];
  const ledgerSum = async (id: number) => {
    const row = await server.ctx.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0) / 100;
  };
  const audited = (action: string, subject: string) =>
    server.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', action)
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    await catalog(server, 400);
    cardId = (await pricedCard(server)).id;
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('adds, edits, finds and opens customers; every change is audited', async () => {
    const added = await owner.call('customersCreate', {
      customer: { name: 'Zoë Ashford', email: 'Zoe@Example.com', phone: '(555) 010-2030', notes: 'Likes foils' },
    });
    expectOk(added);
    expect(added.body.message).toBe(m.created('Zoë Ashford'));
    const zoe = added.body.customer;
    expect(zoe).toMatchObject({ name: 'Zoë Ashford', email: 'zoe@example.com', phone: '(555) 010-2030', balance: 0 });
    const bram = await customer({ name: 'Bram Stoker', phone: '555 777 1234' });
    await customer({ name: 'Ada Lovelace', email: 'ada@example.com' });

    const search = async (q: string) =>
      bodyOf(await owner.call('customersSearch', { q })).data.customers.map((c) => c.name);
    expect(await search('')).toEqual(['Ada Lovelace', 'Bram Stoker', 'Zoë Ashford']);
    expect(await search('zoe ash')).toEqual(['Zoë Ashford']);
    expect(await search('ZOE@example')).toEqual(['Zoë Ashford']);
    expect(await search('777-1234')).toEqual(['Bram Stoker']);
    expect(await search('%')).toEqual([]);
    expect(bodyOf(await owner.call('customersSearch', {})).data).toMatchObject({ total: 3, page: 1, total_pages: 1 });

    const saved = await owner.call('customersUpdate', {
      customer_id: bram.id,
      customer: { name: 'Bram S.', email: 'bram@example.com', phone: '555 777 1234', notes: 'Pays cash' },
    });
    expectOk(saved);
    expect(saved.body.customer).toMatchObject({ name: 'Bram S.', email: 'bram@example.com', notes: 'Pays cash' });
    expect((await page(bram.id)).customer.notes).toBe('Pays cash');

    expect(await audited('customer.create', String(zoe.id))).toEqual([
      { actor: shop.email, detail: expect.stringContaining('Zoë Ashford') },
    ]);
    const [update] = await audited('customer.update', String(bram.id));
    expect(JSON.parse(update!.detail!)).toMatchObject({ before: { name: 'Bram Stoker' }, after: { name: 'Bram S.' } });
  });

  it('marks a customer tax exempt, keeps it when an edit leaves it out, and audits it only when so', async () => {
    const temple = await customer({ name: 'Temple of Games', email: 'temple@example.com' });
    expect(temple.tax_exempt).toBe(false);
    const exempt = bodyOf(
      await owner.call('customersUpdate', {
        customer_id: temple.id,
        customer: { name: 'Temple of Games', email: 'temple@example.com', tax_exempt: true },
      }),
    ).customer;
    expect(exempt.tax_exempt).toBe(true);
    // An edit that does not say (a client from before issue 44) keeps it.
    bodyOf(
      await owner.call('customersUpdate', {
        customer_id: temple.id,
        customer: { name: 'Temple of Games', email: 'temple@example.com', notes: 'School club' },
      }),
    );
    expect((await page(temple.id)).customer).toMatchObject({ tax_exempt: true, notes: 'School club' });
    const [marked] = await audited('customer.update', String(temple.id));
    expect(JSON.parse(marked!.detail!)).toEqual({
      before: { name: 'Temple of Games', email: 'temple@example.com', phone: '', notes: '' },
      after: { name: 'Temple of Games', email: 'temple@example.com', phone: '', notes: '', tax_exempt: true },
    });
    expectError(
      await owner.call('customersCreate', {
        customer: { name: 'X', email: 'x@example.com', tax_exempt: 'yes' as never },
      }),
      400,
    );
  });

  it('refuses a second customer with the same e-mail or phone (409), and an unknown one (404)', async () => {
    const first = await customer({ name: 'Cleo', email: 'cleo@example.com', phone: '+1 555 999 0000' });
    const mail = await owner.call('customersCreate', { customer: { name: 'Other', email: 'CLEO@example.com' } });
    expectError(mail, 409);
    expect(mail.body.message).toBe(m.duplicate('email'));
    const phone = await owner.call('customersCreate', { customer: { name: 'Other', phone: '1-555-999-0000' } });
    expectError(phone, 409);
    expect(phone.body.message).toBe(m.duplicate('phone'));
    const other = await customer({ name: 'Dora', email: 'dora@example.com' });
    const taken = await owner.call('customersUpdate', {
      customer_id: other.id,
      customer: { name: 'Dora', email: 'cleo@example.com' },
    });
    expectError(taken, 409);
    // Saving a customer with their own e-mail is no clash.
    expectOk(
      await owner.call('customersUpdate', {
        customer_id: first.id,
        customer: { name: 'Cleo B', email: 'cleo@example.com' },
      }),
    );
    expectError(await owner.call('customersGet', { customer_id: 999_999 }), 404);
    expectError(await adjust(999_999, 5), 404);
    const none = await owner.call('customersCreate', { customer: { name: 'Nobody' } });
    expectError(none, 400);
  });

  it('adjusts credit with a reason, never below 0; the balance is the ledger’s sum and every entry is audited', async () => {
    const eve = await customer({ name: 'Eve', email: 'eve@example.com' });
    const noReason = await owner.call('customersAdjust', { customer_id: eve.id, amount: 5, reason: '  ' });
    expectError(noReason, 400);
    expectError(await owner.call('customersAdjust', { customer_id: eve.id, amount: 5 } as never), 400);
    expectError(await adjust(eve.id, 0), 400);

    const added = await adjust(eve.id, 25.5, 'Store event prize');
    expectOk(added);
    expect(added.body).toEqual({
      message: m.adjusted('Eve', 2550),
      customer: expect.objectContaining({ balance: 25.5 }),
    });
    const over = await adjust(eve.id, -30);
    expectError(over, 409);
    expect(over.body.message).toBe(m.wouldGoNegative(2550));
    expectOk(await adjust(eve.id, -25.5, 'Mistake'));
    expectError(await adjust(eve.id, -0.01), 409);
    expectOk(await adjust(eve.id, 4.99, 'Welcome'));

    const data = await page(eve.id);
    expect(data.customer.balance).toBe(4.99);
    expect(await ledgerSum(eve.id)).toBe(4.99);
    expect(data.ledger.map((e) => [e.kind, e.amount, e.balance_after, e.reason])).toEqual([
      ['adjustment', 4.99, 4.99, 'Welcome'],
      ['adjustment', -25.5, 0, 'Mistake'],
      ['adjustment', 25.5, 25.5, 'Store event prize'],
    ]);
    // The Activity screen's Customers filter shows the customer's record and credit entries together.
    const activity = bodyOf(await owner.call('shopActivity', { kind: 'customer' })).entries;
    expect(activity.filter((e) => e.subject === String(eve.id)).map((e) => [e.action, e.kind])).toEqual([
      ['credit.adjust', 'customer'],
      ['credit.adjust', 'customer'],
      ['credit.adjust', 'customer'],
      ['customer.create', 'customer'],
    ]);
    const entries = await audited('credit.adjust', String(eve.id));
    expect(entries.map((e) => JSON.parse(e.detail!) as { amount: number; reason: string })).toEqual([
      expect.objectContaining({ amount: 25.5, reason: 'Store event prize' }),
      expect.objectContaining({ amount: -25.5, reason: 'Mistake' }),
      expect.objectContaining({ amount: 4.99, reason: 'Welcome' }),
    ]);
  });

  it('lets Owners and Managers adjust, Employees edit, Watchers only look', async () => {
    const manager = api(server, await addMember(server, shop.email, 'Manager'));
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    const watcher = api(server, await addMember(server, shop.email, 'Watcher'));
    const fay = await customer({ name: 'Fay', phone: '555 000 1111' }, employee);
    expectOk(
      await employee.call('customersUpdate', {
        customer_id: fay.id,
        customer: { name: 'Fay L', phone: '555 000 1111' },
      }),
    );
    expectOk(await adjust(fay.id, 3, 'Manager’s gift', manager));
    const refused = await adjust(fay.id, 3, 'Nope', employee);
    expectError(refused, 403);
    expectError(await adjust(fay.id, 3, 'Nope', watcher), 403);
    expectError(await watcher.call('customersCreate', { customer: { name: 'W', phone: '555 000 2222' } }), 403);
    expect((await page(fay.id, watcher)).customer.balance).toBe(3);
    expect(bodyOf(await watcher.call('customersSearch', { q: 'fay' })).data.total).toBe(1);
  });

  it('keeps shops apart: another shop neither finds, opens, edits nor credits this shop’s customers', async () => {
    const gus = await customer({ name: 'Gus Private', email: 'gus@example.com' });
    expectOk(await adjust(gus.id, 10));
    const other = api(server, await buildShop(server));
    expect(bodyOf(await other.call('customersSearch', { q: 'gus' })).data.customers).toEqual([]);
    expectError(await other.call('customersGet', { customer_id: gus.id }), 404);
    expectError(
      await other.call('customersUpdate', { customer_id: gus.id, customer: { name: 'Taken', email: 'x@example.com' } }),
      404,
    );
    expectError(await other.call('customersAdjust', { customer_id: gus.id, amount: 5, reason: 'x' }), 404);
    // The same e-mail is a different person at another shop.
    await customer({ name: 'Gus Elsewhere', email: 'gus@example.com' }, other);
    await stockUp(1);
    const theirOrder = await other.call('placeOrder', { items: cart(), customer_id: gus.id, store_credit: 1 });
    expectError(theirOrder, 404);
    expect((await page(gus.id)).customer).toMatchObject({ name: 'Gus Private', balance: 10 });
  });

  describe('paying an order with store credit', () => {
    let hal: { id: number };
    beforeAll(async () => {
      hal = await customer({ name: 'Hal', email: 'hal@example.com' });
      expectOk(await adjust(hal.id, 30, 'Trade-in by hand'));
    });

    it('spends part of the credit with the order, gives it back when the order is rejected', async () => {
      await stockUp(2);
      const placed = await owner.call('placeOrder', { items: cart(2), customer_id: hal.id, store_credit: 12.5 });
      expectOk(placed);
      const number = placed.body.order_number;
      const order = bodyOf(await owner.call('pendingOrders')).data.orders.find((o) => o.order_number === number)!;
      // The order names who it is for (issue 38), so the review and the lists can say it.
      expect(order).toMatchObject({ customer_id: hal.id, customer_name: 'Hal', store_credit: 12.5, total: 20 });
      let data = await page(hal.id);
      expect(data.customer.balance).toBe(17.5);
      expect(data.ledger[0]).toMatchObject({ kind: 'order', amount: -12.5, balance_after: 17.5, reference: number });
      expect(data.orders).toEqual([
        expect.objectContaining({ order_number: number, status: 'pending', total: 20, store_credit: 12.5 }),
      ]);
      expect(await audited('credit.spend', String(hal.id))).toHaveLength(1);

      expectOk(await owner.call('rejectOrder', { order_number: number, reason: 'Out of sleeves' }));
      data = await page(hal.id);
      expect(data.customer.balance).toBe(30);
      expect(data.ledger[0]).toMatchObject({
        kind: 'order_refund',
        amount: 12.5,
        balance_after: 30,
        reference: number,
      });
      expect(await ledgerSum(hal.id)).toBe(30);
      expect(await audited('credit.refund', String(hal.id))).toHaveLength(1);
    });

    it('refuses more than the balance (409), more than the total, credit without a customer, and an unknown customer', async () => {
      await stockUp(5);
      const overBalance = await owner.call('placeOrder', { items: cart(4), customer_id: hal.id, store_credit: 30.01 });
      expectError(overBalance, 409);
      expect(overBalance.body.message).toBe(m.creditOverBalance(3000));
      const overTotal = await owner.call('placeOrder', { items: cart(1), customer_id: hal.id, store_credit: 10.01 });
      expectError(overTotal, 400);
      expect(overTotal.body.message).toBe(m.creditOverTotal);
      const nobody = await owner.call('placeOrder', { items: cart(1), store_credit: 5 });
      expectError(nobody, 400);
      expect(nobody.body.message).toBe(m.creditNeedsCustomer);
      expectError(await owner.call('placeOrder', { items: cart(1), customer_id: 999_999, store_credit: 1 }), 404);
      // Nothing was taken by a refusal: the stock and the balance are whole.
      expect((await page(hal.id)).customer.balance).toBe(30);
      const left = await server.ctx.db
        .selectFrom('inventory')
        .select('quantity')
        .where('card_id', '=', cardId)
        .where('shop_id', '=', shop.id)
        .executeTakeFirstOrThrow();
      expect(left.quantity).toBe(5);
      // A customer without credit: the order is theirs, nothing spent.
      const plain = await owner.call('placeOrder', { items: cart(1), customer_id: hal.id });
      expectOk(plain);
      expect((await page(hal.id)).orders[0]).toMatchObject({ order_number: plain.body.order_number, store_credit: 0 });
    });

    it('refuses credit from a paired tablet (403)', async () => {
      const code = bodyOf(await owner.call('createDeviceCode', { device_name: 'Counter tablet' })).data.code;
      const device = bodyOf(await api(server).call('pairDevice', { code, serial_number: 'CUST-1' })).device_token;
      const tablet = api(server, device);
      const res = await tablet.call('placeOrder', { items: cart(1), customer_id: hal.id, store_credit: 1 });
      expectError(res, 403);
      expect(res.body.message).toBe(m.creditAtCounter);
      expectError(await tablet.call('placeOrder', { items: cart(1), customer_id: hal.id }), 403);
    });

    it('spends once when the same Idempotency-Key is sent again', async () => {
      await stockUp(3);
      const before = (await page(hal.id)).customer.balance;
      const headers = { 'idempotency-key': 'credit-retry-1' };
      const input = { items: cart(1), customer_id: hal.id, store_credit: 4 };
      const first = await owner.call('placeOrder', input, { headers });
      const again = await owner.call('placeOrder', input, { headers });
      expectOk(first);
      expectOk(again);
      expect(again.body.order_number).toBe(first.body.order_number);
      expect((await page(hal.id)).customer.balance).toBe(before - 4);
      // The same key with another amount is another request: refused, nothing spent.
      expectError(await owner.call('placeOrder', { ...input, store_credit: 5 }, { headers }), 422);
      expect((await page(hal.id)).customer.balance).toBe(before - 4);
    });

    it('never overdraws when orders race for the same credit over HTTP', async () => {
      const ivy = await customer({ name: 'Ivy', email: 'ivy@example.com' });
      expectOk(await adjust(ivy.id, 10, 'Race'));
      await stockUp(8);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          owner.call('placeOrder', { items: cart(1), customer_id: ivy.id, store_credit: 4 }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
      const data = await page(ivy.id);
      expect(data.customer.balance).toBe(2);
      expect(await ledgerSum(ivy.id)).toBe(2);
      expect(data.ledger.filter((e) => e.kind === 'order')).toHaveLength(2);
    });
  });

  it('records what a sold copy cost, so the top sellers show a margin', async () => {
    const other = await buildShop(server);
    await stockUp(3, other);
    // A cost known for this row (copies bought from customers: the buylist's accept sets it).
    await server.ctx.db
      .updateTable('inventory')
      .set({ cost_cents: 600 })
      .where('shop_id', '=', other.id)
      .where('card_id', '=', cardId)
      .execute();
    const client = api(server, other);
    const sold = bodyOf(await client.call('placeOrder', { items: cart(2) })).order_number;
    bodyOf(await client.call('confirmOrder', { order_number: sold }));
    const [top] = bodyOf(await client.call('statsTopSelling', { limit: 10 })).data.top_cards;
    expect(top).toMatchObject({ total_sold: 2, revenue: 20, margin: 8, margin_percent: 40 });

    // Copies without a known cost: no margin.
    const plain = await buildShop(server);
    await stockUp(1, plain);
    const number = bodyOf(await api(server, plain).call('placeOrder', { items: cart(1) })).order_number;
    bodyOf(await api(server, plain).call('confirmOrder', { order_number: number }));
    const [unknown] = bodyOf(await api(server, plain).call('statsTopSelling', { limit: 10 })).data.top_cards;
    expect(unknown).toMatchObject({ total_sold: 1, revenue: 10, margin: null, margin_percent: null });
  });

  it('sums accepted buy orders per day: copies bought, cash paid and credit issued', async () => {
    const buyer = await buildShop(server);
    const client = api(server, buyer);
    expect(bodyOf(await client.call('statsBuysOverTime')).data).toEqual({
      buys_by_date: [],
      totals: { buy_count: 0, cards_bought: 0, cash_paid: 0, credit_issued: 0 },
    });
    const db = server.ctx.db;
    let n = 0;
    /** A buy order as the buylist writes it, with lines of `wanted` copies. */
    const buy = async (
      status: string,
      payout: string | null,
      paid: number | null,
      decided: string | null,
      wanted: number[],
    ) => {
      n++;
      const { id } = await db
        .insertInto('buy_orders')
        .values({
          shop_id: buyer.id,
          buy_number: `B-${n}`,
          callout: n,
          source_kind: 'staff',
          source_id: 1,
          source_name: buyer.email,
          status,
          payout,
          paid_cents: paid,
          created_at: decided ?? '2026-11-20T09:00:00.000Z',
          decided_at: decided,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('buy_lines')
        .values(
          wanted.map((w, position) => ({
            buy_order_id: id,
            shop_id: buyer.id,
            position,
            card_id: cardId,
            card_name: 'Card',
            set_code: 'tst',
            collector_number: '1',
            finish: 'nonfoil',
            quality: 'NM',
            language: 'en',
            quantity: w + 1,
            cash_cents: 100,
            credit_cents: 130,
            wanted: w,
          })),
        )
        .execute();
    };
    // Read once first: the figures are kept, and the next writes must show anyway.
    await client.call('statsBuysOverTime');
    await buy('accepted', 'cash', 1500, '2026-11-20T10:00:00.000Z', [3, 2]);
    await buy('accepted', 'credit', 2600, '2026-11-20T18:00:00.000Z', [4]);
    await buy('accepted', 'cash', 700, '2026-11-22T08:00:00.000Z', [1]);
    await buy('pending', null, null, null, [9]);
    await buy('rejected', null, null, '2026-11-21T08:00:00.000Z', [9]);
    expect(bodyOf(await client.call('statsBuysOverTime')).data).toEqual({
      buys_by_date: [
        { date: '2026-11-20', buy_count: 2, cards_bought: 9, cash_paid: 15, credit_issued: 26 },
        { date: '2026-11-22', buy_count: 1, cards_bought: 1, cash_paid: 7, credit_issued: 0 },
      ],
      totals: { buy_count: 3, cards_bought: 10, cash_paid: 22, credit_issued: 26 },
    });
    // A buy order shows on its customer's page with what was paid or is offered.
    const jo = await customer({ name: 'Jo', email: 'jo@example.com' }, client);
    await db.updateTable('buy_orders').set({ customer_id: jo.id }).where('shop_id', '=', buyer.id).execute();
    const buys = (await page(jo.id, client)).buy_orders;
    expect(buys.map((b) => [b.buy_number, b.status, b.payout, b.total])).toEqual([
      ['B-5', 'rejected', null, 9],
      ['B-4', 'pending', null, 9],
      ['B-3', 'accepted', 'cash', 7],
      ['B-2', 'accepted', 'credit', 26],
      ['B-1', 'accepted', 'cash', 15],
    ]);
  });
});
