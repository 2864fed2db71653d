import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { cli, createSuperadmin, logInAs } from './support/admin.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { registerShop } from './support/seed.ts';

/**
 * Maintenance mode is platform-wide: it gets a server of its own (same build,
 * its own database), so the suite's other tests never meet it.
 */
let server: OwnServer;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  server = await startOwnServer('maintenance');
  ({ base, dataDir } = server);
});
test.afterAll(() => {
  server.stop();
});

test('maintenance mode turns shop calls into the 503 message; turning it off restores them', async ({ browser }) => {
  // Three browsers, a registration and four logins (password hashing on 2 cores): about 25 s alone, more beside
  // the rest of the suite; the default 30 s left no room.
  test.setTimeout(60_000);
  const staff = createSuperadmin(dataDir);
  const owner = await registerShop(server.request, 'Quiet Hours Games', {
    password: 'owner password',
    invite: cli(dataDir, 'invite', 'create'),
  });

  const shop = await (await browser.newContext()).newPage();
  await logInAs(shop, owner, base);
  await expect(shop).toHaveURL(/\/dashboard$/);
  await shop.goto(`${base}/inventory-management`);
  await expect(shop.getByText(messages.inventory.empty)).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await logInAs(admin, staff, base);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('link', { name: /System Settings/ }).click();
  await expect(admin.getByRole('tab')).toHaveText(['Platform', 'Security', 'Notifications', 'API']);
  await admin.getByLabel('Maintenance mode').check();
  // Bounds and fallbacks of spec 001 §5: an empty box becomes its fallback, out of range its nearest bound.
  await admin.getByRole('tab', { name: 'Security' }).click();
  await admin.getByLabel('Minimum password length').fill('');
  await admin.getByLabel('Session timeout').fill('500');
  await admin.getByRole('tab', { name: 'API' }).click();
  await admin.getByLabel('Rate limit').fill('5');
  await admin.getByRole('button', { name: 'Save Settings' }).click();
  await expect(admin.getByText(messages.adminServer.settingsSaved)).toBeVisible();
  await expect(admin.getByLabel('Rate limit')).toHaveValue('10');
  await admin.getByRole('tab', { name: 'Security' }).click();
  await expect(admin.getByLabel('Minimum password length')).toHaveValue('8');
  await expect(admin.getByLabel('Session timeout')).toHaveValue('168');

  // The shop's screens now say why nothing works; a shop login hears the same.
  await shop.reload();
  await expect(shop.getByRole('alert').filter({ hasText: messages.auth.maintenance })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await logInAs(other, owner, base);
  await expect(other.getByRole('alert')).toHaveText(messages.auth.maintenance);
  await expect(other).toHaveURL(/\/login$/);
  // The admin area stays open.
  await admin.goto(`${base}/admin`);
  await expect(admin.getByRole('article', { name: 'Quiet Hours Games' })).toBeVisible();

  await admin.getByRole('link', { name: /System Settings/ }).click();
  await admin.getByLabel('Maintenance mode').uncheck();
  await admin.getByRole('button', { name: 'Save Settings' }).click();
  await expect(admin.getByText(messages.adminServer.settingsSaved)).toBeVisible();
  await shop.reload();
  await expect(shop.getByText(messages.inventory.empty)).toBeVisible();
  await expect(shop.getByText(messages.auth.maintenance)).toHaveCount(0);
});
