import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { adminFeedbackTypes, messages } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createSuperadmin, logInAs, type Staff } from './support/admin.ts';
import { api, bodyOf, expectStatus } from './support/api.ts';
import { useSession, type Account } from './support/accounts.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { counterOrder, publicShop, registerShop, stock } from './support/seed.ts';

const m = messages.admin;

/** A shop with priced stock, public under a unique subdomain. */
async function dragonShop(request: APIRequestContext, name: string, cards = 3) {
  const account = await registerShop(request, name);
  const dragons = await pricedCards(request, 'dragon', cards);
  await stock(
    request,
    account,
    dragons.map((card) => ({ card, quantity: 2 })),
  );
  const subdomain = await publicShop(request, account, { shop_description: 'Dragons of every era. '.repeat(8) });
  return { account, subdomain };
}

/** The store's card on the admin dashboard, found by searching its name. */
async function storeCard(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search stores' }).fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  return card;
}

let root: Staff;

test.beforeAll(() => {
  importFixtureCatalog();
  root = createSuperadmin();
});
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('a superadmin deactivates a shop: its owner cannot log in and its storefront is gone; reactivation restores both', async ({
  page,
  browser,
  request,
}) => {
  // A long walk: three browsers, four logins, the storefront twice. It takes 13–26 s beside another worker and ran
  // past the 30 s of a test once on a busy machine (2026-11-26): three times that.
  test.slow();
  const name = `Suspended Scales ${randomUUID().slice(0, 6)}`;
  const { account, subdomain } = await dragonShop(request, name);

  await logInAs(page, root);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: m.dashboardTitle })).toBeVisible();
  await expect(page.getByLabel('Signed in as')).toContainText(root.email);
  await expect(page.getByLabel('Signed in as')).toContainText('Superadmin');
  await expect(page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link')).toHaveText([
    /Create New Store/,
    /Global Inventory/,
    /System Settings/,
    /User Management/,
    /Reports/,
    /Analytics/,
  ]);

  // The lightning bolt opens the feedback dialog with the admin types; what is sent reaches the inbox.
  await page.getByRole('button', { name: messages.feedback.title }).click();
  const feedback = page.getByRole('dialog', { name: messages.feedback.title });
  await expect(feedback.getByLabel('Type').locator('option')).toHaveText(adminFeedbackTypes.map((t) => t.label));
  await feedback.getByLabel('Type').selectOption('urgent');
  const note = `Admin area on real data ${randomUUID().slice(0, 6)}`;
  await feedback.getByLabel('Feedback').fill(note);
  await feedback.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(feedback.getByRole('status')).toHaveText(messages.feedback.sent);
  await feedback.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Feedback' }).click();
  await expect(
    page.getByRole('table', { name: 'Feedback' }).getByRole('row', { name: new RegExp(note) }),
  ).toContainText('urgent');

  const card = await storeCard(page, name);
  await expect(card).toContainText('3 items');
  await expect(card).toContainText('0 pending orders');
  // The description is cut at 100 characters, with an ellipsis.
  const description = 'Dragons of every era. '.repeat(8).trim();
  await expect(card.getByText(`${description.slice(0, 100)}...`, { exact: true })).toBeVisible();
  for (const [label, path] of [
    ['Edit Store', 'edit'],
    ['Orders', 'orders'],
    ['Settings', 'settings'],
  ] as const) {
    await expect(card.getByRole('link', { name: label })).toHaveAttribute(
      'href',
      new RegExp(`/admin/store/\\d+/${path}$`),
    );
  }
  await expect(card.getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', /\/admin\/inventory\/\d+$/);

  // The owner has a staff screen open at the shop when it is deactivated.
  const staffContext = await browser.newContext();
  await useSession(staffContext, account);
  const staffScreen = await staffContext.newPage();
  await staffScreen.goto('/dashboard');

  await card.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(messages.adminServer.storeDeactivated(name))).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await page.getByLabel('Filter').selectOption({ label: 'Inactive Only' });
  await expect(page.getByRole('article', { name })).toBeVisible();
  await page.getByLabel('Filter').selectOption({ label: 'Active Only' });
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  // A staff screen open when the shop was deactivated says so at its next call, with whom to write to.
  await staffScreen.goto('/inventory-management');
  const banner = staffScreen.getByRole('alert').filter({ hasText: messages.auth.shopSuspended });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

  // The owner, on a browser of their own: refused at login with the reason, storefront not found.
  const owner = await (await browser.newContext()).newPage();
  await logInAs(owner, account);
  await expect(owner.getByRole('alert')).toHaveText(messages.auth.shopSuspended);
  await owner.goto(`/shop/${subdomain}`);
  await expect(owner.getByRole('heading', { name: messages.storefront.notFoundTitle })).toBeVisible();
  await expect(owner.getByText(messages.storefrontServer.notFound)).toBeVisible();

  await page.getByLabel('Filter').selectOption({ label: 'All' });
  await (await storeCard(page, name)).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(messages.adminServer.storeActivated(name))).toBeVisible();

  await logInAs(owner, account);
  await expect(owner).toHaveURL(/\/dashboard$/);
  await owner.goto(`/shop/${subdomain}`);
  await expect(owner.locator('.storefront-grid > li')).toHaveCount(3);
});

