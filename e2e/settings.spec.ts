import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { messages, timings, type ShopSettings } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { api, bodyOf, isCall, urlOf } from './support/api.ts';
import { baseURL } from './support/env.ts';
import { registerShop } from './support/seed.ts';

const m = messages.settings;

async function serverSettings(request: APIRequestContext, account: Account): Promise<ShopSettings> {
  return bodyOf(await api(request, account).call('settingsGet'));
}

/** Every save the page sends, to prove that a refused form sends nothing. */
function countSaves(page: Page): () => number {
  let saves = 0;
  page.on('request', (req) => {
    if (isCall(req, 'settingsSave')) saves += 1;
  });
  return () => saves;
}

test('an Owner sets a subdomain, goes public and changes the pricing; a second shop cannot take the subdomain', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Settings Emporium');
  await useSession(context, account);
  const saves = countSaves(page);

  // Hold the first load until the loading line has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    urlOf('settingsGet'),
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.goto('/shop-settings');
  await expect(page.getByRole('heading', { name: 'Shop Settings' })).toBeVisible();
  await expect(page.getByText(m.loading)).toBeVisible();
  release();

  const info = page.getByRole('region', { name: 'Current Shop Info' });
  await expect(info.getByRole('definition')).toHaveText(['Settings Emporium', 'None', 'Private', 'Disabled']);
  await expect(info.getByRole('term')).toHaveText([
    'Shop Name',
    'Current Subdomain',
    'Shop Visibility',
    'Public Access',
  ]);
  await expect(info.getByRole('link')).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Shop settings' });
  const subdomain = form.getByLabel('Subdomain');
  const isPublic = form.getByLabel(m.makePublic);
  const example = form.getByText(/^A card with a \$10\.00 market price sells for/);
  await expect(isPublic).not.toBeChecked();
  await expect(form.getByText('DNS changes may take up to 24 hours')).toBeVisible();
  // The storefront's address is the server's (issue 38): this suite's server runs on a bare IP address, where a
  // storefront is a /shop/ path, not a subdomain of the host (the old ".127.0.0.1:port" suffix named a second,
  // wrong address).
  await expect(form.getByTestId('storefront-address')).toHaveText(`${baseURL}/shop/your-shop`);
  await expect(form.getByText(`.${new URL(baseURL).host}`, { exact: true })).toHaveCount(0);

  // Lower case, and anything but a-z, 0-9 and hyphens dropped as typed.
  await subdomain.pressSequentially('My Shop!');
  await expect(subdomain).toHaveValue('myshop');
  await expect(form.getByTestId('storefront-address')).toHaveText(`${baseURL}/shop/myshop`);

  // A reserved name is refused with the server's words, and nothing is sent.
  await subdomain.fill('admin');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('alert')).toHaveText('That subdomain is reserved for Cardstock itself. Choose another.');
  expect(saves()).toBe(0);

  const name = `set-${randomUUID().slice(0, 8)}`;
  await subdomain.fill(name);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await isPublic.check();
  await expect(example).toHaveText(
    'A card with a $10.00 market price sells for $14.50 in NM, $13.05 in LP, $10.88 in MP, $8.70 in HP and $5.80 in D.',
  );
  await form.getByLabel('Markup (%)').fill('100');
  await expect(example).toHaveText(
    'A card with a $10.00 market price sells for $20.00 in NM, $18.00 in LP, $15.00 in MP, $12.00 in HP and $8.00 in D.',
  );
  await form.getByLabel('Shop description').fill('Singles, sealed and a good coffee.');

  // Save: the button says so, the toast confirms, and the page reloads after 1.5 s.
  await page.evaluate(() => sessionStorage.setItem('before-reload', 'yes'));
  const reloaded = page.waitForEvent('load');
  const savedAt = Date.now();
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('button', { name: m.saving })).toBeDisabled();
  await expect(page.getByText(m.saved)).toBeVisible();
  await reloaded;
  expect(Date.now() - savedAt).toBeGreaterThanOrEqual(timings.settingsReloadDelayMs - 100);
  expect(saves()).toBe(1);

  const saved = await serverSettings(request, account);
  expect(saved).toMatchObject({
    subdomain: name,
    shop_hidden: 0,
    shop_description: 'Singles, sealed and a good coffee.',
    pricing: { markup_percent: 100 },
  });
  await expect(info.getByRole('definition')).toHaveText([
    'Settings Emporium',
    name,
    'Public',
    'Enabled',
    saved.public_url!,
  ]);
  await expect(info.getByRole('link', { name: saved.public_url! })).toHaveAttribute('href', saved.public_url!);
  await expect(subdomain).toHaveValue(name);
  await expect(isPublic).toBeChecked();
  await expect(form.getByLabel('Markup (%)')).toHaveValue('100');

  // Reset throws away what was typed and fills the form from the server again.
  await subdomain.fill('something-else');
  await form.getByLabel('Markup (%)').fill('10');
  await form.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(m.reset)).toBeVisible();
  await expect(subdomain).toHaveValue(name);
  await expect(form.getByLabel('Markup (%)')).toHaveValue('100');

  // A second shop asking for the same subdomain gets the server's reason.
  const other = await registerShop(request, 'Copycat Cards');
  await context.clearCookies();
  await useSession(context, other);
  await page.goto('/shop-settings');
  await expect(info.getByRole('definition').first()).toHaveText('Copycat Cards');
  await subdomain.fill(name);
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.settingsServer.subdomainTaken);
  await expect(form.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
  expect((await serverSettings(request, other)).subdomain).toBeNull();
});

