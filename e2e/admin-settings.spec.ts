import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { cli, createSuperadmin, logInAs } from './support/admin.ts';
import { uniqueEmail } from './support/accounts.ts';
import { e2eEnv } from './support/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Maintenance mode is platform-wide: it gets a server of its own (same build,
 * its own database), so the suite's other tests never meet it.
 */
let server: ChildProcess;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = path.join(e2eEnv.dataDir, `maintenance-${randomUUID().slice(0, 8)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DEMO: '0',
      CAPTCHA_MODE: 'test',
      RATE_LIMIT_SCALE: '50',
    },
    stdio: 'ignore',
  });
  await expect(async () => expect((await fetch(`${base}/api/ready`)).ok).toBe(true)).toPass({ timeout: 20_000 });
});
test.afterAll(() => {
  server.kill('SIGTERM');
});

test('maintenance mode turns shop calls into the 503 message; turning it off restores them', async ({ browser }) => {
  // Three browsers, a registration and four logins (password hashing on 2 cores): about 25 s alone, more beside
  // the rest of the suite; the default 30 s left no room.
  test.setTimeout(60_000);
  const staff = createSuperadmin(dataDir);
  const owner = { email: uniqueEmail(), password: 'owner password' };
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...owner,
      shop_name: 'Quiet Hours Games',
      user_first_name: 'Olive',
      user_last_name: 'Owner',
      invite_code: cli(dataDir, 'invite', 'create'),
      turnstileToken: 'test',
    }),
  });
  expect(registered.status).toBe(200);

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
