import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { isCall } from './support/api.ts';
import { e2eEnv } from './support/env.ts';
import { waitForMail } from './support/mail.ts';

test('an incomplete form raises "Please fill in all fields." and sends nothing', async ({ page }) => {
  await page.goto('/contact');
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  let posted = false;
  page.on('request', (r) => {
    if (isCall(r, 'contactUs')) posted = true;
  });
  await page.getByLabel('Name').fill('Ann');
  await page.getByRole('button', { name: messages.contact.send }).click();
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByLabel('Message').fill('   ');
  await page.getByRole('button', { name: messages.contact.send }).click();
  await expect.poll(() => alerts).toEqual([messages.contact.fillAllFields, messages.contact.fillAllFields]);
  expect(posted).toBe(false);
});

test('a server refusal shows the server message in red', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Ann');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: messages.contact.send }).click();
  const status = page.getByRole('status');
  await expect(status).toHaveText('Email must be a valid e-mail address.');
  await expect(status).toHaveClass(/text-error/);
});

test('a sent message shows the thank-you text and reaches the support mailbox', async ({ page }) => {
  const marker = `Do you stock Alpha? ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Ann Reader');
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByLabel('Message').fill(marker);
  await page.getByRole('button', { name: messages.contact.send }).click();
  await expect(page.getByRole('status')).toHaveText(messages.contact.success);
  await expect(page.getByLabel('Message')).toHaveValue('');
  const mail = await waitForMail((m) => (m.text ?? '').includes(marker));
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(e2eEnv.supportEmail);
  expect(mail.replyTo?.text).toBe('ann@example.com');
  expect(mail.subject).toBe('Contact form: Ann Reader');
});

test.describe('in Turnstile mode', () => {
  test.use({ baseURL: `http://127.0.0.1:${e2eEnv.turnstilePort}` });

  test('without the widget script the hint shows and sending asks for the CAPTCHA', async ({ page }) => {
    // The captcha provider is on the internet; here it is unreachable, as behind an ad blocker.
    await page.route('https://challenges.cloudflare.com/**', (route) => route.abort());
    await page.goto('/contact');
    await expect(page.getByText(messages.common.captchaHint)).toBeVisible();
    await page.getByLabel('Name').fill('Ann');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: messages.contact.send }).click();
    await expect(page.getByRole('status')).toHaveText(messages.common.captchaRequired);
  });
});
