import { randomUUID } from 'node:crypto';
import {
  defaultReservationLimits,
  messages,
  pickupDeadline,
  reservationLimitBounds,
  reservationLimits,
} from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk, type CallInput } from '../../../test/client.ts';
import { catalog, publicShop, shop as buildShop, testClock, uniqueEmail, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail, type ReceivedMail } from '../../../test/smtp.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { InventoryReadModel } from '../inventory/read-model.ts';
import { startExpirySweep } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { createReservationMails, holdText } from './reservation-mails.ts';

type Card = { id: string; name: string; finishes: string[]; prices: { usd: string | null } };
const cards = fixtureCardLines(3000).map((l) => JSON.parse(l) as Card);
// Printings with a nonfoil USD price, so every line has a price from the shop's rule.
const priced = cards.filter(
  (c) => c.finishes.includes('nonfoil') && c.prices.usd !== null && Number(c.prices.usd) > 0.5,
);
const unpricedCard = cards.find((c) => c.finishes.includes('nonfoil') && c.prices.usd === null)!;
type Items = CallInput<'publicOrder'>['items'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Limits no test of other rules reaches. */
const wideLimits = {
  max_copies_per_printing: 1000,
  max_lines: reservationLimits.maxLines,
  max_total: 100_000,
  max_open_per_address: 1000,
  max_held_copies: 1_000_000,
};

describe(`online reservations (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock();
  let owner: Shop & { subdomain: string };
  /** Each test's own printings, so no test sees another's stock. */
  let next = 0;
  const card = () => priced[next++]!;

  const line = (c: Card, quantity = 1) => ({ scryfall_id: c.id, finish: 'nonfoil' as const, quantity });
  const add = (c: Card, quantity: number, who: { token: string } = owner) =>
    api(server, who).call('inventoryAdd', { scryfall_id: c.id, quantity });
  const reserve = (
    items: Items,
    options: { email?: string; key?: string | null; subdomain?: string; ip?: string; name?: string } = {},
  ) =>
    api(server).call(
      'publicOrder',
      {
        subdomain: options.subdomain ?? owner.subdomain,
        items,
        name: options.name ?? 'Casey Customer',
        email: options.email ?? uniqueEmail('customer'),
        phone: '+1 555 0199',
        turnstileToken: 'test-token',
      },
      {
        headers: {
          ...(options.key === null ? {} : { 'idempotency-key': options.key ?? randomUUID() }),
          ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
        },
      },
    );
  const stockOf = async (c: Card, who: { token: string } = owner) =>
    bodyOf(await api(server, who).call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === c.id)
      .reduce((n, h) => n + h.quantity, 0);
  const pending = async (who: { token: string } = owner) =>
    bodyOf(await api(server, who).call('pendingOrders')).data.orders;
  /** A mail's text with long header lines unfolded, so a subject reads whole. */
  const textOf = (m: ReceivedMail) => {
    const text = decodedMail(m);
    const end = text.search(/\r?\n\r?\n/);
    return text.slice(0, end).replace(/\r?\n[ \t]+/g, ' ') + text.slice(end);
  };
  const mailTo = async (email: string, subject: RegExp): Promise<string> =>
    textOf(await waitForMail(smtp.mails, (m) => m.to.includes(email) && subject.test(textOf(m))));
  const status = (orderNumber: string, email: string, subdomain = owner.subdomain) =>
    api(server).call('publicOrderStatus', { subdomain, order_number: orderNumber, email });

  /** Saves a shop's settings: its subdomain, public unless told, and `changes`. */
  const save = async (shop: Shop & { subdomain: string }, changes: Partial<CallInput<'settingsSave'>>) =>
    bodyOf(await api(server, shop).call('settingsSave', { subdomain: shop.subdomain, shop_hidden: 0, ...changes }));

  /**
   * A public shop of its own that takes reservations. Every call here comes from one address and many tests share a
   * shop, so its limits are wide unless a test asks for the defaults (`null`) or its own.
   */
  async function reservingShop(limits: CallInput<'settingsSave'>['reservation_limits'] | null = wideLimits) {
    const shop = await publicShop(server, await buildShop(server));
    await save(shop, { reservations_enabled: true, ...(limits ? { reservation_limits: limits } : {}) });
    return shop;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(
      { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1000', PUBLIC_URL: 'https://cardstock.test' },
      // A real verifier's answer, without Cloudflare: the token "refused" fails.
      { clock, captcha: { verify: (token) => Promise.resolve(token !== 'refused') } },
    );
    await catalog(server, 3000);
    owner = await reservingShop();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('places a reservation: stock taken at once, pending as Online with the customer, and a confirmation mail', async () => {
    const c = card();
    await add(c, 3);
    const email = uniqueEmail('Reserver');
    const res = await reserve([line(c, 2)], { email, name: 'Robin Reserver' });
    expectOk(res);
    expect(res.body.order_number).toMatch(new RegExp(`^\\d{8}-${owner.id}-0-\\d+$`));
    expect(res.body.message).toBe(messages.reservationsServer.reserved(res.body.order_number, email.toLowerCase()));
    expect(await stockOf(c)).toBe(1);

    const order = (await pending()).find((o) => o.order_number === res.body.order_number)!;
    expect(order).toMatchObject({
      status: 'pending',
      source: 'Online',
      source_kind: 'online',
      customer: { name: 'Robin Reserver', email: email.toLowerCase(), phone: '+1 555 0199' },
      total_items: 2,
      items: [{ scryfall_id: c.id, quantity: 2, finish: 'nonfoil' }],
    });
    expect(Date.parse(order.hold_until!) - clock.now().getTime()).toBe(48 * 3_600_000);

    const mail = await mailTo(email.toLowerCase(), /Subject: Your reservation/);
    expect(mail).toContain(`Your reservation ${res.body.order_number}`);
    expect(mail).toContain(`Pickup callout: ${order.callout}.`);
    expect(mail).toContain(c.name);
    expect(mail).toContain(`https://cardstock.test/shop/${owner.subdomain}/order/${res.body.order_number}`);
  });

  it('answers a retry with the same key with the same order, once; another cart with that key is refused', async () => {
    const c = card();
    await add(c, 5);
    const key = randomUUID();
    const email = uniqueEmail('retry');
    const first = await reserve([line(c, 1)], { key, email });
    expectOk(first);
    const again = await reserve([line(c, 1)], { key, email });
    expectOk(again);
    expect(again.body.order_number).toBe(first.body.order_number);
    const raced = await Promise.all(Array.from({ length: 5 }, () => reserve([line(c, 1)], { key, email })));
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(raced.map((r) => bodyOf(r).order_number))).toEqual(new Set([first.body.order_number]));
    expect(await stockOf(c)).toBe(4);

    const other = await reserve([line(c, 2)], { key, email });
    expectError(other, 422);
    expect(other.body).toEqual({ message: messages.ordersServer.idempotencyMismatch, code: 'IDEMPOTENCY_MISMATCH' });
    expect(await stockOf(c)).toBe(4);

    const noKey = await reserve([line(c, 1)], { key: null });
    expectError(noKey, 400);
    expect(noKey.body.message).toBe(messages.reservationsServer.idempotencyKeyRequired);
    expect(await stockOf(c)).toBe(4);
  });

  it('tells a customer where the order stands by number and e-mail; anything else is the same 404', async () => {
    const c = card();
    await add(c, 2);
    const email = uniqueEmail('looker');
    const placed = bodyOf(await reserve([line(c, 2)], { email }));
    const res = await status(placed.order_number, email.toUpperCase());
    expectOk(res);
    expect(res.body).toMatchObject({
      order_number: placed.order_number,
      status: 'pending',
      reason: null,
      items: [{ card_name: c.name, kind: 'single', finish: 'nonfoil', quality: 'NM', quantity: 2 }],
      message: messages.reservationsServer.status('pending'),
    });
    expect(res.body.hold_until).toBe(new Date(clock.now().getTime() + 48 * 3_600_000).toISOString());
    const refusals = await Promise.all([
      status(placed.order_number, uniqueEmail('stranger')),
      status(`${placed.order_number}9`, email),
      status(placed.order_number, email, 'no-such-shop-here'),
    ]);
    for (const r of refusals) {
      expectError(r, 404);
      expect(r.body.message).toBe(messages.reservationsServer.statusNotFound);
    }
  });

  it('refuses a card that ran out, naming it, and reserves nothing of the cart', async () => {
    const [plenty, short] = [card(), card()];
    await add(plenty, 5);
    await add(short, 1);
    const res = await reserve([line(plenty, 2), line(short, 2)]);
    expectError(res, 409);
    expect(res.body.message).toBe(messages.ordersServer.notEnough(short.name, 1));
    expect(res.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      errors: [{ field: 'items.1', message: messages.ordersServer.notEnough(short.name, 1) }],
    });
    expect(await stockOf(plenty)).toBe(5);
    expect(await stockOf(short)).toBe(1);
  });

  it('refuses a card without a price, and malformed orders with a 400 that says why, reserving nothing', async () => {
    await add(unpricedCard, 2);
    const unpriced = await reserve([line(unpricedCard, 1)]);
    expectError(unpriced, 422);
    expect(unpriced.body.code).toBe('NO_PRICE');
    expect(unpriced.body.message).toBe(messages.ordersServer.noPrice([unpricedCard.name]));

    const c = card();
    await add(c, 2);
    const base = {
      subdomain: owner.subdomain,
      items: [line(c, 1)],
      name: 'Casey',
      email: 'casey@example.com',
      turnstileToken: 't',
    };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, items: [] }, 'Cart is empty'],
      [{ ...base, email: 'not an address' }, 'Email must be a valid e-mail address.'],
      [{ ...base, name: '' }, 'Name is required.'],
      [{ ...base, phone: 'call me maybe' }, 'Phone may hold digits, spaces and + ( ) - . / only.'],
      [{ ...base, turnstileToken: undefined }, 'CAPTCHA token is required.'],
      [
        { ...base, items: Array.from({ length: 51 }, () => line(c, 1)) },
        `A reservation has at most ${reservationLimits.maxLines} lines.`,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await server.request('POST', '/api/public/shop/order', body, { 'idempotency-key': randomUUID() });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain(message);
    }
    const negative = await server.request(
      'POST',
      '/api/public/shop/order',
      { ...base, items: [{ ...line(c, 1), quantity: -3 }] },
      { 'idempotency-key': randomUUID() },
    );
    expect(negative.status).toBe(400);
    expect(await stockOf(c)).toBe(2);
    expect((await pending()).some((o) => o.customer?.email === 'casey@example.com')).toBe(false);
  });

  it('takes none at a private, suspended, unknown or reservations-off shop', async () => {
    const c = card();
    const shop = await reservingShop();
    await add(c, 3, shop);
    const at = (subdomain: string) => reserve([line(c, 1)], { subdomain });

    await save(shop, { reservations_enabled: false });
    const off = await at(shop.subdomain);
    expectError(off, 403);
    expect(off.body.message).toBe(messages.reservationsServer.notTaking);

    await save(shop, { reservations_enabled: true, shop_hidden: 1 });
    const hidden = await at(shop.subdomain);
    expectError(hidden, 404);
    expect(hidden.body.message).toBe(messages.storefrontServer.notFound);

    await save(shop, { shop_hidden: 0 });
    await server.ctx.db.updateTable('shops').set({ is_active: 0 }).where('id', '=', shop.id).execute();
    const suspended = await at(shop.subdomain);
    expectError(suspended, 404);
    await server.ctx.db.updateTable('shops').set({ is_active: 1 }).where('id', '=', shop.id).execute();

    expectError(await at('no-such-shop-here'), 404);
    expect(await stockOf(c, shop)).toBe(3);
    expectOk(await at(shop.subdomain));
    expect(await stockOf(c, shop)).toBe(2);
  });

  it('refuses a failed captcha and reserves nothing', async () => {
    const c = card();
    await add(c, 1);
    const res = await api(server).call(
      'publicOrder',
      {
        subdomain: owner.subdomain,
        items: [line(c)],
        name: 'Bot',
        email: 'bot@example.com',
        turnstileToken: 'refused',
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expectError(res, 400);
    expect(res.body.message).toBe(messages.server.captchaFailed);
    expect(await stockOf(c)).toBe(1);
  });

  it(`caps open reservations per e-mail at ${reservationLimits.maxOpenPerEmail} per shop`, async () => {
    const c = card();
    await add(c, 10);
    const email = uniqueEmail('cap');
    for (let i = 0; i < reservationLimits.maxOpenPerEmail; i++) expectOk(await reserve([line(c)], { email }));
    const over = await reserve([line(c)], { email: email.toUpperCase() });
    expectError(over, 409);
    expect(over.body.message).toBe(messages.reservationsServer.tooManyOpen(reservationLimits.maxOpenPerEmail));
    expect(await stockOf(c)).toBe(10 - reservationLimits.maxOpenPerEmail);
    // Another shop is another count.
    const other = await reservingShop();
    await add(c, 1, other);
    expectOk(await reserve([line(c)], { email, subdomain: other.subdomain }));
  });

  it('confirming mails “ready for pickup”; the lookup says so', async () => {
    const c = card();
    await add(c, 2);
    const email = uniqueEmail('pickup');
    const placed = bodyOf(await reserve([line(c, 1)], { email }));
    expectOk(await api(server, owner).call('confirmOrder', { order_number: placed.order_number }));
    const mail = await mailTo(email, /Subject: Your order .* is ready for pickup/);
    expect(mail).toContain(`Your order ${placed.order_number} is ready for pickup at ${owner.shopName}`);
    expect(mail).toMatch(/Pickup callout: \d+\./);
    // Held for pickup for the shop's days from now (issue 38), and the customer is told until when.
    const deadline = pickupDeadline(clock.now().toISOString(), reservationLimitBounds.pickup_days.default);
    expect(bodyOf(await status(placed.order_number, email))).toMatchObject({
      status: 'confirmed',
      hold_until: null,
      pickup_until: deadline,
      message: messages.reservationsServer.status('confirmed', holdText(deadline)),
    });
    expect(await stockOf(c)).toBe(1);
  });

  it('rejecting with a reason gives the stock back and mails the reason; the lookup shows it', async () => {
    const c = card();
    await add(c, 2);
    const email = uniqueEmail('rejected');
    const placed = bodyOf(await reserve([line(c, 2)], { email }));
    expect(await stockOf(c)).toBe(0);
    const reason = 'One copy turned out to be damaged.';
    expectOk(await api(server, owner).call('rejectOrder', { order_number: placed.order_number, reason }));
    expect(await stockOf(c)).toBe(2);
    const mail = await mailTo(email, /Subject: .* was not accepted/);
    expect(mail).toContain(`The shop says: ${reason}`);
    expect(bodyOf(await status(placed.order_number, email))).toMatchObject({ status: 'rejected', reason });
    // Without a reason, the mail says none.
    const other = uniqueEmail('rejected');
    const second = bodyOf(await reserve([line(c, 1)], { email: other }));
    expectOk(await api(server, owner).call('rejectOrder', { order_number: second.order_number }));
    expect(await mailTo(other, /Subject: .* was not accepted/)).not.toContain('The shop says');
  });

  it('sells exactly the last 10 copies to 200 customers reserving at once, and never goes below zero', async () => {
    const c = card();
    await add(c, 10);
    const results = await Promise.all(Array.from({ length: 200 }, () => reserve([line(c)])));
    const sold = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused)
      expect(r.body.message).toMatch(new RegExp(`^${c.name}: (none|only \\d+) left in stock\\.$`));
    expect(await stockOf(c)).toBe(0);
    const rows = await server.ctx.db
      .selectFrom('inventory')
      .select('quantity')
      .where('card_id', '=', c.id)
      .where('shop_id', '=', owner.id)
      .execute();
    expect(rows.map((r) => r.quantity)).toEqual([0]);
  });

  it('expires a reservation not confirmed in its hold time: stock back, status expired, the customer mailed', async () => {
    const c = card();
    const shop = await reservingShop();
    await save(shop, { reservations_enabled: true, reservation_hold_hours: 2 });
    await add(c, 3, shop);
    const email = uniqueEmail('late');
    const [first, second] = [
      bodyOf(await reserve([line(c, 1)], { email, subdomain: shop.subdomain })),
      bodyOf(await reserve([line(c, 2)], { email, subdomain: shop.subdomain })),
    ];
    expect(await stockOf(c, shop)).toBe(0);

    clock.advance(2 * 3_600_000 - 1000);
    expect((await pending(shop)).map((o) => o.order_number)).toEqual([first.order_number, second.order_number]);
    expect(await stockOf(c, shop)).toBe(0);

    clock.advance(1000);
    // The status lookup ends expired holds first ...
    expect(bodyOf(await status(first.order_number, email, shop.subdomain))).toMatchObject({
      status: 'expired',
      hold_until: null,
      message: messages.reservationsServer.status('expired'),
    });
    // ... and so does the pending list: both are gone from it, their stock back.
    expect(await pending(shop)).toEqual([]);
    expect(await stockOf(c, shop)).toBe(3);
    const mail = await mailTo(email, new RegExp(`Subject: Your reservation ${second.order_number} .* expired`));
    expect(mail).toContain('went back on sale');
    // An expired order cannot be confirmed any more.
    const late = await api(server, shop).call('confirmOrder', { order_number: first.order_number });
    expectError(late, 409);
    expect(late.body.message).toBe(messages.ordersServer.notPending(first.order_number, 'expired'));
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('shop_id', '=', shop.id)
      .where('action', 'like', 'order.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'order.reserve', actor: email },
      { action: 'order.reserve', actor: email },
      { action: 'order.expire', actor: 'system' },
      { action: 'order.expire', actor: 'system' },
    ]);
    // The shop's data export carries the reservation's customer and hold.
    const exported = bodyOf(await api(server, shop).call('shopExport'));
    expect(exported.orders).toEqual([
      expect.objectContaining({
        order_number: first.order_number,
        status: 'expired',
        source_kind: 'online',
        customer_email: email,
        customer_name: 'Casey Customer',
        hold_until: expect.any(String),
      }),
      expect.objectContaining({ order_number: second.order_number, status: 'expired' }),
    ]);
  });

  it('lists expired reservations for the staff, newest first, ending holds past their time first', async () => {
    const [c, kept] = [card(), card()];
    const shop = await reservingShop();
    await save(shop, { reservations_enabled: true, reservation_hold_hours: 1 });
    await add(c, 3, shop);
    await add(kept, 1, shop);
    const expired = async () => bodyOf(await api(server, shop).call('expiredOrders')).data.orders;
    const email = uniqueEmail('lapsed');
    const first = bodyOf(await reserve([line(c, 1)], { email, subdomain: shop.subdomain }));
    const confirmed = bodyOf(await reserve([line(kept, 1)], { subdomain: shop.subdomain }));
    expectOk(await api(server, shop).call('confirmOrder', { order_number: confirmed.order_number }));
    clock.advance(30 * 60_000);
    const second = bodyOf(await reserve([line(c, 2)], { email, subdomain: shop.subdomain }));
    expect(await expired()).toEqual([]);

    clock.advance(30 * 60_000);
    const firstEnded = clock.now().toISOString();
    // Nothing else has looked: the list itself ends the first hold (the second has half an hour left).
    expect(await expired()).toEqual([
      expect.objectContaining({
        order_number: first.order_number,
        status: 'expired',
        source_kind: 'online',
        customer: { name: 'Casey Customer', email, phone: '+1 555 0199' },
        hold_until: null,
        expired_timestamp: firstEnded,
        total_items: 1,
        items: [expect.objectContaining({ scryfall_id: c.id, quantity: 1 })],
      }),
    ]);
    expect((await pending(shop)).map((o) => o.order_number)).toEqual([second.order_number]);
    expect(await stockOf(c, shop)).toBe(1);

    clock.advance(30 * 60_000);
    expect((await expired()).map((o) => [o.order_number, o.expired_timestamp])).toEqual([
      [second.order_number, clock.now().toISOString()],
      [first.order_number, firstEnded],
    ]);
    expect(await stockOf(c, shop)).toBe(3);
    // Another shop's staff see none of them.
    expect(bodyOf(await api(server, owner).call('expiredOrders')).data.orders).not.toContainEqual(
      expect.objectContaining({ order_number: first.order_number }),
    );
  });

  it('ends each expired reservation once when several servers sweep on their timers at once', async () => {
    const c = card();
    const shop = await reservingShop();
    await save(shop, { reservations_enabled: true, reservation_hold_hours: 1 });
    await add(c, 6, shop);
    const placed = await Promise.all(
      [1, 2, 3].map(async (n) =>
        bodyOf(await reserve([line(c, n)], { email: uniqueEmail('swept'), subdomain: shop.subdomain })),
      ),
    );
    expect(await stockOf(c, shop)).toBe(0);
    clock.advance(3_600_000);
    // Three servers' sweeps on the same database, each with its own read model, every 20 ms; no request asks.
    const stops = [1, 2, 3].map(() =>
      startExpirySweep(
        server.ctx,
        createOrdersService(
          server.ctx,
          new InventoryReadModel(server.ctx.db, server.ctx.engine),
          createReservationMails(server.ctx),
        ),
        20,
      ),
    );
    const expired = () =>
      server.ctx.db
        .selectFrom('orders')
        .select('order_number')
        .where('shop_id', '=', shop.id)
        .where('status', '=', 'expired')
        .execute();
    await expect.poll(async () => (await expired()).length, { timeout: 5000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all(stops.map((stop) => stop()));
    expect(await stockOf(c, shop)).toBe(6);
    const ends = await server.ctx.db
      .selectFrom('audit_log')
      .select('subject')
      .where('shop_id', '=', shop.id)
      .where('action', '=', 'order.expire')
      .execute();
    expect(ends.map((e) => e.subject).sort()).toEqual(placed.map((p) => p.order_number).sort());
  });

  describe('the shop’s own limits (issue 38)', () => {
    const held = (shopId: number) =>
      server.ctx.db
        .selectFrom('orders')
        .select('total_items')
        .where('shop_id', '=', shopId)
        .where('status', '=', 'pending')
        .execute()
        .then((rows) => rows.reduce((n, r) => n + r.total_items, 0));

    it('has defaults in the settings; a part sent keeps the rest; bad values are refused', async () => {
      const shop = await reservingShop(null);
      const got = bodyOf(await api(server, shop).call('settingsGet'));
      expect(got.reservation_limits).toEqual(defaultReservationLimits);
      expect(got.reservation_limits?.max_copies_per_printing).toBe(4);
      await save(shop, { reservation_limits: { max_lines: 7 } });
      expect(bodyOf(await api(server, shop).call('settingsGet')).reservation_limits).toEqual({
        ...defaultReservationLimits,
        max_lines: 7,
      });
      // Saving without the field keeps them.
      await save(shop, { reservations_enabled: true });
      expect(bodyOf(await api(server, shop).call('settingsGet')).reservation_limits?.max_lines).toBe(7);
      for (const [bad, message] of [
        [{ max_copies_per_printing: 0 }, 'Copies of one printing per reservation must be at least 1.'],
        [{ max_lines: 2.5 }, 'Lines per reservation must be a whole number.'],
        [{ max_total: 10.005 }, 'The value of a reservation must be in whole cents.'],
        [{ max_held_copies: 'x' }, 'Copies held by open reservations must be a number.'],
      ] as const) {
        const res = await api(server, shop).call('settingsSave', {
          subdomain: shop.subdomain,
          shop_hidden: 0,
          reservation_limits: bad as never,
        });
        expectError(res, 400);
        expect(JSON.stringify(res.body)).toContain(message);
      }
      expect(bodyOf(await api(server, shop).call('settingsGet')).reservation_limits?.max_lines).toBe(7);
    });

    it('refuses more copies of one printing than the limit (4 by default), in lines of any finish together', async () => {
      const shop = await reservingShop(null);
      const c = card();
      await add(c, 10, shop);
      const five = await reserve([line(c, 5)], { subdomain: shop.subdomain });
      expectError(five, 400);
      expect(five.body.message).toBe(messages.reservationsServer.tooManyCopies(4, c.name));
      expect(await stockOf(c, shop)).toBe(10);
      expectOk(await reserve([line(c, 4)], { subdomain: shop.subdomain }));
      expect(await stockOf(c, shop)).toBe(6);
    });

    it('refuses more lines, or more value, than the shop allows', async () => {
      const shop = await reservingShop({ max_lines: 2, max_total: 1 });
      const [a, b, d] = [card(), card(), card()];
      for (const x of [a, b, d]) await add(x, 2, shop);
      const three = await reserve([line(a), line(b), line(d)], { subdomain: shop.subdomain });
      expectError(three, 400);
      expect(three.body.message).toBe(messages.reservationsServer.tooManyLines(2));
      const dear = await reserve([line(a, 2)], { subdomain: shop.subdomain });
      expectError(dear, 400);
      expect(dear.body.message).toMatch(/^A reservation at this shop can be worth at most \$1\.00; this one is \$/);
      expect(await held(shop.id)).toBe(0);
    });

    it('caps open reservations per address (5 by default); a decided one frees its place', async () => {
      const shop = await reservingShop(null);
      const c = card();
      await add(c, 10, shop);
      const placed = [];
      for (let i = 0; i < 5; i++) placed.push(bodyOf(await reserve([line(c)], { subdomain: shop.subdomain })));
      const over = await reserve([line(c)], { subdomain: shop.subdomain });
      expectError(over, 409);
      expect(over.body.message).toBe(messages.reservationsServer.tooManyOpenFromAddress(5));
      expect(await stockOf(c, shop)).toBe(5);
      expectOk(await api(server, shop).call('rejectOrder', { order_number: placed[0]!.order_number }));
      expectOk(await reserve([line(c)], { subdomain: shop.subdomain }));
    });

    it('past the shop-wide ceiling of held copies, takes no more reservations until staff decide some', async () => {
      const shop = await reservingShop({ max_held_copies: 5, max_open_per_address: 100 });
      const c = card();
      await add(c, 10, shop);
      const first = bodyOf(await reserve([line(c, 3)], { subdomain: shop.subdomain }));
      const over = await reserve([line(c, 3)], { subdomain: shop.subdomain });
      expectError(over, 409);
      expect(over.body.message).toBe(messages.reservationsServer.notTakingNow);
      expectOk(await reserve([line(c, 2)], { subdomain: shop.subdomain }));
      expect(await held(shop.id)).toBe(5);
      expectOk(await api(server, shop).call('confirmOrder', { order_number: first.order_number }));
      expectOk(await reserve([line(c, 3)], { subdomain: shop.subdomain }));
    });

    it('holds every limit under a concurrent burst', async () => {
      const shop = await reservingShop({ max_held_copies: 10, max_open_per_address: 1000 });
      const c = card();
      await add(c, 60, shop);
      // 30 customers at once, 1 copy each: exactly 10 copies held.
      const burst = await Promise.all(
        Array.from({ length: 30 }, () => reserve([line(c)], { subdomain: shop.subdomain })),
      );
      expect(burst.filter((r) => r.status === 200)).toHaveLength(10);
      expect(burst.filter((r) => r.status === 409)).toHaveLength(20);
      expect(await held(shop.id)).toBe(10);
      expect(await stockOf(c, shop)).toBe(50);

      // One e-mail 10 times at once: its 3 open reservations and no more; one address: its 5.
      const wide = await reservingShop({ max_open_per_address: 5 });
      await add(c, 60, wide);
      const email = uniqueEmail('burst');
      const same = await Promise.all(
        Array.from({ length: 10 }, () => reserve([line(c)], { subdomain: wide.subdomain, email })),
      );
      expect(same.filter((r) => r.status === 200)).toHaveLength(3);
      const many = await Promise.all(
        Array.from({ length: 10 }, () => reserve([line(c)], { subdomain: wide.subdomain })),
      );
      expect(many.filter((r) => r.status === 200)).toHaveLength(2);
      expect(await held(wide.id)).toBe(5);
    });

    it('mails the card’s language when not English, finishes as the screens write them, and where to pick up', async () => {
      const shop = await reservingShop();
      await server.ctx.db
        .updateTable('shops')
        .set({ address: '12 Main Street', city: 'Springfield', state: 'IL', country: 'US' })
        .where('id', '=', shop.id)
        .execute();
      const c = card();
      expectOk(await api(server, shop).call('inventoryAdd', { scryfall_id: c.id, quantity: 1, language: 'ja' }));
      await add(c, 1, shop);
      const email = uniqueEmail('words');
      const placed = await reserve([{ ...line(c), language: 'ja' }, line(c)], { subdomain: shop.subdomain, email });
      expectOk(placed);
      // The status page's lines say the language too: a Japanese copy is not read as an English one.
      const lookup = bodyOf(await status(placed.body.order_number, email, shop.subdomain));
      expect(lookup.items.map((i) => [i.language, i.signed, i.altered])).toEqual(
        expect.arrayContaining([
          ['ja', false, false],
          ['en', false, false],
        ]),
      );
      const mail = await mailTo(email.toLowerCase(), /Subject: Your reservation/);
      // No time zone chosen yet: the hold time is in UTC, and no hours are said.
      expect(mail).toMatch(/holds your reservation until \w+day, .+ at \d{1,2}:\d\d [AP]M UTC\./);
      expect(mail).not.toContain('Pickup hours');
      expect(mail).toMatch(new RegExp(`${escape(c.name)} \\([A-Z0-9]+, Non-Foil, NM, Japanese\\)`));
      expect(mail).toMatch(new RegExp(`${escape(c.name)} \\([A-Z0-9]+, Non-Foil, NM\\)`));
      expect(mail).not.toContain('nonfoil');
      expect(mail).toContain(`Pick up at ${shop.shopName}, 12 Main Street, Springfield, IL, US.`);
    });

    it('writes times in the shop’s time zone and says its pickup hours, in the mails and on the status page', async () => {
      const shop = await reservingShop();
      const bad = await api(server, shop).call('settingsSave', {
        subdomain: shop.subdomain,
        shop_hidden: 0,
        time_zone: 'Mars/Olympus_Mons',
      });
      expectError(bad, 400);
      expect(bad.body.message).toBe('Choose a time zone from the list (an IANA name such as America/Chicago).');
      await save(shop, { time_zone: 'America/Chicago', pickup_hours: 'Mon-Sat 10:00-19:00' });
      expect(bodyOf(await api(server, shop).call('settingsGet', {}))).toMatchObject({
        time_zone: 'America/Chicago',
        pickup_hours: 'Mon-Sat 10:00-19:00',
      });
      // A save that leaves them out keeps them (the spec's payload keeps its meaning).
      await save(shop, {});
      expect(bodyOf(await api(server, shop).call('settingsGet', {})).time_zone).toBe('America/Chicago');

      const c = card();
      await add(c, 1, shop);
      const email = uniqueEmail('zone');
      const placed = await reserve([line(c)], { subdomain: shop.subdomain, email });
      expectOk(placed);
      const mail = await mailTo(email.toLowerCase(), /Subject: Your reservation/);
      expect(mail).toMatch(/holds your reservation until \w+day, .+ at \d{1,2}:\d\d [AP]M C[SD]T\./);
      expect(mail).toContain('Pickup hours: Mon-Sat 10:00-19:00');
      const lookup = bodyOf(await status(placed.body.order_number, email, shop.subdomain));
      expect(lookup).toMatchObject({ pickup_hours: 'Mon-Sat 10:00-19:00', shop_address: expect.any(String) });
    });

    it('takes control characters out of a name, so a mail opens with one line', async () => {
      const c = card();
      await add(c, 1);
      const email = uniqueEmail('crlf');
      const res = await reserve([line(c)], { email, name: 'Eve\r\nBcc: victim@example.com\u0007' });
      expectOk(res);
      const order = (await pending()).find((o) => o.order_number === res.body.order_number)!;
      expect(order.customer?.name).toBe('Eve Bcc: victim@example.com');
      const mail = await mailTo(email.toLowerCase(), /Subject: Your reservation/);
      expect(mail).toContain('Hello Eve Bcc: victim@example.com,');
      expectError(await reserve([line(c)], { name: '\r\n\t' }), 400);
    });
  });
});

