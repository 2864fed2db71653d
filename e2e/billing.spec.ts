import { messages, plans } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { api, bodyOf, isCall, routesTagged, urlOf } from './support/api.ts';
import { registerShop } from './support/seed.ts';

const m = messages.billing;
/** The billing routes of the table: every call the billing screen may make. */
const billingRoutes = routesTagged('billing');

async function billingOf(request: APIRequestContext, account: Account) {
  const owner = api(request, account);
  return {
    subscription: bodyOf(await owner.call('billingSubscription')).subscription!,
    payments: bodyOf(await owner.call('billingPayments')).payments,
  };
}

/** A UTC timestamp as the page shows a day: medium date in the browser's own locale and zone. */
const shownDay = (page: Page, iso: string) =>
  page.evaluate((t) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(t)), iso);

/** The value shown under one term of Subscription Details. */
const fact = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Subscription Details' })
    .locator('.billing-facts > div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .getByRole('definition');

test('the Owner sees the trial, upgrades to Pro with a payment, then cancels to the end of the period', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Billing Bazaar');
  await useSession(context, account);
  const trial = (await billingOf(request, account)).subscription;

  // Hold the first load until the loading line has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    urlOf('billingSubscription'),
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  const loads: { auth?: string }[] = [];
  page.on('request', (req) => {
    if (isCall(req, 'billingSubscription')) loads.push({ auth: req.headers().authorization });
  });
  await page.goto('/stripe-management');
  await expect(page.getByRole('heading', { name: m.heading, level: 1 })).toBeVisible();
  await expect(page.getByText(m.loading)).toBeVisible();
  release();

  // Subscription Details: the trial of Starter, a grey upper-case badge, the date it renews, features with checks.
  const details = page.getByRole('region', { name: 'Subscription Details' });
  await expect(fact(page, 'Plan')).toHaveText('Starter');
  await expect(fact(page, 'Price')).toHaveText('$29.00 per month');
  const status = fact(page, 'Status').locator('.badge');
  await expect(status).toHaveText('TRIALING');
  await expect(status).toHaveClass('badge');
  const trialEnd = await shownDay(page, trial.trialEndsAt!);
  await expect(fact(page, 'Next Billing Date')).toHaveText(trialEnd);
  await expect(fact(page, 'Public Storefront')).toHaveText('Online');
  await expect(details.getByRole('status')).toHaveText(m.trialRenews(trialEnd));
  const features = details.getByRole('list', { name: 'Features' }).getByRole('listitem');
  await expect(features).toHaveText([...plans.starter.features]);
  await expect(features.locator('.billing-check svg')).toHaveCount(plans.starter.features.length);
  expect(loads[0]?.auth).toBe(`Bearer ${account.token}`);

  const history = page.getByRole('region', { name: 'Payment History' });
  await expect(history.getByRole('columnheader')).toHaveText(['Payment ID', 'Date', 'Status', 'Description', 'Amount']);
  await expect(history.getByRole('cell')).toHaveText(m.noPayments);
  await expect(history.locator('.billing-payments')).toHaveCSS('max-height', '400px');

  // Upgrade: what the new plan costs and brings, then the page reloads on the new plan with its payment.
  await details.getByRole('button', { name: 'Upgrade Plan' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(upgrade).toContainText('$79.00 per month');
  await expect(upgrade.getByRole('listitem')).toHaveText([...plans.pro.features]);
  const reloaded = page.waitForEvent('load');
  await upgrade.getByRole('button', { name: 'Upgrade Plan' }).click();
  await reloaded;

  await expect(fact(page, 'Plan')).toHaveText('Pro');
  await expect(fact(page, 'Price')).toHaveText('$79.00 per month');
  await expect(status).toHaveText('ACTIVE');
  await expect(status).toHaveClass(/badge-success/);
  await expect(features).toHaveText([...plans.pro.features]);
  await expect(details.getByRole('button', { name: 'Upgrade Plan' })).toHaveCount(0);
  const pro = await billingOf(request, account);
  expect(pro.payments).toHaveLength(1);
  const payment = pro.payments[0]!;
  await expect(fact(page, 'Next Billing Date')).toHaveText(await shownDay(page, pro.subscription.nextBillingDate!));
  const row = history.getByRole('row', { name: new RegExp(payment.id) });
  await expect(row.getByRole('cell')).toHaveText([
    payment.id,
    await shownDay(page, payment.date),
    'COMPLETED',
    'Pro plan, first month',
    '$79.00',
  ]);
  await expect(row.locator('.badge')).toHaveClass(/badge-success/);

  // Cancel asks first; keeping it sends nothing.
  let cancels = 0;
  page.on('request', (req) => {
    if (isCall(req, 'billingCancel')) cancels += 1;
  });
  await details.getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await expect(confirm).toContainText(m.confirmCancel);
  const periodEnd = await shownDay(page, pro.subscription.nextBillingDate!);
  await expect(confirm).toContainText(m.cancelEffect(periodEnd));
  await confirm.getByRole('button', { name: 'Keep Subscription' }).click();
  await expect(confirm).toBeHidden();
  expect(cancels).toBe(0);

  await details.getByRole('button', { name: 'Cancel Subscription' }).click();
  const sent = page.waitForRequest(urlOf('billingCancel'));
  const reloadedAgain = page.waitForEvent('load');
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  const request_ = await sent;
  // The spec's call: Bearer header, a JSON content type, and no body.
  expect(request_.headers().authorization).toBe(`Bearer ${account.token}`);
  expect(request_.headers()['content-type']).toBe('application/json');
  expect(request_.postData()).toBeNull();
  await reloadedAgain;

  await expect(status).toHaveText('ACTIVE');
  await expect(details.getByRole('status')).toHaveText(m.cancelling(periodEnd));
  await expect(fact(page, 'Next Billing Date')).toHaveText('—');
  await expect(details.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  const cancelled = (await billingOf(request, account)).subscription;
  expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, endsAt: pro.subscription.nextBillingDate });
});

test('Quick Actions: the history, payment methods, support and a bug report', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Quick Action Cards');
  await useSession(context, account);
  await page.goto('/stripe-management');
  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions.getByRole('button')).toHaveText([
    'View Payment History',
    'Manage Payment Methods',
    'Contact Support',
    'Report Issue',
  ]);

  await actions.getByRole('button', { name: 'View Payment History' }).click();
  await expect(page.getByRole('region', { name: 'Payment History' })).toBeFocused();

  // Billing kept by this server: the page says how payment works here instead of a card form.
  await actions.getByRole('button', { name: 'Manage Payment Methods' }).click();
  const methods = page.getByRole('dialog', { name: 'Manage Payment Methods' });
  await expect(methods).toContainText(m.localPaymentMethods);
  await methods.getByRole('button', { name: 'Close' }).click();

  await actions.getByRole('button', { name: 'Report Issue' }).click();
  const feedback = page.getByRole('dialog', { name: messages.feedback.title });
  await expect(feedback.getByLabel('Type')).toHaveValue('bug');
  await feedback.getByLabel('Feedback').fill('The invoice date looks a day off.');
  await feedback.getByRole('button', { name: 'Send' }).click();
  await expect(feedback.getByRole('status')).toHaveText(messages.feedback.sent);
  await feedback.getByRole('button', { name: 'Close' }).click();

  await actions.getByRole('button', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('a refused load says "Failed to load Stripe data" in red', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Refused Load Games');
  await useSession(context, account);
  for (const name of billingRoutes)
    await page.route(urlOf(name), (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
  await page.goto('/stripe-management');
  const error = page.getByRole('alert');
  await expect(error).toHaveText(m.loadFailed);
  await expect(error).toHaveClass(/text-error/);
});

test('a Manager is told who manages billing, and the page makes no calls', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Managed Games');
  await useSession(context, account, 'Manager');
  const calls: string[] = [];
  page.on('request', (req) => {
    if (isCall(req, ...billingRoutes)) calls.push(req.url());
  });
  await page.goto('/stripe-management');
  await expect(page.getByRole('heading', { name: m.heading })).toBeVisible();
  await expect(page.getByText(m.ownerOnly)).toBeVisible();
  expect(calls).toEqual([]);
});

test('the Owner resumes a cancelled subscription before it ends: it renews again', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Resume Realm');
  bodyOf(await api(request, account).call('billingCancel'));
  const cancelled = (await billingOf(request, account)).subscription;
  expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, canResume: true });
  await useSession(context, account);
  await page.goto('/stripe-management');
  const details = page.getByRole('region', { name: 'Subscription Details' });
  const endDay = await shownDay(page, cancelled.endsAt!);
  await expect(details.getByRole('status')).toHaveText(m.cancelling(endDay));
  await expect(fact(page, 'Next Billing Date')).toHaveText('—');
  await expect(details.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

  // Slow the answer to see the button hold while the server works.
  await page.route(urlOf('billingResume'), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const sent = page.waitForRequest(urlOf('billingResume'));
  await details.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(details.getByRole('button', { name: 'Resuming...' })).toBeDisabled();
  expect((await sent).headers().authorization).toBe(`Bearer ${account.token}`);
  await expect(page.getByText(messages.billingServer.resumed(cancelled.endsAt!.slice(0, 10)))).toBeVisible();

  // The page shows it renewing again, with no reload; Cancel is offered once more and Resume is gone.
  await expect(details.getByRole('status')).toHaveText(m.trialRenews(endDay));
  await expect(fact(page, 'Next Billing Date')).toHaveText(endDay);
  await expect(details.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expect(details.getByRole('button', { name: /Resum/ })).toHaveCount(0);
  expect((await billingOf(request, account)).subscription).toMatchObject({
    cancelAtPeriodEnd: false,
    canResume: false,
    endsAt: null,
    nextBillingDate: cancelled.endsAt,
  });
});

test('a resume the server refuses says its reason', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Refused Resume Games');
  const owner = api(request, account);
  bodyOf(await owner.call('billingCancel'));
  await useSession(context, account);
  await page.goto('/stripe-management');
  const details = page.getByRole('region', { name: 'Subscription Details' });
  await expect(details.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  // Resumed meanwhile from another tab: this page's button is now stale, and the server says so.
  bodyOf(await owner.call('billingResume'));
  await details.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText(messages.billingServer.notCancelled)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Resume subscription' })).toBeEnabled();
});
