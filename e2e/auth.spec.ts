import { cookies, messages } from '@cardstock/contract';
import { expect, test, type Page, type Request } from '@playwright/test';
import { createInvite, uniqueEmail, useSession } from './support/accounts.ts';
import { api, bodyOf, expectStatus, isCall, urlOf } from './support/api.ts';
import { e2eEnv } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { registerShop } from './support/seed.ts';

const m = messages.register;

async function fillRegistration(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

const complete = () => ({
  'First Name': 'Rita',
  'Last Name': 'Reyes',
  Email: uniqueEmail('rita'),
  Password: 'sleeves&dice',
  'Confirm Password': 'sleeves&dice',
  'Shop Name': 'Rita’s Rares',
  Phone: '555-0199',
  Address: '9 Elm St',
  City: 'Salem',
  State: 'OR',
  'ZIP Code': '97301',
  Country: 'United States',
  'Invite Code': createInvite(),
});

test('registering with a fresh invite lands on the dashboard with the session cookies', async ({ page, context }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Personal Information')).toBeVisible();
  await expect(page.getByText('Shop Information')).toBeVisible();
  const form = page.locator('form');
  await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('target', '_blank');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
  await expect(form.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('main').locator('a[href="/contact"]')).toBeVisible();
  const values = complete();
  await fillRegistration(page, values);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: m.title }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${values['Shop Name']}` })).toBeVisible();
  const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
  expect(jar[cookies.authToken]).toMatch(/^[\w-]{43}$/);
  expect(jar[cookies.shopName]).toBe(values['Shop Name']);
});

test('/create-account is the same registration form', async ({ page }) => {
  await page.goto('/create-account');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
});

test('each registration rule shows its message, in the spec order, and sends nothing', async ({ page }) => {
  let posted = false;
  page.on('request', (r) => {
    if (isCall(r, 'register')) posted = true;
  });
  await page.goto('/register');
  const submit = () => page.getByRole('button', { name: m.title }).click();
  const alert = page.getByRole('alert');
  const v = complete();

  await submit();
  await expect(alert).toHaveText(m.emailPasswordRequired);
  await fillRegistration(page, { Email: v.Email, Password: 'abc12', 'Confirm Password': 'abc13' });
  await submit();
  await expect(alert).toHaveText(m.passwordsMismatch);
  await fillRegistration(page, { 'Confirm Password': 'abc12' });
  await submit();
  await expect(alert).toHaveText(m.passwordTooShort);
  await fillRegistration(page, { Password: v.Password, 'Confirm Password': v.Password });
  await submit();
  await expect(alert).toHaveText(m.namesRequired);
  await fillRegistration(page, { 'Shop Name': 'Shop', 'First Name': '   ', 'Last Name': 'Reyes' });
  await submit();
  await expect(alert).toHaveText(m.inviteRequired);
  await fillRegistration(page, { 'Invite Code': 'ABCD-EFGH-JKLM' });
  await submit();
  await expect(alert).toHaveText(m.termsRequired);
  await page.getByLabel(/I agree to the/).check();
  await submit();
  await expect(alert).toHaveText(m.namesBlank);
  expect(posted).toBe(false);
});

test('a used invite code shows the server message', async ({ page, request }) => {
  const values = complete();
  await registerShop(request, 'First Come', { invite: values['Invite Code'] });
  await page.goto('/register');
  await fillRegistration(page, values);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: m.title }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.auth.inviteUsed);
  await expect(page.getByRole('button', { name: m.title })).toBeEnabled();
});

test('login with a wrong password shows the server message in red above the form', async ({ page, request }) => {
  const account = await registerShop(request);
  await page.goto('/login');
  let posted = false;
  page.on('request', (r) => {
    if (isCall(r, 'login')) posted = true;
  });
  // E-mail and password are required fields: an empty form is not sent.
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  expect(posted).toBe(false);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(messages.auth.invalidCredentials);
  await expect(alert).toHaveClass(/text-error/);
});

test('login stores the cookies and opens the dashboard; logout ends the server session', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Lotus Lounge');
  await page.goto('/login');
  await expect(page.getByText(messages.login.noAccount)).toBeVisible();
  await expect(page.getByRole('link', { name: messages.login.signUp })).toHaveAttribute('href', '/register');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Lotus Lounge' })).toBeVisible();
  const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
  expect(jar).toMatchObject({
    [cookies.shopName]: 'Lotus Lounge',
    [cookies.userRole]: 'Owner',
    [cookies.isAdmin]: 'false',
  });
  const token = jar[cookies.authToken]!;

  const logoutCall = page.waitForResponse((r) => isCall(r, 'logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await logoutCall).status()).toBe(200);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain(cookies.authToken);
  expect(names).not.toContain(cookies.shopName);
  expectStatus(await api(request, token).call('feedback', { feedback_text: 'old token' }), 401);
});

test('a session ended elsewhere sends the visitor to log in, told why, and back to the page after', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Ended Session Emporium');
  await useSession(context, account);
  // The page's calls in flight; the push stream (open as long as the page is) is not one that ends.
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    if (!r.url().includes('/api/events')) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  await page.goto('/stats');
  await expect(page.getByRole('heading', { name: /Statistics/ })).toBeVisible();
  // The page's own calls are answered first: one still in flight after the logout would meet the 401 on this page,
  // which then says so once on its login page, and the visit below would find the login page already told.
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight.size > 0) quietSince = Date.now();
        return Date.now() - quietSince;
      },
      { intervals: [100], timeout: 15_000 },
    )
    .toBeGreaterThan(500);
  // Logged out from another PC: the browser still holds the cookie, the server no longer the session.
  bodyOf(await api(request, account).call('logout'));

  await page.goto('/inventory-management?tab=singles');
  await expect(page).toHaveURL('/login?next=%2Finventory-management%3Ftab%3Dsingles');
  await expect(page.getByText(messages.login.sessionEnded)).toBeVisible();
  await expect(page.getByText(messages.inventory.empty)).toHaveCount(0);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain(cookies.authToken);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/inventory-management?tab=singles');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
});

test('a login follows only a page of this site', async ({ page, request }) => {
  const account = await registerShop(request, 'Open Redirect Refusers');
  await page.goto('/login?next=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('Forgot Password button leads to the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: messages.login.forgotPassword }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('forgot password: the mailed link resets the password once', async ({ page, request }) => {
  const account = await registerShop(request);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.forgotPassword.sent);

  const mail = await waitForMail((mm) => mm.to !== undefined && !Array.isArray(mm.to) && mm.to.text === account.email);
  const link = /http:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByLabel('Reset Token')).toHaveValue(new URL(link!).searchParams.get('token')!);
  await page.getByLabel('New Password').fill('a fresh start');
  await page.getByLabel('Confirm Password').fill('a fresh starts');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.resetPassword.mismatch);
  await page.getByLabel('Confirm Password').fill('a fresh start');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.resetPassword.success);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('a fresh start');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(link!);
  await page.getByLabel('New Password').fill('once more please');
  await page.getByLabel('Confirm Password').fill('once more please');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.auth.resetInvalid);
});

test('reset without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('New Password').fill('whatever1');
  await page.getByLabel('Confirm Password').fill('whatever1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.resetPassword.missingToken);
});

test('the dashboard shows every tile and the feedback popup sends', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Feedback Forge');
  await useSession(context, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Feedback Forge' })).toBeVisible();
  for (const href of [
    '/ordering',
    '/order-management',
    '/order-history',
    '/shop-settings',
    '/device-manager',
    '/inventory-management',
    '/sub-account-management',
    '/stripe-management',
    '/stats',
  ]) {
    await expect(page.locator(`.tile-grid a[href="${href}"]`)).toBeVisible();
  }
  await page.getByRole('button', { name: messages.feedback.title }).click();
  const dialog = page.getByRole('dialog', { name: messages.feedback.title });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Feedback').fill('   ');
  await expect(send).toBeDisabled();
  await expect(dialog.getByLabel('Type').locator('option')).toHaveText([
    'General',
    'Bug',
    'Feature Request',
    'UI',
    'Suggestion',
    'Other',
  ]);
  await dialog.getByLabel('Type').selectOption('feature');
  await dialog.getByLabel('Feedback').fill('A price history chart please');
  await send.click();
  const result = dialog.getByRole('status');
  await expect(result).toHaveText(messages.feedback.sent);
  await expect(result).toHaveClass(/text-success/);
  await expect(dialog.getByLabel('Feedback')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a refused feedback gets "Failed to send feedback." in red', async ({ page, context, request }) => {
  await useSession(context, await registerShop(request, 'Feedback Refused'));
  await page.route(urlOf('feedback'), (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.goto('/dashboard');
  await page.getByRole('button', { name: messages.feedback.title }).click();
  const dialog = page.getByRole('dialog', { name: messages.feedback.title });
  await dialog.getByLabel('Feedback').fill('hello?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText(messages.feedback.failed);
  await expect(dialog.getByRole('status')).toHaveClass(/text-error/);
});

test('a stale session cookie: the first refused call leads to the login, told the session ended', async ({
  page,
  context,
}) => {
  await useSession(context, { email: 'x@y.z', password: '', shopName: 'Ghost Shop', token: 'not-a-real-token' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: messages.feedback.title }).click();
  const dialog = page.getByRole('dialog', { name: messages.feedback.title });
  await dialog.getByLabel('Feedback').fill('hello?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await expect(page.getByText(messages.login.sessionEnded)).toBeVisible();
});

test.describe('in Turnstile mode', () => {
  test.use({ baseURL: `http://127.0.0.1:${e2eEnv.turnstilePort}` });

  test('login without a solved widget asks for the CAPTCHA and sends nothing', async ({ page }) => {
    await page.route('https://challenges.cloudflare.com/**', (route) => route.abort());
    let posted = false;
    page.on('request', (r) => {
      if (isCall(r, 'login')) posted = true;
    });
    await page.goto('/login');
    await expect(page.getByText(messages.common.captchaHint)).toBeVisible();
    await page.getByLabel('Email').fill('a@b.co');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.common.captchaRequired);
    expect(posted).toBe(false);
  });

  test('registration without a solved widget asks for the CAPTCHA', async ({ page }) => {
    await page.route('https://challenges.cloudflare.com/**', (route) => route.abort());
    await page.goto('/register');
    await fillRegistration(page, {
      Email: 'a@b.co',
      Password: 'secret12',
      'Confirm Password': 'secret12',
      'Shop Name': 'S',
      'First Name': 'F',
      'Last Name': 'L',
      'Invite Code': 'ABCD',
    });
    await page.getByRole('button', { name: m.title }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.common.captchaRequired);
  });
});
