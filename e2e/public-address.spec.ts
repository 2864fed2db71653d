import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { registerShop, uniqueEmail, useSession } from './support/accounts.ts';
import { cli, logInAs } from './support/admin.ts';
import { startOwnServer } from './support/own-server.ts';

/** Issue 38: one address for one storefront, and a platform without PUBLIC_URL says so where the owner looks. */

test('Settings says one address for the storefront: the editor’s hint is the Public URL of Current info', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'One Address Games');
  const subdomain = `one-${Date.now().toString(36)}`;
  const saved = await request.post('/api/shop/settings', { data: { token: account.token, subdomain, shop_hidden: 0 } });
  expect(saved.status(), await saved.text()).toBe(200);
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
    const owner = { email: uniqueEmail('nourl'), password: 'a good password' };
    const registered = await fetch(`${server.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...owner,
        shop_name: 'Backroom Games',
        user_first_name: 'Nora',
        user_last_name: 'Owner',
        invite_code: cli(server.dataDir, 'invite', 'create'),
        turnstileToken: 'test',
      }),
    });
    expect(registered.status).toBe(200);
    const config = (await (await fetch(`${server.base}/api/config`)).json()) as { public_url: string };
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