describe(`online reservation limits (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop & { subdomain: string };
  let c: Card;

  const reserve = (email: string, ip: string) =>
    api(server).call(
      'publicOrder',
      {
        subdomain: shop.subdomain,
        items: [{ scryfall_id: c.id, finish: 'nonfoil', quantity: 1 }],
        name: 'Lim Its',
        email,
        turnstileToken: 't',
      },
      { headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': ip } },
    );

  beforeAll(async () => {
    // Real limits (scale 1), and X-Forwarded-For names the client so a test can be many addresses.
    server = await startServer(
      { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' },
      { captcha: { verify: (token) => Promise.resolve(token !== 'refused') } },
    );
    await catalog(server, 3000);
    c = priced[0]!;
    shop = await publicShop(server, await buildShop(server));
    bodyOf(
      await api(server, shop).call('settingsSave', {
        subdomain: shop.subdomain,
        shop_hidden: 0,
        reservations_enabled: true,
        // These tests are of the windows' limits: the shop's own caps on open reservations stay out of the way.
        reservation_limits: { max_open_per_address: 1000, max_held_copies: 1_000_000 },
      }),
    );
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: c.id, quantity: 500 }));
  });
  afterAll(() => server.close());

  it(`refuses an e-mail's attempts past ${reservationLimits.perEmail.points} in the window with a 429, from any address`, async () => {
    const email = uniqueEmail('busy');
    const answers = [];
    for (let i = 0; i < reservationLimits.perEmail.points; i++)
      answers.push((await reserve(email, `10.1.0.${i}`)).status);
    // The open cap answers 409 past 3; every attempt counts toward the window's limit.
    expect(answers).toEqual([
      ...Array<number>(reservationLimits.maxOpenPerEmail).fill(200),
      ...Array<number>(reservationLimits.perEmail.points - reservationLimits.maxOpenPerEmail).fill(409),
    ]);
    const over = await reserve(email.toUpperCase(), '10.1.1.1');
    expectError(over, 429);
    expect(over.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expectOk(await reserve(uniqueEmail('other'), '10.1.1.1'));
  });

  it(`refuses an address's attempts past ${reservationLimits.perAddress.points} in the window with a 429`, async () => {
    const before = await server.ctx.db.selectFrom('orders').select('id').execute();
    for (let i = 0; i < reservationLimits.perAddress.points; i++)
      expectOk(await reserve(uniqueEmail('crowd'), '10.2.0.1'));
    const over = await reserve(uniqueEmail('crowd'), '10.2.0.1');
    expectError(over, 429);
    expect((await server.ctx.db.selectFrom('orders').select('id').execute()).length).toBe(
      before.length + reservationLimits.perAddress.points,
    );
    expectOk(await reserve(uniqueEmail('crowd'), '10.2.0.2'));
  });

  it(`refuses an address's status lookups past ${reservationLimits.statusLookupsPerAddress.points} in the window`, async () => {
    const lookup = (ip: string) =>
      api(server).call(
        'publicOrderStatus',
        { subdomain: shop.subdomain, order_number: '20260101-1-0-1', email: 'nobody@example.com' },
        { headers: { 'x-forwarded-for': ip } },
      );
    for (let i = 0; i < reservationLimits.statusLookupsPerAddress.points; i++)
      expectError(await lookup('10.3.0.1'), 404);
    expectError(await lookup('10.3.0.1'), 429);
    expectError(await lookup('10.3.0.2'), 404);
  });

  it('counts failed captchas by address, not by the e-mail typed', async () => {
    const email = uniqueEmail('victim');
    const bad = (ip: string) =>
      api(server).call(
        'publicOrder',
        {
          subdomain: shop.subdomain,
          items: [{ scryfall_id: c.id, finish: 'nonfoil', quantity: 1 }],
          name: 'Mallory',
          email,
          turnstileToken: 'refused',
        },
        { headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': ip } },
      );
    for (let i = 0; i < reservationLimits.captchaFailuresPerAddress.points; i++)
      expectError(await bad('10.3.0.1'), 400);
    // The address that failed is stopped, even with a good captcha and another e-mail...
    expectError(await reserve(uniqueEmail('mallory'), '10.3.0.1'), 429);
    // ...but the e-mail it typed still reserves from its owner's own address.
    expectOk(await reserve(email, '10.3.0.2'));
  });

  it(`sends one recipient at most ${reservationLimits.mailsPerRecipient.points} reservation mails an hour`, async () => {
    const sent: string[] = [];
    const mails = createReservationMails({
      ...server.ctx,
      mailer: { send: (m: { to: string }) => Promise.resolve(void sent.push(m.to)) },
    } as never);
    const order = {
      shop_id: shop.id,
      order_number: '20260101-1-0-1',
      callout: 1,
      customer_name: 'Flooded',
      customer_email: uniqueEmail('flood').toLowerCase(),
      hold_until: null,
      total_cents: 100,
      reason: null,
    };
    for (let i = 0; i < reservationLimits.mailsPerRecipient.points + 5; i++) await mails.placed(order, []);
    expect(sent).toHaveLength(reservationLimits.mailsPerRecipient.points);
    await mails.placed({ ...order, customer_email: uniqueEmail('other').toLowerCase() }, []);
    expect(sent).toHaveLength(reservationLimits.mailsPerRecipient.points + 1);
  });
});

