import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { uniqueEmail, useSession } from './support/accounts.ts';
import { cli, logInAs } from './support/admin.ts';
import { api, bodyOf } from './support/api.ts';
import { startOwnServer } from './support/own-server.ts';
import { publicShop, registerShop } from './support/seed.ts';

/** Issue 38: one address for one storefront, and a platform without PUBLIC_URL says so where the owner looks. */

test('Settings says one address for the storefront: the editor’s hint is the Public URL of Current info', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'One Address Games');
  const subdomain = await publicShop(request, account);
  await useSession(context, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/shop-settings');
  const info = page.getByRole('region', { name: 'Current Shop Info' });
  const publicUrl = (await info.getByRole('link').textContent())!.trim();
  expect(publicUrl).toContain(subdomain);
  await expect(page.getByTestId('storefront-address')).toHaveText(publicUrl);
  // This suite's server has its PUBLIC_URL: no warning.
  await expect(page.getByTestId('public-address-note')).toHaveCount(0);
});

test('without PUBLIC_URL, Settings and Device Management tell the owner the QR code and mail links point at localhost', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const server = await startOwnServer('no-public-url', { PUBLIC_URL: undefined });
  try {
    const owner = await registerShop(server.request, 'Backroom Games', {
      email: uniqueEmail('nourl'),
      invite: cli(server.dataDir, 'invite', 'create'),
    });
    const config = bodyOf(await api(server.request).call('publicConfig'));
    expect(config.public_url).toMatch(/^http:\/\/localhost:/);
    // Opened at the local default address itself (the server refuses calls from another origin than its own).
    const local = server.base.replace('127.0.0.1', 'localhost');
    await logInAs(page, owner, local);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${local}/shop-settings`);
    const note = page.getByTestId('public-address-note');
    await expect(note).toHaveText(messages.settings.publicUrlMissing(config.public_url));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: test.info().outputPath('settings-no-public-url-1440.png') });
    await page.goto(`${local}/device-manager`);
    await expect(note).toHaveText(messages.settings.publicUrlMissing(config.public_url));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('devices-no-public-url-390.png') });
  } finally {
    server.stop();
  }
});
