import { drawerMessages, messages, permissions } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { addMember, shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

const said = drawerMessages.server;

/**
 * Paid in and paid out (issue 44, decision 038) over real HTTP: cash put into or taken out of one's open drawer by
 * hand, with a reason, through the drawer's one writer; its expected cash, its ledger, its Z report and the Activity
 * screen show it. Refused (no drawer, more out than it holds, a bad body, a Watcher): nothing written.
 */
describe(`paid in and paid out of the cash drawer (${testEngine})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
  });
  afterAll(() => server.close());

  /** A new shop and its Owner's client. */
  async function newShop() {
    const shop = await buildShop(server);
    return { shop, owner: api(server, shop) };
  }
  const expectedOf = async (who: Api) => bodyOf(await who.call('registerDrawerCurrent')).drawer?.expected;
  /** The drawer's ledger in order: kind, signed cents, reference. */
  const ledgerOf = async (drawerId: number) =>
    (
      await server.ctx.db
        .selectFrom('drawer_moves')
        .select(['kind', 'amount_cents', 'reference'])
        .where('drawer_id', '=', drawerId)
        .orderBy('id')
        .execute()
    ).map((m) => [m.kind, Number(m.amount_cents), m.reference]);
  const movesOfShop = (shopId: number) =>
    server.ctx.db.selectFrom('drawer_moves').select('id').where('shop_id', '=', shopId).execute();
  const auditOf = (shopId: number) =>
    server.ctx.db.selectFrom('audit_log').select('action').where('shop_id', '=', shopId).execute();

  it('moves the expected cash and the ledger, with the reason; the Z report and the Activity screen show both', async () => {
    const { shop, owner } = await newShop();
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 50 })).drawer;

    const paidIn = bodyOf(
      await owner.call('registerDrawerMove', { kind: 'paid_in', amount: 20.5, reason: '  Change from the bank ' }),
    );
    expect(paidIn.message).toBe(said.paidIn(2050, 'Change from the bank'));
    expect(paidIn.drawer).toMatchObject({ id: drawer.id, float: 50, expected: 70.5, closed_at: null });
    const paidOut = bodyOf(await owner.call('registerDrawerMove', { kind: 'paid_out', amount: 5, reason: 'Stamps' }));
    expect(paidOut.message).toBe(said.paidOut(500, 'Stamps'));
    expect(paidOut.drawer.expected).toBe(65.5);
    expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer).toEqual(paidOut.drawer);
    expect(await ledgerOf(drawer.id)).toEqual([
      ['float', 5000, ''],
      ['paid_in', 2050, 'Change from the bank'],
      ['paid_out', -500, 'Stamps'],
    ]);

    // The whole of what it holds may go out.
    bodyOf(await owner.call('registerDrawerMove', { kind: 'paid_out', amount: 65.5, reason: 'To the safe' }));
    expect(await expectedOf(owner)).toBe(0);
    bodyOf(await owner.call('registerDrawerMove', { kind: 'paid_in', amount: 10, reason: 'Float again' }));

    const z = bodyOf(await owner.call('registerDrawerClose', { counted: 10 }));
    expect(z).toMatchObject({
      expected: 10,
      counted: 10,
      over_short: 0,
      sales: { count: 0 },
      cash: { float: 50, sales: 0, change: 0, payouts: 0, refunds: 0, paid_in: 30.5, paid_out: -70.5 },
    });
    expect(bodyOf(await owner.call('registerDrawerReport', { drawer_id: drawer.id })).cash).toMatchObject({
      paid_in: 30.5,
      paid_out: -70.5,
    });

    const activity = bodyOf(await owner.call('shopActivity', { kind: 'order' })).entries;
    expect(activity.map((e) => [e.action, e.subject, e.detail])).toEqual([
      ['register.drawer_close', String(drawer.id), expect.anything()],
      ...[
        ['paid_in', 1000, 'Float again'],
        ['paid_out', 6550, 'To the safe'],
        ['paid_out', 500, 'Stamps'],
        ['paid_in', 2050, 'Change from the bank'],
      ].map(([kind, cents, reason]) => [
        'register.drawer_move',
        String(drawer.id),
        { drawer_id: drawer.id, kind, amount_cents: cents, reason },
      ]),
      ['register.drawer_open', String(drawer.id), expect.anything()],
    ]);
    expect(activity[1]!.actor).toBe(shop.email);
  });

  it('refuses a move without an open drawer, 409 DRAWER_CLOSED, nothing written', async () => {
    const { shop, owner } = await newShop();
    const none = await owner.call('registerDrawerMove', { kind: 'paid_in', amount: 5, reason: 'Change' });
    expectError(none, 409);
    expect(none.body).toMatchObject({ code: 'DRAWER_CLOSED', message: said.noneOpen });
    // Closed again: the same.
    bodyOf(await owner.call('registerDrawerOpen', { float: 10 }));
    bodyOf(await owner.call('registerDrawerClose', { counted: 10 }));
    const closed = await owner.call('registerDrawerMove', { kind: 'paid_out', amount: 1, reason: 'Stamps' });
    expectError(closed, 409);
    expect(closed.body).toMatchObject({ code: 'DRAWER_CLOSED', message: said.noneOpen });
    expect(await movesOfShop(shop.id)).toHaveLength(1);
    expect((await auditOf(shop.id)).filter((e) => e.action === 'register.drawer_move')).toEqual([]);
  });

  it('refuses a paid out of more than the drawer should hold, naming the cash in it, nothing written', async () => {
    const { shop, owner } = await newShop();
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 20 })).drawer;
    const refused = await owner.call('registerDrawerMove', { kind: 'paid_out', amount: 20.01, reason: 'Pizza' });
    expectError(refused, 409);
    expect(refused.body.message).toBe(said.paidOutTooMuch(2000));
    expect(refused.body.message).toContain('$20.00');
    expect(await expectedOf(owner)).toBe(20);
    expect(await ledgerOf(drawer.id)).toEqual([['float', 2000, '']]);
    expect((await auditOf(shop.id)).filter((e) => e.action === 'register.drawer_move')).toEqual([]);
  });

  it('never pays out more than the drawer holds when paid outs race', async () => {
    const { owner } = await newShop();
    const drawer = bodyOf(await owner.call('registerDrawerOpen', { float: 20 })).drawer;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.call('registerDrawerMove', { kind: 'paid_out', amount: 3, reason: 'Racing' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    for (const res of results.filter((r) => !r.ok)) expect(res.status).toBe(409);
    expect(await expectedOf(owner)).toBe(2);
    expect(await ledgerOf(drawer.id)).toHaveLength(7);
  });

  it('refuses an amount that is not cash counted by hand, and a missing reason: 400, nothing written', async () => {
    const { shop, owner } = await newShop();
    bodyOf(await owner.call('registerDrawerOpen', { float: 100 }));
    const bad: [Record<string, unknown>, string, string][] = [
      [{ kind: 'paid_in', amount: 0, reason: 'Zero' }, 'amount', 'amount must be more than 0.'],
      [{ kind: 'paid_out', amount: -5, reason: 'Negative' }, 'amount', 'amount cannot be negative.'],
      [{ kind: 'paid_in', amount: 1.005, reason: 'Fraction' }, 'amount', 'amount can have at most 2 decimals.'],
      [{ kind: 'paid_in', amount: 1_000_000.01, reason: 'Too much' }, 'amount', 'amount can be at most $1,000,000.'],
      [{ kind: 'paid_in', amount: 5, reason: '   ' }, 'reason', 'reason is required.'],
      [{ kind: 'paid_in', amount: 5 }, 'reason', 'reason is required.'],
      [{ kind: 'paid_in', amount: 5, reason: 'x'.repeat(201) }, 'reason', 'reason must be at most 200 characters.'],
      [{ kind: 'float', amount: 5, reason: 'Sneaky' }, 'kind', 'kind must be one of paid_in, paid_out.'],
    ];
    for (const [body, field, message] of bad) {
      const res = await server.request('POST', '/api/register/drawer/move', { token: shop.token, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0], JSON.stringify(body)).toEqual({ field, message });
    }
    expect(await expectedOf(owner)).toBe(100);
    expect(await movesOfShop(shop.id)).toHaveLength(1);
  });

  it('lets an Employee move their own drawer only, and a Watcher none', async () => {
    const { shop, owner } = await newShop();
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    const watcher = api(server, await addMember(server, shop.email, 'Watcher'));
    bodyOf(await owner.call('registerDrawerOpen', { float: 100 }));
    bodyOf(await employee.call('registerDrawerOpen', { float: 10 }));
    bodyOf(await employee.call('registerDrawerMove', { kind: 'paid_out', amount: 10, reason: 'Lunch run' }));
    expect(await expectedOf(employee)).toBe(0);
    expect(await expectedOf(owner)).toBe(100);
    // The Employee's drawer is empty: the Owner's cash is not theirs to pay out.
    const refused = await employee.call('registerDrawerMove', { kind: 'paid_out', amount: 1, reason: 'More' });
    expectError(refused, 409);
    expect(refused.body.message).toBe(said.paidOutTooMuch(0));

    const forbidden = await watcher.call('registerDrawerMove', { kind: 'paid_in', amount: 1, reason: 'Watch' });
    expectError(forbidden, 403);
    expect(forbidden.body.message).toBe(messages.access.forbidden('Watcher', permissions['register:drawer'].says));
    expect(await expectedOf(owner)).toBe(100);
  });

  it('moves no other shop’s drawer', async () => {
    const a = await newShop();
    const b = await newShop();
    bodyOf(await a.owner.call('registerDrawerOpen', { float: 40 }));
    const fromB = await b.owner.call('registerDrawerMove', { kind: 'paid_out', amount: 10, reason: 'Not mine' });
    expectError(fromB, 409);
    expect(fromB.body.code).toBe('DRAWER_CLOSED');
    expect(await expectedOf(a.owner)).toBe(40);
    expect(await movesOfShop(b.shop.id)).toEqual([]);
  });
});
