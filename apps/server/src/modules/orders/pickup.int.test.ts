import { randomUUID } from 'node:crypto';
import { messages, pickupDeadline, reservationLimitBounds } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type CallInput } from '../../../test/client.ts';
import {
  addMember,
  catalog,
  publicShop,
  shop as buildShop,
  testClock,
  uniqueEmail,
  type Shop,
} from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail, type ReceivedMail } from '../../../test/smtp.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { holdText } from './reservation-mails.ts';

type Card = { id: string; name: string; finishes: string[]; prices: { usd: string | null } };
const priced = fixtureCardLines(3000)
  .map((l) => JSON.parse(l) as Card)
  .filter((c) => c.finishes.includes('nonfoil') && c.prices.usd !== null && Number(c.prices.usd) > 0.5);

describe(`a confirmed reservation picked up or not (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock();
  /** Each test's own shop, so stock, statistics and history are the test's alone. */
  let next = 0;
  const card = () => priced[next++]!;
  const line = (c: Card, quantity = 1) => ({ scryfall_id: c.id, finish: 'nonfoil' as const, quantity });
  const textOf = (m: ReceivedMail) => {
    const text = decodedMail(m);
    const end = text.search(/\r?\n\r?\n/);
    return text.slice(0, end).replace(/\r?\n[ \t]+/g, ' ') + text.slice(end);
  };
  const mailTo = async (email: string, subject: RegExp): Promise<string> =>
    textOf(await waitForMail(smtp.mails, (m) => m.to.includes(email) && subject.test(textOf(m))));

  /** A public shop that takes reservations, holding `quantity` copies of a card of its own. */
  async function reservingShop(quantity: number, limits: CallInput<'settingsSave'>['reservation_limits'] = {}) {
    const shop = await publicShop(server, await buildShop(server));
    bodyOf(
      await api(server, shop).call('settingsSave', {
        subdomain: shop.subdomain,
        shop_hidden: 0,
        reservations_enabled: true,
        reservation_limits: { max_copies_per_printing: 100, ...limits },
      }),
    );
    const c = card();
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: c.id, quantity }));
    return { shop, c };
  }
  const stockOf = async (shop: Shop, c: Card) =>
    bodyOf(await api(server, shop).call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === c.id)
      .reduce((n, h) => n + h.quantity, 0);
  /** A reservation of `quantity` copies, placed and confirmed by the shop: ready for pickup. */
  async function confirmed(shop: Shop & { subdomain: string }, c: Card, quantity: number, email = uniqueEmail('c')) {
    const placed = bodyOf(
      await api(server).call(
        'publicOrder',
        { subdomain: shop.subdomain, items: [line(c, quantity)], name: 'Pat Pickup', email, turnstileToken: 't' },
        { headers: { 'idempotency-key': randomUUID() } },
      ),
    );
    expectOk(await api(server, shop).call('confirmOrder', { order_number: placed.order_number }));
    return { orderNumber: placed.order_number, email, confirmedAt: clock.now().toISOString() };
  }
  const status = (shop: Shop & { subdomain: string }, orderNumber: string, email: string) =>
    api(server).call('publicOrderStatus', { subdomain: shop.subdomain, order_number: orderNumber, email });
  const historyOf = async (shop: Shop, orderNumber: string) =>
    bodyOf(await api(server, shop).call('orderHistory')).data.orders.find((o) => o.order_number === orderNumber);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(
      { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1000', PUBLIC_URL: 'https://cardstock.test' },
      { clock, captcha: { verify: () => Promise.resolve(true) } },
    );
    await catalog(server, 3000);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('holds a confirmed reservation for the shop’s days: history, the status page and the mail name the deadline', async () => {
    expect(reservationLimitBounds.pickup_days.default).toBe(7);
    const { shop, c } = await reservingShop(3);
    // A shop that never set the days holds for the default.
    expect(bodyOf(await api(server, shop).call('settingsGet')).reservation_limits?.pickup_days).toBe(7);
    const { orderNumber, email, confirmedAt } = await confirmed(shop, c, 1);
    const deadline = pickupDeadline(confirmedAt, 7);
    expect(await historyOf(shop, orderNumber)).toMatchObject({
      status: 'confirmed',
      pickup_until: deadline,
      closed_timestamp: null,
    });
    expect(bodyOf(await status(shop, orderNumber, email))).toMatchObject({
      status: 'confirmed',
      pickup_until: deadline,
      message: messages.reservationsServer.status('confirmed', holdText(deadline)),
    });
    expect(await mailTo(email, /Subject: Your order .* is ready for pickup/)).toContain(
      `The shop holds your order until ${holdText(deadline)}.`,
    );

    // The shop's own days, 1 to 60; a save that leaves them out keeps them; the deadline already given stays.
    const save = (limits: CallInput<'settingsSave'>['reservation_limits']) =>
      api(server, shop).call('settingsSave', { subdomain: shop.subdomain, shop_hidden: 0, reservation_limits: limits });
    expectOk(await save({ pickup_days: 3 }));
    expectOk(await save({ max_lines: 10 }));
    expect(bodyOf(await api(server, shop).call('settingsGet')).reservation_limits?.pickup_days).toBe(3);
    for (const bad of [0, 61, 2.5]) expectError(await save({ pickup_days: bad }), 400);
    expect((await historyOf(shop, orderNumber))?.pickup_until).toBe(deadline);
    const second = await confirmed(shop, c, 1);
    expect((await historyOf(shop, second.orderNumber))?.pickup_until).toBe(pickupDeadline(second.confirmedAt, 3));
  });

  it('picked up: final, the copies stay sold, the sale counts; the customer’s page says so', async () => {
    const { shop, c } = await reservingShop(3);
    const { orderNumber, email } = await confirmed(shop, c, 2);
    const before = bodyOf(await api(server, shop).call('statsSummary')).data;
    const res = await api(server, shop).call('pickedUpOrder', { order_number: orderNumber });
    expectOk(res);
    expect(res.body.message).toBe(messages.ordersServer.pickedUp(orderNumber));
    expect(await stockOf(shop, c)).toBe(1);
    expect(bodyOf(await api(server, shop).call('statsSummary')).data).toEqual(before);
    expect(await historyOf(shop, orderNumber)).toMatchObject({
      status: 'picked_up',
      closed_timestamp: clock.now().toISOString(),
    });
    expect(bodyOf(await status(shop, orderNumber, email))).toMatchObject({
      status: 'picked_up',
      message: messages.reservationsServer.status('picked_up'),
    });
    // Final: neither again nor a no-show after it.
    for (const route of ['pickedUpOrder', 'noShowOrder'] as const) {
      const again = await api(server, shop).call(route, { order_number: orderNumber });
      expectError(again, 409);
      expect(again.body.message).toBe(messages.ordersServer.notReadyForPickup(orderNumber, 'picked_up'));
    }
    expect(await stockOf(shop, c)).toBe(1);
    const activity = bodyOf(await api(server, shop).call('shopActivity', { kind: 'order' })).entries;
    expect(activity.map((e) => e.action)).toContain('order.picked_up');
  });

  it('no-show: the copies go back on sale, once; the sale no longer counts; the customer is told and mailed', async () => {
    const { shop, c } = await reservingShop(5);
    const { orderNumber, email } = await confirmed(shop, c, 3);
    const staffOrder = bodyOf(await api(server, shop).call('placeOrder', { items: [line(c, 1)] })).order_number;
    expectOk(await api(server, shop).call('confirmOrder', { order_number: staffOrder }));
    expect(await stockOf(shop, c)).toBe(1);
    expect(bodyOf(await api(server, shop).call('statsSummary')).data).toEqual({ total_orders: 2, total_cards_sold: 4 });

    // Before its deadline too: a customer may call to say they will not come (the screen asks first).
    const deadline = (await historyOf(shop, orderNumber))!.pickup_until!;
    const res = await api(server, shop).call('noShowOrder', { order_number: orderNumber });
    expectOk(res);
    expect(res.body.message).toBe(messages.ordersServer.noShow(orderNumber));
    expect(await stockOf(shop, c)).toBe(4);
    // A second click gives nothing back again.
    const again = await api(server, shop).call('noShowOrder', { order_number: orderNumber });
    expectError(again, 409);
    expect(again.body.message).toBe(messages.ordersServer.notReadyForPickup(orderNumber, 'no_show'));
    expectError(await api(server, shop).call('pickedUpOrder', { order_number: orderNumber }), 409);
    expect(await stockOf(shop, c)).toBe(4);

    // Statistics count the staff order alone: a no-show sold nothing.
    expect(bodyOf(await api(server, shop).call('statsSummary')).data).toEqual({ total_orders: 1, total_cards_sold: 1 });
    const byDate = bodyOf(await api(server, shop).call('statsOrdersOverTime')).data.orders_by_date;
    expect(byDate.reduce((n, d) => n + d.order_count, 0)).toBe(1);
    const top = bodyOf(await api(server, shop).call('statsTopSelling', { limit: 10 })).data.top_cards;
    expect(top.reduce((n, t) => n + t.total_sold, 0)).toBe(1);

    expect(await historyOf(shop, orderNumber)).toMatchObject({ status: 'no_show' });
    expect(bodyOf(await status(shop, orderNumber, email))).toMatchObject({
      status: 'no_show',
      message: messages.reservationsServer.status('no_show', holdText(deadline)),
    });
    expect(await mailTo(email, /Subject: Your order .* was not picked up/)).toContain('the cards went back on sale');
    const activity = bodyOf(await api(server, shop).call('shopActivity', { kind: 'order' })).entries;
    expect(activity.filter((e) => e.action === 'order.no_show').map((e) => e.subject)).toEqual([orderNumber]);
  });

  it('gives the copies back exactly once when many staff mark the same no-show at once', async () => {
    const { shop, c } = await reservingShop(6);
    const { orderNumber } = await confirmed(shop, c, 4);
    expect(await stockOf(shop, c)).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(server, shop).call(i % 3 === 2 ? 'pickedUpOrder' : 'noShowOrder', { order_number: orderNumber }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(11);
    const final = (await historyOf(shop, orderNumber))!.status;
    expect(await stockOf(shop, c)).toBe(final === 'no_show' ? 6 : 2);
  });

  it('refuses with 409 an order not confirmed or not an online reservation, 404 one not of the shop', async () => {
    const { shop, c } = await reservingShop(4);
    // Pending: not confirmed yet.
    const pending = bodyOf(
      await api(server).call(
        'publicOrder',
        { subdomain: shop.subdomain, items: [line(c)], name: 'Pat', email: uniqueEmail('p'), turnstileToken: 't' },
        { headers: { 'idempotency-key': randomUUID() } },
      ),
    ).order_number;
    const early = await api(server, shop).call('noShowOrder', { order_number: pending });
    expectError(early, 409);
    expect(early.body.message).toBe(messages.ordersServer.notReadyForPickup(pending, 'pending'));
    // Rejected: nothing to pick up, and its copies, given back once by the rejection, are not given back again.
    expectOk(await api(server, shop).call('rejectOrder', { order_number: pending }));
    expectError(await api(server, shop).call('noShowOrder', { order_number: pending }), 409);
    expect(await stockOf(shop, c)).toBe(4);
    // A staff order confirmed at the counter is no reservation: the customer took it already.
    const staff = bodyOf(await api(server, shop).call('placeOrder', { items: [line(c)] })).order_number;
    expectOk(await api(server, shop).call('confirmOrder', { order_number: staff }));
    for (const route of ['pickedUpOrder', 'noShowOrder'] as const) {
      const res = await api(server, shop).call(route, { order_number: staff });
      expectError(res, 409);
      expect(res.body.message).toBe(messages.ordersServer.notReservation(staff));
    }
    expect(await stockOf(shop, c)).toBe(3);
    expect((await historyOf(shop, staff))?.pickup_until).toBeNull();
    // Another shop's reservation is not found, and left as it is.
    const { orderNumber } = await confirmed(shop, c, 1);
    const other = await buildShop(server);
    expectError(await api(server, other).call('noShowOrder', { order_number: orderNumber }), 404);
    expect((await historyOf(shop, orderNumber))?.status).toBe('confirmed');
    expect(await stockOf(shop, c)).toBe(2);
  });

  it('lets whoever may confirm orders mark them, and no Watcher', async () => {
    const { shop, c } = await reservingShop(3);
    const employee = await addMember(server, shop.email, 'Employee');
    const watcher = await addMember(server, shop.email, 'Watcher');
    const { orderNumber } = await confirmed(shop, c, 1);
    const refused = await api(server, watcher).call('noShowOrder', { order_number: orderNumber });
    expectError(refused, 403);
    expectOk(await api(server, employee).call('pickedUpOrder', { order_number: orderNumber }));
  });
});
