import { messages, storefrontCartMessages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { uniqueEmail, useSession, type Account } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { waitForMail } from './support/mail.ts';
import { copiesInStock, pendingReservation, publicShop, registerShop, stock } from './support/seed.ts';

const m = messages.orders;
const statusText = storefrontCartMessages.status;
/** Where the screenshots of the two screens go, for a person to look at (not compared). */
const shots = process.env.E2E_SHOTS_DIR;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('staff mark one confirmed reservation picked up and another a no-show; the customer’s status page follows', async ({
  page,
  browser,
  request,
}) => {
  const shop: Account = await registerShop(request, 'Pickup Point Games');
  const [card] = await pricedCards(request, 'dragon', 1);
  await stock(request, shop, [{ card: card!, quantity: 5 }]);
  const subdomain = await publicShop(request, shop, {
    reservations_enabled: true,
    reservation_limits: { pickup_days: 3 },
  });
  const copies = () => copiesInStock(request, shop);
  /** A reservation of `quantity` copies, placed on the storefront and confirmed by the shop. */
  const readyForPickup = async (email: string, quantity: number) => {
    const orderNumber = await pendingReservation(request, subdomain, [{ card: card!, quantity }], {
      name: 'Parker Pickup',
      email,
    });
    bodyOf(await api(request, shop).call('confirmOrder', { order_number: orderNumber }));
    return orderNumber;
  };
  const collector = uniqueEmail('collector');
  const absent = uniqueEmail('absent');
  const collected = await readyForPickup(collector, 1);
  const missed = await readyForPickup(absent, 3);
  expect(await copies()).toBe(1);
  // The ready mail names the deadline: the shop's 3 days from the confirmation.
  const ready = await waitForMail(
    (mail) => JSON.stringify(mail.to ?? '').includes(absent) && (mail.subject ?? '').includes('ready for pickup'),
  );
  expect(ready.text).toContain('The shop holds your order until');

  const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await useSession(staff, shop);
  const staffPage = await staff.newPage();
  await staffPage.route('https://cards.scryfall.io/**', (route) => route.abort());
  await staffPage.goto('/order-history');
  const row = (orderNumber: string) => staffPage.getByRole('row').filter({ hasText: orderNumber });
  await expect(row(collected)).toContainText('Pick up by');
  if (shots) await staffPage.screenshot({ path: `${shots}/pickup-history-1440.png`, fullPage: true });

  // Picked up: final, the copies stay sold.
  await row(collected).getByRole('button', { name: 'Review' }).click();
  const review = staffPage.getByRole('dialog', { name: 'Order Details' });
  await expect(review.getByTestId('order-pickup-until')).toBeVisible();
  if (shots) await staffPage.screenshot({ path: `${shots}/pickup-modal-1440.png` });
  // Picked before the customer comes: the reservation's own pick list.
  await review.getByRole('link', { name: m.pickListButton }).click();
  await expect(staffPage.getByText(m.pickListSummary(1, 1, 0))).toBeVisible();
  await expect(staffPage.locator('.pick-list tbody tr:not(.pick-list-location)')).toContainText(collected);
  await staffPage.goBack();
  await row(collected).getByRole('button', { name: 'Review' }).click();
  await review.getByRole('button', { name: m.pickedUpButton }).click();
  await expect(staffPage.getByText(m.pickedUp)).toBeVisible();
  await expect(review).toBeHidden();
  await expect(row(collected)).toContainText('Picked Up');
  await expect(row(collected)).not.toContainText('Pick up by');
  expect(await copies()).toBe(1);

  // A no-show before its deadline asks first, naming the deadline; keeping it holds the copies.
  await row(missed).getByRole('button', { name: 'Review' }).click();
  await review.getByRole('button', { name: m.noShowButton }).click();
  await expect(review.getByRole('alert')).toContainText('The deadline is');
  await expect(review.getByRole('alert')).toContainText('release the copies anyway?');
  await review.getByRole('button', { name: m.keepHolding }).click();
  expect(await copies()).toBe(1);
  await review.getByRole('button', { name: m.noShowButton }).click();
  await staffPage.setViewportSize({ width: 390, height: 844 });
  if (shots) await staffPage.screenshot({ path: `${shots}/pickup-noshow-390.png` });
  await review.getByRole('button', { name: m.releaseAnyway }).click();
  await expect(staffPage.getByText(m.noShow)).toBeVisible();
  await expect(row(missed)).toContainText('No-Show');
  expect(await copies()).toBe(4);
  if (shots) await staffPage.screenshot({ path: `${shots}/pickup-history-390.png`, fullPage: true });
  await staff.close();

  // The customers' status pages.
  const result = page.locator('.order-status-result');
  await page.goto(`/shop/${subdomain}/order?number=${collected}&email=${encodeURIComponent(collector)}`);
  await expect(result.getByText(statusText.pickedUp, { exact: true })).toBeVisible();
  await expect(result).toContainText(statusText.pickedUpText);
  await page.goto(`/shop/${subdomain}/order?number=${missed}&email=${encodeURIComponent(absent)}`);
  await expect(result.getByText(statusText.noShow, { exact: true })).toBeVisible();
  await expect(result).toContainText('was not picked up by');
  await expect(result).toContainText('so the cards went back on sale');
  if (shots) await page.screenshot({ path: `${shots}/pickup-status-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (shots) await page.screenshot({ path: `${shots}/pickup-status-390.png`, fullPage: true });
  const mail = await waitForMail(
    (mail) => JSON.stringify(mail.to ?? '').includes(absent) && (mail.subject ?? '').includes('was not picked up'),
  );
  expect(mail.text).toContain('the cards went back on sale');
});

test('the status page names a copy’s language and flags and the shop’s pickup hours, and fits a phone', async ({
  page,
  request,
}) => {
  const shop: Account = await registerShop(request, 'Lingua Cards');
  const [card] = await pricedCards(request, 'dragon', 1);
  await stock(request, shop, [{ card: card!, quantity: 2, language: 'ja', signed: true }]);
  const subdomain = await publicShop(request, shop, {
    reservations_enabled: true,
    pickup_hours: 'Tue–Sun 11:00–18:00',
  });
  const email = uniqueEmail('lingua');
  const orderNumber = await pendingReservation(
    request,
    subdomain,
    [{ card: card!, language: 'ja', signed: true, quantity: 1 }],
    { name: 'Kei Tanaka', email },
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/shop/${subdomain}/order?number=${orderNumber}&email=${encodeURIComponent(email)}`);
  const line = page.locator('.order-status-lines tbody tr').filter({ hasText: card!.name });
  await expect(line).toContainText('Japanese');
  await expect(line).toContainText(statusText.signed);
  await expect(page.locator('.order-status-result')).toContainText(statusText.pickupHours('Tue–Sun 11:00–18:00'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
