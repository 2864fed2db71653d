import { messages, plans } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import { addMember, buildShop, testClock } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`billing with the local provider (${testEngine})`, () => {
  const clock = testClock(new Date('2026-11-02T10:00:00.000Z'));
  let server: TestServer;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const subscription = (token: string) => call(server, 'billingSubscription', {}, { token });
  const payments = (token: string) => call(server, 'billingPayments', {}, { token });
  const upgrade = (token: string) => call(server, 'billingUpgrade', {}, { token });
  const subscriptionOf = async (token: string) => bodyOf(await subscription(token)).subscription!;
  const paymentsOf = async (token: string) => bodyOf(await payments(token)).payments;
  // The spec's cancel call: Bearer header, a JSON content type, and no body at all.
  const cancel = (token: string) =>
    server.request('POST', '/api/stripe/subscription/cancel', undefined, {
      ...bearer(token),
      'content-type': 'application/json',
    });
  const resume = (token: string) =>
    server.request('POST', '/api/stripe/subscription/resume', undefined, {
      ...bearer(token),
      'content-type': 'application/json',
    });
  /** Moving the clock by weeks expires sessions: log in again afterwards. */
  const login = async (shop: { email: string; password: string }) =>
    bodyOf(await call(server, 'login', { email: shop.email, password: shop.password, turnstileToken: 't' })).token;
  const shopIdOf = async (email: string) =>
    (await server.ctx.db.selectFrom('users').select('shop_id').where('email', '=', email).executeTakeFirstOrThrow())
      .shop_id!;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' }, { clock });
  });
  afterAll(() => server.close());

  it('starts a new shop on a 14-day trial of the Starter plan, with no payments', async () => {
    const shop = await buildShop(server);
    const trialEnd = new Date(clock.now().getTime() + 14 * DAY).toISOString();
    const res = await subscription(shop.token);
    expectOk(res);
    expect(res.body).toEqual({
      subscription: {
        plan: 'Starter',
        planId: 'starter',
        price: 29,
        billingCycle: 'monthly',
        status: 'trialing',
        nextBillingDate: trialEnd,
        features: plans.starter.features,
        trialEndsAt: trialEnd,
        cancelAtPeriodEnd: false,
        endsAt: null,
        storefrontOnline: true,
        canCancel: true,
        canResume: false,
        upgradeTo: { planId: 'pro', plan: 'Pro', price: 79, features: plans.pro.features },
        provider: 'local',
      },
    });
    expect(await paymentsOf(shop.token)).toEqual([]);
  });

  it('is the Owner’s alone, with the session in the Bearer header', async () => {
    const shop = await buildShop(server);
    const none = await call(server, 'billingSubscription');
    expectError(none, 401);
    expect(none.body.message).toBe(messages.auth.sessionRequired);
    const manager = await addMember(server, shop.email, 'Manager');
    for (const send of [subscription, payments, upgrade, cancel, resume]) {
      const res = await send(manager.token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('A Manager cannot manage billing.');
    }
    expect((await subscriptionOf(shop.token)).status).toBe('trialing');
  });

  it('upgrades from the trial to Pro at once, records the payment, and has nothing above Pro', async () => {
    const shop = await buildShop(server);
    const res = await upgrade(shop.token);
    expectOk(res);
    expect(res.body).toEqual({ message: 'Your plan is now Pro.', checkoutUrl: null });
    const now = clock.now();
    expect(await subscriptionOf(shop.token)).toMatchObject({
      plan: 'Pro',
      planId: 'pro',
      price: 79,
      status: 'active',
      nextBillingDate: '2026-12-02T10:00:00.000Z',
      trialEndsAt: null,
      features: plans.pro.features,
      upgradeTo: null,
    });
    const paid = await paymentsOf(shop.token);
    expect(paid).toEqual([
      {
        id: expect.stringMatching(/^pay_[A-Z0-9]{12}$/),
        date: now.toISOString(),
        status: 'completed',
        description: 'Pro plan, first month',
        amount: 79,
      },
    ]);

    const again = await upgrade(shop.token);
    expectError(again, 409);
    expect(again.body.message).toBe(messages.billingServer.topPlan);
    expect(await paymentsOf(shop.token)).toHaveLength(1);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('shop_id', '=', await shopIdOf(shop.email))
      .where('subject', '=', 'subscription')
      .execute();
    expect(audit).toEqual([{ actor: shop.email, action: 'subscription.upgrade' }]);
  });

  it('rolls a trial into the paid Starter plan when it ends, with its payment', async () => {
    const shop = await buildShop(server);
    const trialEnd = new Date(clock.now().getTime() + 14 * DAY).toISOString();
    clock.advance(15 * DAY);
    const token = await login(shop);
    expect(await subscriptionOf(token)).toMatchObject({
      plan: 'Starter',
      status: 'active',
      trialEndsAt: null,
      nextBillingDate: new Date(Date.parse(trialEnd) + 30 * DAY).toISOString(),
    });
    expect(await paymentsOf(token)).toEqual([
      expect.objectContaining({
        date: trialEnd,
        amount: 29,
        description: 'Starter plan, first month after the free trial',
      }),
    ]);
  });

  it('renews from its dates when read: one payment per month passed, once, even when read twice at once', async () => {
    const shop = await buildShop(server);
    await upgrade(shop.token);
    const start = clock.now();
    clock.advance(61 * DAY);
    const token = await login(shop);
    const reads = await Promise.all([subscription(token), subscription(token), payments(token), payments(token)]);
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const paid = await paymentsOf(token);
    expect(paid.map((p: { amount: number; description: string }) => [p.amount, p.description])).toEqual([
      [79, 'Pro plan, monthly renewal'],
      [79, 'Pro plan, monthly renewal'],
      [79, 'Pro plan, first month'],
    ]);
    const expectedNext = new Date(start);
    expectedNext.setUTCMonth(expectedNext.getUTCMonth() + 3);
    expect((await subscriptionOf(token)).nextBillingDate).toBe(expectedNext.toISOString());
  });

  it('cancels to the end of the paid period; then the storefront goes offline, staff keep everything, and Upgrade restarts it', async () => {
    const shop = await buildShop(server);
    const subdomain = `bill-${Date.now().toString(36)}`;
    expectOk(await call(server, 'settingsSave', { subdomain, shop_hidden: 0 }, { token: shop.token }));
    const storefront = () => call(server, 'publicInventory', { subdomain, page: '1' });
    await upgrade(shop.token);
    const periodEnd = (await subscriptionOf(shop.token)).nextBillingDate!;

    const res = await cancel(shop.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.billingServer.cancelled(periodEnd.slice(0, 10)));
    expect(await subscriptionOf(shop.token)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      endsAt: periodEnd,
      nextBillingDate: null,
      canCancel: false,
      storefrontOnline: true,
    });
    const twice = await cancel(shop.token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(messages.billingServer.alreadyCancelled);
    expect((await storefront()).status).toBe(200);

    clock.advance(31 * DAY);
    const token = await login(shop);
    expect(await subscriptionOf(token)).toMatchObject({
      status: 'cancelled',
      endsAt: periodEnd,
      nextBillingDate: null,
      storefrontOnline: false,
      canCancel: false,
      upgradeTo: { planId: 'pro' },
    });
    expect(await paymentsOf(token)).toHaveLength(1);
    expect((await storefront()).status).toBe(404);
    // Nothing is taken from the staff: their own screens and data answer as before.
    expect(bodyOf(await call(server, 'settingsGet', {}, { token })).subdomain).toBe(subdomain);
    expectOk(await call(server, 'inventoryList', { Authorization: token, page: '1' }));
    expect((await cancel(token)).body.message).toBe(messages.billingServer.ended);

    const restarted = await upgrade(token);
    expectOk(restarted);
    expect(await subscriptionOf(token)).toMatchObject({
      plan: 'Pro',
      status: 'active',
      endsAt: null,
      storefrontOnline: true,
    });
    expect((await storefront()).status).toBe(200);
    expect(await paymentsOf(token)).toHaveLength(2);
  });

  it('resumes a cancelled subscription before its period ends: it renews and charges again as before', async () => {
    const shop = await buildShop(server);
    await upgrade(shop.token);
    const periodEnd = (await subscriptionOf(shop.token)).nextBillingDate!;
    expect((await subscriptionOf(shop.token)).canResume).toBe(false);
    const notCancelled = await resume(shop.token);
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.body).toEqual({ message: messages.billingServer.notCancelled, code: 'CONFLICT' });

    expect((await cancel(shop.token)).status).toBe(200);
    expect(await subscriptionOf(shop.token)).toMatchObject({ cancelAtPeriodEnd: true, canResume: true });
    clock.advance(10 * DAY);
    const token = await login(shop);
    const res = await resume(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.billingServer.resumed(periodEnd.slice(0, 10)) });
    expect(await subscriptionOf(token)).toMatchObject({
      plan: 'Pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      canCancel: true,
      canResume: false,
      endsAt: null,
      nextBillingDate: periodEnd,
      storefrontOnline: true,
    });
    const twice = await resume(token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(messages.billingServer.notCancelled);

    // The period ends: it renews with its payment instead of ending.
    clock.advance(25 * DAY);
    const later = await login(shop);
    expect(await subscriptionOf(later)).toMatchObject({ status: 'active', endsAt: null });
    expect(await paymentsOf(later)).toHaveLength(2);
    const actions = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('shop_id', '=', await shopIdOf(shop.email))
      .where('action', 'like', 'subscription.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'subscription.upgrade',
      'subscription.cancel',
      'subscription.resume',
    ]);
  });

  it('cannot resume a subscription whose period has ended', async () => {
    const shop = await buildShop(server);
    await upgrade(shop.token);
    expect((await cancel(shop.token)).status).toBe(200);
    clock.advance(32 * DAY);
    const token = await login(shop);
    expect(await subscriptionOf(token)).toMatchObject({ status: 'cancelled', canResume: false });
    const res = await resume(token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: messages.billingServer.ended, code: 'CONFLICT' });
    expect((await subscriptionOf(token)).status).toBe('cancelled');
  });

  it('gives a shop from before billing its trial on first read', async () => {
    const shop = await buildShop(server);
    await server.ctx.db
      .deleteFrom('subscriptions')
      .where('shop_id', '=', await shopIdOf(shop.email))
      .execute();
    const [a, b] = await Promise.all([subscriptionOf(shop.token), subscriptionOf(shop.token)]);
    expect([a.status, b.status]).toEqual(['trialing', 'trialing']);
    expect(a.trialEndsAt).toBe(new Date(clock.now().getTime() + 14 * DAY).toISOString());
  });

  it('says what the Stripe-only calls need when billing is kept here', async () => {
    const shop = await buildShop(server);
    const portal = await call(server, 'billingPortal', {}, { token: shop.token });
    expectError(portal, 409);
    expect(portal.body.message).toBe(messages.billingServer.portalLocal);
    const webhook = await server.request('POST', '/api/stripe/webhook', '{"id":"evt_1"}', {
      'stripe-signature': 't=1,v1=x',
    });
    expect(webhook.status).toBe(404);
    expect(webhook.body.message).toBe(messages.billingServer.stripeDisabled);
  });
});
