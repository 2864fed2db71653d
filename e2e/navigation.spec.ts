import { cookies, messages } from '@cardstock/contract';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { e2eEnv } from './support/env.ts';

const header = (page: Page) => page.locator('header.site-header');

async function logIn(context: BrowserContext) {
  await context.addCookies(
    [
      [cookies.authToken, 'token-from-a-login'],
      [cookies.shopName, 'Blue Dragon Games'],
      [cookies.userRole, 'Owner'],
      [cookies.isAdmin, 'false'],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: '127.0.0.1', path: '/' })),
  );
}

test('without the auth cookie the header offers Login and Register', async ({ page }) => {
  await page.goto('/home');
  const nav = header(page);
  for (const label of ['Home', 'About', 'Features', 'Contact', 'Login', 'Register']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
});

test('with the auth cookie the header offers Dashboard and Logout', async ({ page, context }) => {
  await logIn(context);
  await page.goto('/about');
  const nav = header(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
});

test('Logout clears auth_token and shopname only, and goes to /login', async ({ page, context }) => {
  await logIn(context);
  await page.goto('/home');
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const names = (await context.cookies()).map((c) => c.name).sort();
  expect(names).toEqual([cookies.isAdmin, cookies.userRole].sort());
  await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

const guardedRoutes = [
  '/dashboard',
  '/order-management',
  '/order-history',
  '/buylist',
  '/device-manager',
  '/inventory-management',
  '/sub-account-management',
  '/stats',
  '/shop-settings',
  '/shop-home',
  '/card-details',
  '/ordering',
  '/stripe-management',
  '/admin',
  '/admin/dashboard',
  '/admin/store/create',
  '/admin/store/7/edit',
  '/admin/store/7',
  '/admin/inventory',
  '/admin/inventory/7',
  '/admin/system-settings',
  '/admin/users',
  '/admin/reports',
  '/admin/analytics',
];

test('every guarded route without the cookie lands on /login, which knows the way back', async ({ page }) => {
  for (const route of guardedRoutes) {
    await page.goto(route);
    await expect(page, `${route} should redirect`).toHaveURL(`/login?next=${encodeURIComponent(route)}`);
  }
});

test('a guarded route with the cookie opens', async ({ page, context }) => {
  await logIn(context);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the not-found page with a link home', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: messages.notFound.title })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the footer has quick links, legal links, the support address and Contact Support', async ({ page }) => {
  await page.goto('/home');
  const footer = page.locator('footer.site-footer');
  await expect(footer.getByText('Quick Links')).toBeVisible();
  for (const [label, href] of [
    ['Home', '/home'],
    ['About', '/about'],
    ['Features', '/features'],
    ['Contact', '/contact'],
    ['Terms of Service', '/terms-of-service'],
    ['Privacy Policy', '/privacy-policy'],
    ['Contact Support', '/contact'],
  ]) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href!);
  }
  await expect(footer.getByRole('link', { name: e2eEnv.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${e2eEnv.supportEmail}`,
  );
});

test('public shop pages under /shop/ show no header or footer', async ({ page }) => {
  await page.goto('/shop/demo');
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  await expect(page.getByText(messages.storefront.poweredBy)).toBeVisible();
});

test('a host with a shop subdomain shows only that storefront (storefront mode)', async ({ page }) => {
  await page.goto(`http://demo.localhost:${e2eEnv.port}/`);
  await expect(page.locator('.storefront')).toBeVisible();
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  // Every path on a shop host is the shop page, including app routes.
  await page.goto(`http://demo.localhost:${e2eEnv.port}/about`);
  await expect(page.locator('.storefront')).toBeVisible();
  await expect(page.getByText(messages.storefront.poweredBy)).toBeVisible();
});
