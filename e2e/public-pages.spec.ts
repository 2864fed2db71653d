import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';

test('home shows the six feature cards, sample tables and Get Started', async ({ page }) => {
  for (const path of ['/', '/home']) {
    await page.goto(path);
    const main = page.getByRole('main');
    for (const feature of [
      'Store Statistics',
      'Inventory Management',
      'Sales Insights',
      'Order Management',
      'Staff Roles',
      'Bulk Upload',
    ]) {
      await expect(main.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    const tables = main.getByRole('table');
    await expect(tables).toHaveCount(2);
    for (const column of ['Name', 'Serial Number', 'IP Address', 'Registered On', 'Last Login', 'Active']) {
      await expect(tables.nth(1).getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(
      tables
        .nth(0)
        .getByRole('cell', { name: /^\d{8}-\d+-\d+-\d+$/ })
        .first(),
    ).toBeVisible();
    await expect(main).toContainText('99.9%');
  }
});

test('about has mission, story, the four values, team and a contact link', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  for (const value of ['Innovation', 'Reliability', 'Community', 'Simplicity']) {
    await expect(main.getByRole('heading', { name: value, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: /mission/i })).toBeVisible();
  await expect(main.getByRole('heading', { name: /story/i })).toBeVisible();
  await expect(main.getByRole('heading', { name: /team/i })).toBeVisible();
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
});

test('features describes role-based access and the storefront', async ({ page }) => {
  await page.goto('/features');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main).toContainText(/role/i);
  await expect(main).toContainText(/storefront/i);
  await expect(main).toContainText(/CSV/);
});

test('terms of service state every point of the spec', async ({ page }) => {
  await page.goto('/terms-of-service');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(main).toContainText('9/10/2025');
  for (const point of [
    /authori[sz]ed (business )?representative/i,
    /18/,
    /approve, decline or edit orders/i,
    /not (a )?party to/i,
    /14 days/,
    /non-refundable/i,
    /until the end of (the|that|the current) billing period/i,
    /30 days/,
  ]) {
    await expect(main).toContainText(point);
  }
});

test('privacy policy lists the data collected and the age limits', async ({ page }) => {
  await page.goto('/privacy-policy');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  for (const item of [
    /e-?mail/i,
    /credentials/i,
    /first and last name/i,
    /shop name/i,
    /contact details/i,
    /address/i,
    /team member roles/i,
    /device identifiers/i,
    /invite codes/i,
    /verification codes/i,
    /card listings/i,
    /quantities/i,
    /pricing/i,
    /orders/i,
    /transactions/i,
    /13/,
    /16/,
  ]) {
    await expect(main).toContainText(item);
  }
});

test('unauthorized explains and links to login and account creation', async ({ page }) => {
  await page.goto('/unauthorized');
  const main = page.getByRole('main');
  await expect(main).toContainText(messages.unauthorized.text);
  await expect(main.locator('a[href="/login"]')).toBeVisible();
  await expect(main.locator('a[href="/create-account"]')).toBeVisible();
});

test('/recruters is the Recruiters Page placeholder', async ({ page }) => {
  await page.goto('/recruters');
  await expect(page.getByRole('heading', { name: messages.recruiters.title, level: 1 })).toBeVisible();
});

test('contact has name, email, message and Send Message', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByLabel('Name')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Message')).toBeVisible();
  await expect(page.getByRole('button', { name: messages.contact.send })).toBeEnabled();
});