describe(`online reservations while mail is down (${testEngine})`, () => {
  let server: TestServer;
  afterAll(() => server.close());

  it('places, confirms and rejects reservations although no mail can be sent', async () => {
    // Nothing listens on port 9: every mail fails, after the order has committed.
    server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9', RATE_LIMIT_SCALE: '1000' });
    await catalog(server, 3000);
    const c = priced[1]!;
    const shop = await publicShop(server, await buildShop(server));
    bodyOf(
      await api(server, shop).call('settingsSave', {
        subdomain: shop.subdomain,
        shop_hidden: 0,
        reservations_enabled: true,
      }),
    );
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: c.id, quantity: 3 }));
    const reserve = (email: string) =>
      api(server).call(
        'publicOrder',
        {
          subdomain: shop.subdomain,
          items: [{ scryfall_id: c.id, finish: 'nonfoil', quantity: 1 }],
          name: 'Offline Olly',
          email,
          turnstileToken: 't',
        },
        { headers: { 'idempotency-key': randomUUID() } },
      );
    const [first, second] = [bodyOf(await reserve(uniqueEmail('olly'))), bodyOf(await reserve(uniqueEmail('olly')))];
    expectOk(await api(server, shop).call('confirmOrder', { order_number: first.order_number }));
    expectOk(await api(server, shop).call('rejectOrder', { order_number: second.order_number, reason: 'Sold out' }));
    const left = bodyOf(await api(server, shop).call('search', { q: '*' })).data.hits.reduce(
      (n, h) => n + h.quantity,
      0,
    );
    expect(left).toBe(2);
  });
});
