import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { cli, logInAs } from './support/admin.ts';
import { uniqueEmail } from './support/accounts.ts';
import { api, expectStatus } from './support/api.ts';
import { e2eEnv } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { registerShop } from './support/seed.ts';

/** The login limits at their real size (the suite's server scales them up): a server of its own. */
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer('account-lock', {
    RATE_LIMIT_SCALE: '1',
    // The guesses below come "through a proxy" from ten addresses, as a spread-out attack would.
    TRUST_PROXY: 'loopback',
    SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
  });
});
test.afterAll(() => {
  server.stop();
});

test('the holder of an account that wrong passwords locked unlocks it from the mailed link', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await registerShop(server.request, 'Locked Vault Games', {
    email: uniqueEmail('locked'),
    password: 'the right one',
    invite: cli(server.dataDir, 'invite', 'create'),
  });
  // Ten wrong passwords from anywhere lock the account; the next try, even with the right password, is refused.
  for (let i = 0; i < 10; i++) {
    const guess = { email: owner.email, password: `guess ${i}`, turnstileToken: 'test' };
    expectStatus(
      await api(server.request).call('login', guess, { headers: { 'x-forwarded-for': `192.0.2.${i}` } }),
      401,
    );
  }
  await logInAs(page, owner, server.base);
  await expect(page.getByRole('alert')).toHaveText(messages.auth.tooManyAttempts(15));

  const mail = await waitForMail((m) => !Array.isArray(m.to) && m.to?.text === owner.email);
  expect(mail.subject).toBe('Your Cardstock account was locked');
  const link = /http:\/\/\S+\/unlock-account\?token=[\w%-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  // Opening the link spends nothing (mail scanners open links); the button does.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Unlock Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Unlock my account' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.auth.unlockDone);
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link!);
  await page.getByRole('button', { name: 'Unlock my account' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.auth.unlockInvalid);
});
