import { messages } from '@cardstock/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../../test/factories.ts';
import { bodyOf, call, expectOk } from '../../../test/client.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { startStripeFake, type StripeFake } from '../../../test/stripe-fake.ts';

const WEBHOOK_SECRET = 'whsec_cardstock_test';
const PRICES = { starter: 'price_starter_test', pro: 'price_pro_test' };
const PUBLIC_URL = 'https://cardstock.test';

describe(`billing with the Stripe provider (${testEngine})`, () => {
  let server: TestServer;
  let stripe: StripeFake;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const subscription = async (token: string) =>
    bodyOf(await call(server, 'billingSubscription', {}, { token })).subscription!;
  const payments = async (token: string) => bodyOf(await call(server, 'billingPayments', {}, { token })).payments;
  const upgrade = (token: string) => call(server, 'billingUpgrade', {}, { token });
  const cancel = (token: string) =>
    server.request('POST', '/api/stripe/subscription/cancel', undefined, {
      ...bearer(token),
      'content-type': 'application/json',
    });
  const resume = (token: string) => call(server, 'billingResume', {}, { token });
  const portal = (token: string) => call(server, 'billingPortal', {}, { token });

  let events = 0;
  /** A Stripe event as Stripe sends it. */
  const event = (type: string, object: object, id = `evt_test_${Date.now()}_${(events += 1)}`) =>
    JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  /** Posts an event signed the way Stripe signs it (the SDK's own test helper). */
  const deliver = (payload: string, secret = WEBHOOK_SECRET) =>
    server.request('POST', '/api/stripe/webhook', payload, {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    });
  const paidInvoice = (customer: string, id: string, cents: number) => ({
    id,
    object: 'invoice',
    customer,
    amount_paid: cents,
    created: Math.floor(Date.now() / 1000) - 5,
    description: null,
    status: 'paid',
    status_transitions: { paid_at: 1_795_000_000 },
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', description: '1 × Pro (at $79.00 / month)' }] },
  });
  const customerOf = async (email: string) =>
    (
      await server.ctx.db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.shop_id', 'subscriptions.shop_id')
        .select('subscriptions.stripe_customer_id')
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
    ).stripe_customer_id;

  beforeAll(async () => {
    stripe = await startStripeFake();
    server = await startServer({
      RATE_LIMIT_SCALE: '100',
      PUBLIC_URL,
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_cardstock',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_PRO: PRICES.pro,
    });
  });
  afterAll(async () => {
    await server.close();
    await stripe.close();
  });

  it('starts a trial that ends unless the Owner pays: no billing date, an end date', async () => {
    const shop = await buildShop(server);
    const sub = await subscription(shop.token);
    expect(sub).toMatchObject({ status: 'trialing', plan: 'Starter', nextBillingDate: null, provider: 'stripe' });
    expect(sub.endsAt).toBe(sub.trialEndsAt);
  });

  it('upgrades a trial through a Checkout session; the signed completion makes it Pro, and a paid invoice adds the payment once', async () => {
    const shop = await buildShop(server);
    const res = await upgrade(shop.token);
    expectOk(res);

    const [customer] = stripe.sent('POST', '/v1/customers').slice(-1);
    expect(customer!.form).toMatchObject({ email: shop.email, name: shop.shopName });
    expect(customer!.headers.authorization).toBe('Bearer sk_test_cardstock');
    const [checkout] = stripe.sent('POST', '/v1/checkout/sessions').slice(-1);
    const customerId = await customerOf(shop.email);
    expect(customerId).toMatch(/^cus_/);
    expect(checkout!.form).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      'line_items[0][price]': PRICES.pro,
      'line_items[0][quantity]': '1',
      success_url: `${PUBLIC_URL}/stripe-management?checkout=success`,
      cancel_url: `${PUBLIC_URL}/stripe-management?checkout=cancelled`,
    });
    expect(res.body.message).toBe(messages.billingServer.checkout);
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    // Nothing changes until Stripe says the customer paid.
    expect((await subscription(shop.token)).status).toBe('trialing');

    const session = stripe.completeCheckout(res.body.checkoutUrl!.split('/').pop()!);
    const completed = await deliver(event('checkout.session.completed', session));
    expect(completed.status).toBe(200);
    expect(completed.body).toEqual({ received: true, duplicate: false });
    const sub = await subscription(shop.token);
    expect(sub).toMatchObject({
      plan: 'Pro',
      status: 'active',
      endsAt: null,
      trialEndsAt: null,
      cancelAtPeriodEnd: false,
      storefrontOnline: true,
      upgradeTo: null,
    });
    expect(Date.parse(sub.nextBillingDate!) - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);

    const invoice = event('invoice.paid', paidInvoice(customerId!, 'in_test_pro_1', 7900));
    expect((await deliver(invoice)).body).toEqual({ received: true, duplicate: false });
    const expected = [
      {
        id: 'in_test_pro_1',
        date: new Date(1_795_000_000 * 1000).toISOString(),
        status: 'completed',
        description: '1 × Pro (at $79.00 / month)',
        amount: 79,
      },
    ];
    expect(await payments(shop.token)).toEqual(expected);

    // The same event again, and the same invoice in another event: still one payment.
    const replay = await deliver(invoice);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    await deliver(event('invoice.paid', paidInvoice(customerId!, 'in_test_pro_1', 7900)));
    expect(await payments(shop.token)).toEqual(expected);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const shop = await buildShop(server);
    await portal(shop.token); // links the shop to a Stripe customer
    const customerId = (await customerOf(shop.email))!;
    const forged = event('invoice.paid', paidInvoice(customerId, 'in_forged', 100_00), 'evt_forged');
    for (const res of [
      await deliver(forged, 'whsec_not_the_secret'),
      await server.request('POST', '/api/stripe/webhook', forged),
      await server.request('POST', '/api/stripe/webhook', forged, { 'stripe-signature': 't=1,v1=deadbeef' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: messages.billingServer.badSignature, code: 'BAD_REQUEST' });
    }
    // A body changed after signing is refused too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: WEBHOOK_SECRET });
    const tampered = await server.request('POST', '/api/stripe/webhook', forged.replace('10000', '99999'), {
      'stripe-signature': signed,
    });
    expect(tampered.status).toBe(400);
    expect(await payments(shop.token)).toEqual([]);
    const seen = await server.ctx.db.selectFrom('billing_events').select('id').where('id', '=', 'evt_forged').execute();
    expect(seen).toEqual([]);
  });

  it('acknowledges events it has no use for, large ones too, and records them once', async () => {
    const payload = event('customer.updated', { id: 'cus_other', object: 'customer', note: 'x'.repeat(400_000) });
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect((await deliver(payload)).body).toEqual({ received: true, duplicate: true });
  });

  it('changes a running Starter subscription to Pro in place, with proration', async () => {
    const shop = await buildShop(server);
    await portal(shop.token);
    const customerId = (await customerOf(shop.email))!;
    const running = stripe.createSubscription(customerId, PRICES.starter);
    await deliver(event('customer.subscription.created', running));
    expect(await subscription(shop.token)).toMatchObject({
      plan: 'Starter',
      status: 'active',
      upgradeTo: { planId: 'pro' },
    });

    const res = await upgrade(shop.token);
    expectOk(res);
    expect(res.body).toEqual({ message: 'Your plan is now Pro.', checkoutUrl: null });
    const [update] = stripe.sent('POST', `/v1/subscriptions/${running.id}`).slice(-1);
    const item = (running.items as { data: { id: string }[] }).data[0]!;
    expect(update!.form).toMatchObject({
      'items[0][id]': item.id,
      'items[0][price]': PRICES.pro,
      proration_behavior: 'always_invoice',
      cancel_at_period_end: 'false',
    });
    expect(await subscription(shop.token)).toMatchObject({ plan: 'Pro', status: 'active' });
  });

  it('cancels at the period end at Stripe; when Stripe ends it the storefront goes offline', async () => {
    const shop = await buildShop(server);
    const subdomain = `stripe-${Date.now().toString(36)}`;
    bodyOf(await call(server, 'settingsSave', { subdomain, shop_hidden: 0 }, { token: shop.token }));
    const storefront = () => call(server, 'publicInventory', { subdomain, page: '1' });
    await portal(shop.token);
    const running = stripe.createSubscription((await customerOf(shop.email))!, PRICES.pro);
    await deliver(event('customer.subscription.created', running));

    const res = await cancel(shop.token);
    expect(res.status).toBe(200);
    expect(stripe.sent('POST', `/v1/subscriptions/${running.id}`).at(-1)!.form).toEqual({
      cancel_at_period_end: 'true',
    });
    const periodEnd = new Date(
      (running.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end * 1000,
    ).toISOString();
    expect(await subscription(shop.token)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      endsAt: periodEnd,
      nextBillingDate: null,
    });
    expect((await storefront()).status).toBe(200);

    stripe.endSubscription(running.id);
    await deliver(event('customer.subscription.deleted', running));
    expect(await subscription(shop.token)).toMatchObject({ status: 'cancelled', storefrontOnline: false });
    expect((await storefront()).status).toBe(404);
  });

  it('resumes a cancelled subscription at Stripe before its period ends; once Stripe has ended it, it cannot be', async () => {
    const shop = await buildShop(server);
    await portal(shop.token);
    const running = stripe.createSubscription((await customerOf(shop.email))!, PRICES.pro);
    await deliver(event('customer.subscription.created', running));
    const periodEnd = new Date(
      (running.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end * 1000,
    ).toISOString();
    expect((await cancel(shop.token)).status).toBe(200);
    expect(await subscription(shop.token)).toMatchObject({ cancelAtPeriodEnd: true, canResume: true });

    const res = await resume(shop.token);
    expectOk(res);
    expect(res.body).toEqual({ message: messages.billingServer.resumed(periodEnd.slice(0, 10)) });
    expect(stripe.sent('POST', `/v1/subscriptions/${running.id}`).at(-1)!.form).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(running.cancel_at_period_end).toBe(false);
    expect(await subscription(shop.token)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      canCancel: true,
      canResume: false,
      endsAt: null,
      nextBillingDate: periodEnd,
    });
    // Stripe's own webhook for the change says the same again: nothing moves.
    expect((await deliver(event('customer.subscription.updated', running))).status).toBe(200);
    expect(await subscription(shop.token)).toMatchObject({ cancelAtPeriodEnd: false, endsAt: null });
    // On the Activity screen Stripe's `customer.subscription.*` events are billing, not the shop's customers.
    const activity = async (kind: 'billing' | 'customer') =>
      bodyOf(await call(server, 'shopActivity', { kind }, { token: shop.token })).entries.map((e) => [
        e.action,
        e.kind,
      ]);
    expect(await activity('billing')).toContainEqual(['customer.subscription.updated', 'billing']);
    expect(await activity('customer')).toEqual([]);

    // A Stripe failure changes nothing here and says so in words.
    expect((await cancel(shop.token)).status).toBe(200);
    stripe.fail(`/v1/subscriptions/${running.id}`, 500, 3);
    const failed = await resume(shop.token);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: messages.billingServer.stripeUnavailable, code: 'UNAVAILABLE' });
    expect(await subscription(shop.token)).toMatchObject({ cancelAtPeriodEnd: true, canResume: true });
    stripe.fail(`/v1/subscriptions/${running.id}`, 500, 0);

    // Ended at Stripe: no resume, and Stripe is not asked.
    stripe.endSubscription(running.id);
    await deliver(event('customer.subscription.deleted', running));
    const asked = stripe.requests.length;
    const ended = await resume(shop.token);
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe(messages.billingServer.ended);
    expect(stripe.requests.length).toBe(asked);
  });

  it('resumes a cancelled trial without a Stripe subscription here: it still ends on its last day unless paid', async () => {
    const shop = await buildShop(server);
    const trialEnd = (await subscription(shop.token)).trialEndsAt;
    expect((await cancel(shop.token)).status).toBe(200);
    const asked = stripe.requests.length;
    const res = await resume(shop.token);
    expectOk(res);
    expect(res.body.message).toBe(messages.billingServer.resumedTrial(trialEnd!.slice(0, 10)));
    expect(stripe.requests.length).toBe(asked);
    expect(await subscription(shop.token)).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: false,
      endsAt: trialEnd,
      canCancel: true,
      canResume: false,
    });
  });

  it('opens Stripe’s billing portal for the shop’s customer, back to the billing page', async () => {
    const shop = await buildShop(server);
    const res = await portal(shop.token);
    expectOk(res);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stripe.sent('POST', '/v1/billing_portal/sessions').at(-1)!.form).toEqual({
      customer: (await customerOf(shop.email))!,
      return_url: `${PUBLIC_URL}/stripe-management`,
    });
  });

  it('answers 503 in words when Stripe refuses, and changes nothing', async () => {
    const shop = await buildShop(server);
    stripe.fail('/v1/checkout/sessions', 400);
    const res = await upgrade(shop.token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: messages.billingServer.stripeUnavailable, code: 'UNAVAILABLE' });
    expect((await subscription(shop.token)).status).toBe('trialing');
  });
});