test('an Owner turns online reservations on with a hold time; a bad hold time is shown beside the field and sends nothing', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Reserve Ahead Games');
  await useSession(context, account);
  const saves = countSaves(page);
  await page.goto('/shop-settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  const section = form.getByRole('group', { name: m.reservationsLegend });
  const toggle = section.getByRole('switch', { name: m.reservationsSwitch });
  const hours = section.getByLabel(m.holdHoursLabel);
  // Off by default, 48 hours.
  await expect(toggle).not.toBeChecked();
  await expect(hours).toHaveValue('48');
  await expect(section.getByText(m.holdHoursHint)).toBeVisible();

  // By keyboard: the switch toggles with Space.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();

  // Out of bounds: the server's words beside the field at once, and Save sends nothing.
  await hours.fill('400');
  await expect(section.getByText('The hold time must be at most 336 hours (14 days).')).toBeVisible();
  await expect(hours).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('alert')).toHaveText('The hold time must be at most 336 hours (14 days).');
  expect(saves()).toBe(0);
  // Nothing typed is lost: the switch stays on.
  await expect(toggle).toBeChecked();

  await hours.fill('72');
  await expect(section.getByText(m.holdHoursHint)).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(m.saved)).toBeVisible();
  await reloaded;
  expect(saves()).toBe(1);
  expect(await serverSettings(request, account)).toMatchObject({
    reservations_enabled: true,
    reservation_hold_hours: 72,
  });
  await expect(toggle).toBeChecked();
  await expect(hours).toHaveValue('72');
});

