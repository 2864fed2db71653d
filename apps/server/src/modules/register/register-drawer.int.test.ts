import { drawerMessages, messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type Api, type CallInput } from '../../../test/client.ts';
import { addMember, catalog, shop as buildShop, type Shop, stockAtPrice } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';
import { withTransaction } from '../../db/database.ts';
import { recordCashMove } from './cash-moves.ts';

const said = drawerMessages.server;
type Sale = Omit<CallInput<'registerSale'>, 'token'>;

/**
 * The register's cash drawer (issue 44, decision 038) over real HTTP: a person's drawer opened with a float, moved by
 * each cash tender and its change, closed with the cash counted into a Z report (expected against counted); a cash
 * sale without an open drawer refused, nothing written.
 */
describe(`the cash drawer (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  let nextCard = 0;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = (await catalog(server, 400)).filter((c) => c.finishes.includes('nonfoil'));
  });
  afterAll(() => server.close());

  /** A new shop, its Owner's client, and `copies` of a fresh card at `price` dollars each. */
  async function shopWith(copies: number, price: number, tax?: Record<string, unknown>) {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = cards[nextCard++]!;
    await stockAtPrice(server, shop, card, copies, price);
    if (tax) bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, ...tax }));
    return { shop, owner, card };
  }
  const items = (card: FixtureCard, quantity = 1) => [{ scryfall_id: card.id, finish: 'nonfoil' as const, quantity }];
  const sell = (who: Api, sale: Sale, key?: string) =>
    who.call('registerSale', sale, key ? { headers: { 'Idempotency-Key': key } } : {});
  const expectedOf = async (who: Api) => bodyOf(await who.call('registerDrawerCurrent')).drawer?.expected;
  const salesOf = (shop: Shop) =>
    server.ctx.db.selectFrom('sales').select(['id', 'drawer_id']).where('shop_id', '=', shop.id).execute();
  /** The drawer's ledger summed: always what its row expects. */
  const ledgerOf = async (drawerId: number) =>
    (
      await server.ctx.db
        .selectFrom('drawer_moves')
        .select(['kind', 'amount_cents'])
        .where('drawer_id', '=', drawerId)
        .orderBy('id')
        .execute()
    ).map((m) => [m.kind, m.amount_cents]);

  it('opens with a float and closes with the count: over, short, and each on the Activity screen', async () => {
    const { owner } = await shopWith(1, 1);
    expect(bodyOf(await owner.call('registerDrawerCurrent'))).toEqual({ drawer: null });
    const opened = bodyOf(await owner.call('registerDrawerOpen', { float: 100 }));
    expect(opened.message).toBe(said.opened(10000));
    expect(opened.drawer).toMatchObject({ float: 100, expected: 100, closed_at: null, closed_by: null });
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer).toEqual(opened.drawer);
    const over = bodyOf(await owner.call('registerDrawerClose', { counted: 100.5 }));
    expect(over).toMatchObject({ expected: 100, counted: 100.5, over_short: 0.5, message: said.closedWith(50) });
    expect(over.drawer.closed_at).not.toBeNull();
    expect(bodyOf(await owner.call('registerDrawerCurrent'))).toEqual({ drawer: null });

    const second = bodyOf(await owner.call('registerDrawerOpen', { float: 50.25 })).drawer;
    expect(second.id).not.toBe(opened.drawer.id);
    const short = bodyOf(await owner.call('registerDrawerClose', { counted: 49 }));
    expect(short).toMatchObject({ expected: 50.25, counted: 49, over_short: -1.25, message: said.closedWith(-125) });
    // Each drawer's report again, as it was closed.
    const again = bodyOf(await owner.call('registerDrawerReport', { drawer_id: opened.drawer.id }));
    expect(again).toMatchObject({ expected: 100, counted: 100.5, over_short: 0.5 });

    const activity = bodyOf(await owner.call('shopActivity', { kind: 'order' })).entries;
    expect(activity.map((e) => [e.action, e.subject])).toEqual([
      ['register.drawer_close', String(second.id)],
      ['register.drawer_open', String(second.id)],
      ['register.drawer_close', String(opened.drawer.id)],
      ['register.drawer_open', String(opened.drawer.id)],
    ]);
    // The Owner's data download holds the drawers and their movements.
    const data = bodyOf(await owner.call('shopExport'));
    expect(data.cash_drawers?.map((d) => [d.float_cents, d.counted_cents, d.expected_cents])).toEqual([
      [10000, 10050, 10000],
      [5025, 4900, 5025],
    ]);
    expect(data.drawer_moves?.map((m) => [m.kind, m.amount_cents])).toEqual([
      ['float', 10000],
      ['float', 5025],
    ]);
  });

  it('moves the expected cash by a cash sale and its change, not by a card sale; the Z report adds it up', async () => {
    const { shop, owner, card } = await shopWith(5, 10, { tax_rate_percent: 8.875 });
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 20 })).drawer;
    // 2 × 10.00 = 20.00 at 8.875 % = 1.775 → 1.78: due 21.78, 30 in cash, 8.22 back.
    const cash = bodyOf(await sell(owner, { items: items(card, 2), tenders: [{ kind: 'cash', amount: 30 }] }));
    expect(cash).toMatchObject({ total: 21.78, change_due: 8.22 });
    expect(await expectedOf(owner)).toBe(41.78);
    // A card sale takes nothing from or into the drawer.
    const byCard = bodyOf(await sell(owner, { items: items(card), tenders: [{ kind: 'card', amount: 10.89 }] }));
    expect(byCard.total).toBe(10.89);
    expect(await expectedOf(owner)).toBe(41.78);
    // Split: 5 on card, the rest cash with change.
    bodyOf(
      await sell(owner, {
        items: items(card),
        discount: { amount: 1 },
        tenders: [
          { kind: 'card', amount: 5 },
          { kind: 'cash', amount: 10 },
        ],
      }),
    );
    // 9.00 + 0.80 tax (0.79875) = 9.80; 5 on card, 4.80 cash net.
    expect(await expectedOf(owner)).toBe(46.58);
    expect(await ledgerOf(drawer.id)).toEqual([
      ['float', 2000],
      ['sale_cash', 3000],
      ['change', -822],
      ['sale_cash', 1000],
      ['change', -520],
    ]);
    const z = bodyOf(await owner.call('registerDrawerClose', { counted: 46.5 }));
    expect(z).toMatchObject({
      expected: 46.58,
      counted: 46.5,
      over_short: -0.08,
      by_tender: { cash: 26.58, card: 15.89, store_credit: 0, other: 0 },
      sales: { count: 3, gross: 40, discounts: 1, net: 39, tax: 3.47, total: 42.47 },
      returns: { cash: 0 },
      trade_ins: { cash: 0, credit: 0 },
      cash: { float: 20, sales: 40, change: -13.42, payouts: 0, refunds: 0, paid_in: 0, paid_out: 0 },
    });
    expect(z.drawer).toMatchObject({ id: drawer.id, opened_by: shop.email, closed_by: shop.email });
    expect((await salesOf(shop)).map((s) => s.drawer_id)).toEqual([drawer.id, drawer.id, drawer.id]);
  });

  it('refuses cash without an open drawer, 409 DRAWER_CLOSED, nothing written; card needs none', async () => {
    const { shop, owner, card } = await shopWith(3, 4);
    const cash: Sale = { items: items(card), tenders: [{ kind: 'cash', amount: 5 }] };
    const refused = await sell(owner, cash);
    expectError(refused, 409);
    expect(refused.body).toMatchObject({ code: 'DRAWER_CLOSED', message: 'Open the cash drawer before taking cash.' });
    expect(await salesOf(shop)).toEqual([]);
    const copies = async () =>
      bodyOf(await owner.call('search', { q: '*' }))
        .data.hits.filter((h) => h.scryfallId === card.id)
        .reduce((n, h) => n + h.quantity, 0);
    expect(await copies()).toBe(3);
    // Card, store credit and other need no drawer; the sale then belongs to none.
    bodyOf(await sell(owner, { items: items(card), tenders: [{ kind: 'other', amount: 4 }] }));
    expect((await salesOf(shop)).map((s) => s.drawer_id)).toEqual([null]);
    // Closed again: cash refused again.
    bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
    expectOk(await sell(owner, cash));
    bodyOf(await owner.call('registerDrawerClose', { counted: 4 }));
    const after = await sell(owner, cash);
    expectError(after, 409);
    expect(after.body.code).toBe('DRAWER_CLOSED');
    expect(await copies()).toBe(1);
    // Closing no drawer is the same refusal, in its own words.
    const none = await owner.call('registerDrawerClose', { counted: 0 });
    expectError(none, 409);
    expect(none.body).toMatchObject({ code: 'DRAWER_CLOSED', message: said.noneOpen });
  });

  it('refuses a second open drawer for the same person, even when asked for at once', async () => {
    const { shop, owner } = await shopWith(1, 1);
    const first = bodyOf(await owner.call('registerDrawerOpen', { float: 10 })).drawer;
    const second = await owner.call('registerDrawerOpen', { float: 20 });
    expectError(second, 409);
    expect(second.body.message).toBe(said.alreadyOpen(first.opened_at));
    expect(await expectedOf(owner)).toBe(10);
    bodyOf(await owner.call('registerDrawerClose', { counted: 10 }));
    const racing = await Promise.all(Array.from({ length: 8 }, () => owner.call('registerDrawerOpen', { float: 5 })));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(7);
    const open = await server.ctx.db
      .selectFrom('cash_drawers')
      .select('id')
      .where('shop_id', '=', shop.id)
      .where('closed_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('keeps each person’s drawer apart; reports are for Owners, Managers and whoever closed them', async () => {
    const { shop, owner, card } = await shopWith(4, 5);
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    const other = api(server, await addMember(server, shop.email, 'Employee'));
    const manager = api(server, await addMember(server, shop.email, 'Manager'));
    bodyOf(await owner.call('registerDrawerOpen', { float: 100 }));
    const theirs = bodyOf(await employee.call('registerDrawerOpen', { float: 30 })).drawer;
    // The Employee's cash goes into the Employee's drawer only.
    bodyOf(await sell(employee, { items: items(card), tenders: [{ kind: 'cash', amount: 5 }] }));
    expect(await expectedOf(employee)).toBe(35);
    expect(await expectedOf(owner)).toBe(100);
    // Another Employee has no drawer of their own: no cash for them.
    expect(bodyOf(await other.call('registerDrawerCurrent'))).toEqual({ drawer: null });
    expect((await sell(other, { items: items(card), tenders: [{ kind: 'cash', amount: 5 }] })).body).toMatchObject({
      code: 'DRAWER_CLOSED',
    });
    // The Owner's close counts the Owner's drawer; the Employee's stays open.
    const ownerZ = bodyOf(await owner.call('registerDrawerClose', { counted: 100 }));
    expect(ownerZ).toMatchObject({ expected: 100, over_short: 0, sales: { count: 0 } });
    expect(await expectedOf(employee)).toBe(35);
    const z = bodyOf(await employee.call('registerDrawerClose', { counted: 35 }));
    expect(z).toMatchObject({ expected: 35, sales: { count: 1, total: 5 }, by_tender: { cash: 5 } });
    // The report again: its closer, the Owner and a Manager may read it; another Employee may not.
    for (const reader of [employee, owner, manager])
      expect(bodyOf(await reader.call('registerDrawerReport', { drawer_id: theirs.id })).expected).toBe(35);
    const refused = await other.call('registerDrawerReport', { drawer_id: theirs.id });
    expectError(refused, 403);
    expect(refused.body.message).toBe(said.notYours);
    const notMine = await employee.call('registerDrawerReport', { drawer_id: ownerZ.drawer.id });
    expectError(notMine, 403);
  });

  it('shows no other shop’s drawer, and an open drawer has no report yet', async () => {
    const a = await shopWith(1, 1);
    const b = await shopWith(1, 1);
    const drawerA = bodyOf(await a.owner.call('registerDrawerOpen', { float: 10 })).drawer;
    expect(bodyOf(await b.owner.call('registerDrawerCurrent'))).toEqual({ drawer: null });
    const early = await a.owner.call('registerDrawerReport', { drawer_id: drawerA.id });
    expectError(early, 404);
    expect(early.body.message).toBe(said.notFound);
    bodyOf(await a.owner.call('registerDrawerClose', { counted: 10 }));
    const fromB = await b.owner.call('registerDrawerReport', { drawer_id: drawerA.id });
    expectError(fromB, 404);
    expect(fromB.text).not.toContain(a.shop.email);
    // B's own drawer is B's: A's cash never reaches it.
    bodyOf(await b.owner.call('registerDrawerOpen', { float: 1 }));
    expect(bodyOf(await b.owner.call('registerDrawerClose', { counted: 1 })).drawer.id).not.toBe(drawerA.id);
  });

  it('lets Owners, Managers and Employees work a drawer; a Watcher none of it', async () => {
    const { shop } = await shopWith(1, 1);
    const watcher = api(server, await addMember(server, shop.email, 'Watcher'));
    const forbidden = messages.access.forbidden('Watcher', 'open or close a cash drawer');
    for (const res of [
      await watcher.call('registerDrawerOpen', { float: 10 }),
      await watcher.call('registerDrawerCurrent'),
      await watcher.call('registerDrawerClose', { counted: 10 }),
      await watcher.call('registerDrawerReport', { drawer_id: 1 }),
    ]) {
      expectError(res, 403);
      expect(res.body.message).toBe(forbidden);
    }
    const manager = api(server, await addMember(server, shop.email, 'Manager'));
    expectOk(await manager.call('registerDrawerOpen', { float: 10 }));
  });

  it('refuses a float or count that is not cash a person counts', async () => {
    const { owner } = await shopWith(1, 1);
    for (const float of [-1, 0.125, 1_000_000.01]) {
      const res = await owner.call('registerDrawerOpen', { float });
      expectError(res, 400);
      expect(res.body.errors?.[0]?.field).toBe('float');
    }
    expect(bodyOf(await owner.call('registerDrawerCurrent'))).toEqual({ drawer: null });
    bodyOf(await owner.call('registerDrawerOpen', { float: 1_000_000 }));
    const res = await owner.call('registerDrawerClose', { counted: 3.333 });
    expectError(res, 400);
    expect(res.body.errors?.[0]).toMatchObject({ field: 'counted', message: 'counted can have at most 2 decimals.' });
    expect(await expectedOf(owner)).toBe(1_000_000);
  });

  it('counts a sale replayed with its Idempotency-Key once in the drawer', async () => {
    const { owner, card } = await shopWith(5, 3);
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 10 })).drawer;
    const body: Sale = { items: items(card), tenders: [{ kind: 'cash', amount: 5 }] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(owner, body, 'drawer-replay-1')));
    for (const res of answers) expectOk(res);
    expect(new Set(answers.map((r) => bodyOf(r).sale_number)).size).toBe(1);
    expect(await expectedOf(owner)).toBe(13);
    expect(await ledgerOf(drawer.id)).toEqual([
      ['float', 1000],
      ['sale_cash', 500],
      ['change', -200],
    ]);
    // A replay after the drawer closed still answers the first sale, and moves no closed drawer.
    bodyOf(await owner.call('registerDrawerClose', { counted: 13 }));
    expectOk(await sell(owner, body, 'drawer-replay-1'));
    expect(await ledgerOf(drawer.id)).toHaveLength(3);
  });

  it('sells the last copies once when cash sales race, and the drawer holds exactly their cash', async () => {
    const { shop, owner, card } = await shopWith(10, 2);
    bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
    const results = await Promise.all(
      Array.from({ length: 30 }, () => sell(owner, { items: items(card), tenders: [{ kind: 'cash', amount: 5 }] })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(await salesOf(shop)).toHaveLength(10);
    expect(await expectedOf(owner)).toBe(20);
  });

  it('closes between racing cash sales without losing one: the count holds exactly the cash of the sales it reports', async () => {
    const { owner, card } = await shopWith(20, 2);
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 0 })).drawer;
    const sale = () => sell(owner, { items: items(card), tenders: [{ kind: 'cash', amount: 2 }] });
    // Sales in flight; once the first is in, the closing, with more sales behind it.
    const early = Array.from({ length: 10 }, sale);
    await early[0];
    const closing = owner.call('registerDrawerClose', { counted: 0 });
    const late = Array.from({ length: 6 }, sale);
    const results = await Promise.all([...early, ...late]);
    const z = bodyOf(await closing);
    const sold = results.filter((r) => r.ok);
    expect(sold.length).toBeGreaterThan(0);
    // A sale either made it into the drawer before it closed, or was refused whole after.
    for (const res of results) if (!res.ok) expect(res.body.code).toBe('DRAWER_CLOSED');
    expect(z.sales.count).toBe(sold.length);
    expect(z.expected).toBe(2 * sold.length);
    expect(z.by_tender.cash).toBe(z.expected);
    const ledger = await ledgerOf(drawer.id);
    expect(ledger.reduce((n, [, cents]) => n + Number(cents), 0)).toBe(z.expected * 100);
  });

  it('takes a cash refund and a trade-in payout through recordCashMove, as the returns and trade-in will', async () => {
    const { shop, owner, card } = await shopWith(2, 10);
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 50 })).drawer;
    const sale = bodyOf(await sell(owner, { items: items(card), tenders: [{ kind: 'cash', amount: 10 }] }));
    const at = new Date().toISOString();
    const on = { id: drawer.id, shop_id: shop.id, engine: server.ctx.engine };
    await withTransaction(server.ctx.db, async (tx) => {
      await recordCashMove(tx, on, 'refund', -400, sale.sale_number, at);
      await recordCashMove(tx, on, 'payout', -1250, 'B-1', at);
    });
    expect(await expectedOf(owner)).toBe(43.5);
    // Money in the wrong direction for its kind is a programming error, and writes nothing.
    await expect(
      withTransaction(server.ctx.db, (tx) => recordCashMove(tx, on, 'refund', 400, sale.sale_number, at)),
    ).rejects.toThrow(/refund/);
    expect(await expectedOf(owner)).toBe(43.5);
    const z = bodyOf(await owner.call('registerDrawerClose', { counted: 43.5 }));
    expect(z).toMatchObject({
      expected: 43.5,
      over_short: 0,
      returns: { cash: 4 },
      trade_ins: { cash: 12.5 },
      cash: { float: 50, sales: 10, change: 0, refunds: -4, payouts: -12.5 },
    });
    // A closed drawer takes no more cash: the caller's whole transaction is refused.
    const late = withTransaction(server.ctx.db, (tx) => recordCashMove(tx, on, 'refund', -100, 'late', at));
    await expect(late).rejects.toMatchObject({ code: 'DRAWER_CLOSED' });
    expect(await ledgerOf(drawer.id)).toHaveLength(4);
  });
});