test('a bulk +10% on a store’s inventory changes the prices its storefront shows', async ({ page, request }) => {
  const name = `Bulk Wyrm ${randomUUID().slice(0, 6)}`;
  const { subdomain } = await dragonShop(request, name, 2);
  const prices = async () => {
    const { inventory } = bodyOf(await api(request).call('publicInventory', { subdomain, page: '1' }));
    // Priced printings only (pricedCards): every card has a price.
    return inventory.map((c) => c.price!);
  };
  const before = await prices();

  await logInAs(page, root);
  await expect(page).toHaveURL(/\/admin$/);
  await (await storeCard(page, name)).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Global Inventory' })).toBeVisible();
  await expect(page.getByLabel('Store')).toHaveValue(/\d+/);
  const rows = page.getByRole('table', { name: 'Inventory' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: '+10%' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Price Change' });
  await expect(dialog.getByText(m.confirmBulk(10, 2))).toBeVisible();
  await dialog.getByRole('button', { name: 'Change prices by +10%' }).click();
  await expect(page.getByText(messages.adminServer.bulkPriceChanged(2, 10))).toBeVisible();

  const after = await prices();
  expect(after).toEqual(before.map((p) => Math.round(p * 110) / 100));
  await page.goto(`/shop/${subdomain}`);
  for (const price of after) await expect(page.getByText(`$${price.toFixed(2)}`).first()).toBeVisible();
});

test('a CSV report downloads with the real rows of the shops', async ({ page, request }) => {
  const name = `Report Roost ${randomUUID().slice(0, 6)}`;
  const { account, subdomain } = await dragonShop(request, name, 1);
  const [card] = await pricedCards(request, 'dragon', 1);
  await counterOrder(request, account, [{ card: card!, quantity: 2 }], { confirmed: true });

  await logInAs(page, root);
  await page.getByRole('link', { name: /Reports/ }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Overview',
    'Store Performance',
    'User Activity',
    'Revenue Analysis',
  ]);
  await expect(page.getByLabel('Date range').locator('option')).toHaveText(['7 days', '30 days', '3 months', '1 year']);
  await page.getByLabel('Date range').selectOption({ label: '7 days' });
  await page.getByRole('tab', { name: 'Store Performance' }).click();
  await expect(
    page.getByRole('table', { name: 'Store performance' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cardstock-report-stores-7d-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('Store,Subdomain,Active,Orders,Confirmed orders,Cards sold,Revenue ($)');
  expect(csv.find((line) => line.startsWith(`${name},`))).toMatch(
    new RegExp(`^${name},${subdomain},Yes,1,1,2,\\d+\\.\\d{2}$`),
  );

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    fs
      .readFileSync(await pdfFile.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('a shop owner opening the admin area sees the access error view with Go to Login', async ({
  page,
  context,
  request,
}) => {
  const account: Account = await registerShop(request, 'Curious Owner Games');
  await useSession(context, account);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: m.accessTitle })).toBeVisible();
  await expect(page.getByText(messages.adminServer.staffOnly)).toBeVisible();
  await page.getByRole('button', { name: m.goToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('users: a superadmin’s role is locked and it cannot be deleted; another user is deleted after confirming', async ({
  page,
  request,
}) => {
  const other = createSuperadmin();
  const account = await registerShop(request, 'Member Moth Games');
  const member = `member-${randomUUID().slice(0, 8)}@example.com`;
  bodyOf(await api(request, account).call('teamInvite', { name: 'Mo Member', email: member, role: 'Watcher' }));

  await logInAs(page, root);
  await page.getByRole('link', { name: /User Management/ }).click();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(other.email);
  const row = page.getByRole('row', { name: new RegExp(other.email) });
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit User' });
  // Beside the page's feedback dialog, each dialog is named by its own title id.
  const labels = await page
    .locator('dialog')
    .evaluateAll((dialogs) => dialogs.map((d) => d.getAttribute('aria-labelledby')));
  expect(labels.length).toBeGreaterThan(1);
  expect(new Set(labels).size).toBe(labels.length);
  await expect(editor.getByLabel('Role')).toBeDisabled();
  await expect(editor.getByText(m.superadminLocked)).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await search.fill(member);
  const memberRow = page.getByRole('row', { name: new RegExp(member) });
  await memberRow.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await expect(confirm.getByText(m.confirmDeleteUser(member))).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(messages.adminServer.userDeleted(member))).toBeVisible();
  await expect(page.getByText(m.noUsers)).toBeVisible();
});

test('a store is deleted for good only after its name is typed; its owner and storefront are gone', async ({
  page,
  request,
}) => {
  const name = `Doomed Drakes ${randomUUID().slice(0, 6)}`;
  const { account, subdomain } = await dragonShop(request, name, 1);
  await logInAs(page, root);
  await (await storeCard(page, name)).getByRole('link', { name: 'Edit Store' }).click();
  const danger = page.getByRole('region', { name: m.deleteStoreTitle });
  await danger.getByRole('button', { name: m.deleteStoreButton }).click();
  const dialog = page.getByRole('dialog', { name: m.deleteStoreTitle });
  await dialog.getByLabel(m.deleteStoreType).fill('Doomed');
  await dialog.getByRole('button', { name: m.deleteStoreConfirm, exact: true }).click();
  await expect(page.getByText(messages.adminServer.storeDeleteName)).toBeVisible();
  await dialog.getByLabel(m.deleteStoreType).fill(name);
  await dialog.getByRole('button', { name: m.deleteStoreConfirm, exact: true }).click();
  await expect(page.getByText(messages.adminServer.storeDeleted(name))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const visitor = api(request);
  expectStatus(
    await visitor.call('login', { email: account.email, password: account.password, turnstileToken: 'test' }),
    401,
  );
  expectStatus(await visitor.call('publicInventory', { subdomain, page: '1' }), 404);
});

test('the lightning-bolt feedback button lies over no part of the first store card, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  await registerShop(request, `Uncovered Cards ${randomUUID().slice(0, 6)}`);
  await logInAs(page, root);
  await expect(page).toHaveURL(/\/admin$/);
  const bolt = page.getByRole('button', { name: messages.feedback.title });
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // Wherever the card sits on the screen as the page scrolls, the button is beside it, never on it.
    // What slides under the sticky site header is hidden by the header itself, so the card's visible part counts.
    for (const block of ['start', 'center', 'end'] as const) {
      await first.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
      const card = (await first.boundingBox())!;
      const header = (await page.locator('.site-header').boundingBox())!;
      const button = (await bolt.boundingBox())!;
      const cardTop = Math.max(card.y, header.y + header.height);
      const overlaps =
        button.x < card.x + card.width &&
        card.x < button.x + button.width &&
        button.y < card.y + card.height &&
        cardTop < button.y + button.height;
      expect(overlaps, `${viewport.width}x${viewport.height}, card at ${block}`).toBe(false);
      // Still on the screen and in reach.
      expect(button.x).toBeGreaterThanOrEqual(0);
      expect(button.y).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
      expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
    }
    await bolt.click();
    await expect(page.getByRole('dialog', { name: messages.feedback.title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});