test('an Owner sets the reservation limits beside the switch; a bad limit is refused by name and sends nothing', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Limited Hold Games');
  await useSession(context, account);
  const saves = countSaves(page);
  await page.goto('/shop-settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  const section = form.getByRole('group', { name: m.reservationsLegend });
  const labels = m.reservationLimitLabels;
  // The defaults: 4 copies of one printing, 20 lines, $1,000, 3 per e-mail, 5 per address, 500 held.
  await expect(section.getByLabel(labels.max_copies_per_printing)).toHaveValue('4');
  await expect(section.getByLabel(labels.max_lines)).toHaveValue('20');
  await expect(section.getByLabel(labels.max_total)).toHaveValue('1000');
  await expect(section.getByLabel(labels.max_open_per_email)).toHaveValue('3');
  await expect(section.getByLabel(labels.max_open_per_address)).toHaveValue('5');
  await expect(section.getByLabel(labels.max_held_copies)).toHaveValue('500');
  await expect(section.getByText(m.reservationLimitsHint)).toBeVisible();
  // Beside the hold time, the days a confirmed reservation is held for pickup (issue 38): 7 by default.
  await expect(section.getByLabel(labels.pickup_days)).toHaveValue('7');
  await expect(section.getByText(m.pickupDaysHint)).toBeVisible();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: test.info().outputPath(`reservation-limits-${size.width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await section.getByLabel(labels.max_copies_per_printing).fill('0');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('alert')).toHaveText('Copies of one printing per reservation must be at least 1.');
  expect(saves()).toBe(0);

  await section.getByLabel(labels.max_copies_per_printing).fill('2');
  await section.getByLabel(labels.max_total).fill('150.50');
  await section.getByLabel(labels.max_held_copies).fill('40');
  await section.getByLabel(labels.pickup_days).fill('10');
  // Where and when to pick up: the shop's time zone for the mails' times, and its hours.
  await expect(section.getByLabel(m.timeZoneLabel)).toHaveValue('');
  await section.getByLabel(m.timeZoneLabel).selectOption('America/Chicago');
  await section.getByLabel(m.pickupHoursLabel).fill('Mon–Sat 10:00–19:00');
  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(m.saved)).toBeVisible();
  await reloaded;
  expect(saves()).toBe(1);
  expect((await serverSettings(request, account)).reservation_limits).toEqual({
    max_copies_per_printing: 2,
    max_lines: 20,
    max_total: 150.5,
    max_open_per_email: 3,
    max_open_per_address: 5,
    max_held_copies: 40,
    pickup_days: 10,
  });
  await expect(section.getByLabel(labels.max_copies_per_printing)).toHaveValue('2');
  await expect(section.getByLabel(labels.pickup_days)).toHaveValue('10');
  await expect(section.getByLabel(labels.max_total)).toHaveValue('150.5');
  expect(await serverSettings(request, account)).toMatchObject({
    time_zone: 'America/Chicago',
    pickup_hours: 'Mon–Sat 10:00–19:00',
  });
  await expect(section.getByLabel(m.timeZoneLabel)).toHaveValue('America/Chicago');
  await expect(section.getByLabel(m.pickupHoursLabel)).toHaveValue('Mon–Sat 10:00–19:00');
});

test('an Employee is told who can change settings, and the page makes no calls', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Staff Only Games');
  await useSession(context, account, 'Employee');
  const calls: string[] = [];
  page.on('request', (req) => {
    if (isCall(req, 'settingsGet', 'settingsSave')) calls.push(req.url());
  });
  await page.goto('/shop-settings');
  await expect(page.getByRole('heading', { name: 'Shop Settings' })).toBeVisible();
  await expect(page.getByText(m.notAllowed)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Shop settings' })).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('the Owner downloads all of the shop’s data as one JSON file; a Manager is not offered it', async ({
  context,
  page,
  request,
}) => {
  const account = await registerShop(request, 'Data Keepers');
  await useSession(context, account);
  await page.goto('/shop-settings');
  const card = page.getByRole('region', { name: m.dataTitle });
  await expect(card).toContainText(m.dataText);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: m.dataDownload }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cardstock-shop-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.promises.readFile(await download.path(), 'utf8')) as {
    shop: { name: string };
    users: { email: string }[];
  };
  expect(data.shop.name).toBe('Data Keepers');
  expect(data.users.map((u) => u.email)).toEqual([account.email]);
  await expect(page.getByText(m.dataSaved(download.suggestedFilename()))).toBeVisible();

  await context.clearCookies();
  await useSession(context, account, 'Manager');
  await page.goto('/shop-settings');
  await expect(page.getByRole('heading', { name: 'Current Shop Info' })).toBeVisible();
  await expect(page.getByRole('region', { name: m.dataTitle })).toHaveCount(0);
});

test('an Owner sets the register’s sales tax, an Employee’s discount limit and the return policy; a rate over 30 % sends nothing', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Taxed Counter Games');
  await useSession(context, account);
  const saves = countSaves(page);
  await page.goto('/shop-settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  const section = form.getByRole('group', { name: m.registerLegend });
  const rate = section.getByLabel(m.taxRateLabel);
  const inside = section.getByRole('checkbox', { name: m.pricesIncludeTax });
  const limit = section.getByLabel(m.discountLimitLabel);
  // No tax and a 10 % limit until the Owner says otherwise.
  await expect(rate).toHaveValue('0');
  await expect(inside).not.toBeChecked();
  await expect(limit).toHaveValue('10');

  await rate.fill('31');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('alert')).toHaveText('The tax rate must be at most 30 %.');
  expect(saves()).toBe(0);

  await rate.fill('8.875');
  await inside.check();
  await limit.fill('15');
  await section.getByLabel(m.returnPolicyLabel).fill('Returns within 14 days with the receipt.');
  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(m.saved)).toBeVisible();
  await reloaded;
  expect(await serverSettings(request, account)).toMatchObject({
    tax_rate_percent: 8.875,
    prices_include_tax: true,
    employee_discount_limit_percent: 15,
    return_policy: 'Returns within 14 days with the receipt.',
  });
  await expect(rate).toHaveValue('8.875');
  await expect(section.getByLabel(m.returnPolicyLabel)).toHaveValue('Returns within 14 days with the receipt.');
  await expect(inside).toBeChecked();
  await expect(limit).toHaveValue('15');
});
