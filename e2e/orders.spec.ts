import { messages } from '@cardstock/contract';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { waitForMail } from './support/mail.ts';
import { pendingOrders } from './support/orders.ts';
import { api, bodyOf, isCall } from './support/api.ts';
import {
  copiesInStock,
  counterOrder,
  pairedDevice,
  pendingReservation,
  publicShop,
  registerShop,
  stock,
} from './support/seed.ts';

const m = messages.orders;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

const dollars = (n: number) => `$${n.toFixed(2)}`;
const callout = (orderNumber: string) => orderNumber.split('-').at(-1)!;
const orderRow = (page: Page, orderNumber: string) => page.getByRole('row').filter({ hasText: orderNumber });

test('a pending order is reviewed and accepted, a new one shows up by itself, history lists it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await registerShop(request, 'Callout Cards');
  const [first, second] = await pricedCards(request, 'dragon', 2);
  await stock(request, account, [
    { card: first!, quantity: 3 },
    { card: second!, quantity: 3 },
  ]);
  const firstNumber = await counterOrder(request, account, [{ card: first!, quantity: 2 }]);
  const [placed] = await pendingOrders(request, account);
  await useSession(context, account);

  await page.goto('/order-management');
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: messages.common.backToDashboard })).toHaveAttribute('href', '/dashboard');
  const row = orderRow(page, firstNumber);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Pending');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Non-Foil');

  // Another counter places an order while the page is open: it shows by itself (pushed; the 10 s poll would too).
  const secondNumber = await counterOrder(request, account, [{ card: second!, quantity: 1 }]);
  await expect(page.getByText(m.pendingUpdated)).toBeVisible({ timeout: 15_000 });
  await expect(orderRow(page, secondNumber)).toBeVisible();

  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByLabel(`Callout number ${callout(firstNumber)}`)).toBeVisible();
  const line = review.getByRole('row').filter({ hasText: first!.name });
  await expect(line).toContainText('Non-Foil');
  await expect(line).toContainText('NM');
  await expect(line).toContainText(dollars(placed!.items[0]!.price));
  await expect(line).toContainText(dollars(placed!.items[0]!.item_total));
  await expect(review.getByTestId('order-total')).toHaveText(dollars(placed!.total));

  await review.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(m.confirmed)).toBeVisible();
  await expect(review).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(orderRow(page, secondNumber)).toBeVisible();

  await page.goto('/order-history');
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  const done = orderRow(page, firstNumber);
  await expect(done.getByRole('cell').nth(1)).toHaveText('Confirmed');
  // Order Time is when it was placed; the Confirmed column says when it was accepted, not before.
  await expect(done.getByRole('cell').nth(2).locator('time')).toHaveAttribute('datetime', placed!.timestamp);
  const [confirmedAt] = await done
    .getByRole('cell')
    .last()
    .locator('time')
    .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
  expect(Date.parse(confirmedAt!)).toBeGreaterThan(Date.parse(placed!.timestamp));
  await expect(page.getByRole('columnheader', { name: m.confirmedAt })).toBeVisible();
  await expect(orderRow(page, secondNumber)).toHaveCount(0);
  await done.getByRole('button', { name: 'Review' }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  const sold = details.getByRole('row').filter({ hasText: first!.name });
  await expect(sold.getByRole('link', { name: first!.name })).toHaveAttribute('target', '_blank');
  await expect(sold).toContainText(dollars(placed!.items[0]!.price));
  await expect(details.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await details.locator('footer').getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
});

test('an order placed on a kiosk shows on Order Management within a second, and leaves it when decided elsewhere', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Push Parlour');
  const [card] = await pricedCards(request, 'angel', 1);
  await stock(request, account, [{ card: card!, quantity: 3 }]);
  const tablet = api(request, { token: await pairedDevice(request, account, 'Front tablet', 'PUSH-1') });
  await useSession(context, account);
  // The page listens to the shop's events from the moment it opens (the polling comes only every 10 s).
  const listening = page.waitForResponse((r) => isCall(r, 'events') && r.status() === 200);
  await page.goto('/order-management');
  await expect(page.getByText(m.pendingEmpty)).toBeVisible();
  await listening;

  const item = { scryfall_id: card!.id, finish: 'nonfoil' as const, quantity: 1 };
  const { order_number } = bodyOf(await tablet.call('placeOrder', { items: [item] }));
  await expect(orderRow(page, order_number)).toBeVisible({ timeout: 1000 });
  await expect(page.getByText(m.pendingUpdated)).toBeVisible();

  // Accepted at another screen: gone from this one as fast.
  bodyOf(await api(request, account).call('confirmOrder', { order_number }));
  await expect(orderRow(page, order_number)).toHaveCount(0, { timeout: 1000 });
});

test('Cancel asks first, then rejects the order and its cards go back to the inventory', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request);
  const [card] = await pricedCards(request, 'goblin', 1);
  await stock(request, account, [{ card: card!, quantity: 2 }]);
  const orderNumber = await counterOrder(request, account, [{ card: card!, quantity: 2 }]);
  expect(await copiesInStock(request, account, card!.id)).toBe(0);
  await useSession(context, account);

  await page.goto('/order-management');
  await orderRow(page, orderNumber).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review.getByRole('alert')).toHaveText(m.confirmReject(orderNumber));
  // Thinking better of it keeps the order.
  await review.getByRole('button', { name: 'Keep Order' }).click();
  await expect(review.getByRole('button', { name: 'Accept' })).toBeVisible();
  await review.getByRole('button', { name: 'Cancel' }).click();
  await review.getByRole('button', { name: 'Reject Order' }).click();

  await expect(page.getByText(m.rejected)).toBeVisible();
  await expect(review).toBeHidden();
  await expect(page.getByText(m.pendingEmpty)).toBeVisible();
  expect(await copiesInStock(request, account, card!.id)).toBe(2);

  await page.goto('/order-history');
  await expect(page.getByText(m.historyEmpty)).toBeVisible();
  // The rejected order is kept, under its own tab, with when it was rejected; on a phone the table scrolls, the page
  // does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: m.historyRejectedTab }).click();
  const rejected = orderRow(page, orderNumber);
  await expect(rejected.getByRole('cell').nth(1)).toHaveText('Rejected');
  await expect(page.getByRole('columnheader', { name: m.rejectedAt })).toBeVisible();
  await rejected.getByRole('button', { name: 'Review' }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details.getByRole('row').filter({ hasText: card!.name })).toBeVisible();
  await expect(details).toContainText('Rejected');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a Watcher reviews pending orders without Accept or Cancel', async ({ page, context, request }) => {
  const account = await registerShop(request);
  const [card] = await pricedCards(request, 'elemental', 1);
  await stock(request, account, [{ card: card!, quantity: 1 }]);
  const orderNumber = await counterOrder(request, account, [{ card: card!, quantity: 1 }]);
  await useSession(context, account, 'Watcher');

  await page.goto('/order-management');
  await orderRow(page, orderNumber).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByRole('row').filter({ hasText: card!.name })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await review.locator('footer').getByRole('button', { name: 'Close' }).click();
  await expect(review).toBeHidden();
  await expect(orderRow(page, orderNumber)).toBeVisible();
});

test('order history checks again every 90 seconds and says so', async ({ page, context, request }) => {
  const account = await registerShop(request);
  const [first, second] = await pricedCards(request, 'angel', 2);
  await stock(request, account, [
    { card: first!, quantity: 1 },
    { card: second!, quantity: 1 },
  ]);
  const firstNumber = await counterOrder(request, account, [{ card: first!, quantity: 1 }], { confirmed: true });
  await useSession(context, account);

  await page.clock.install();
  await page.goto('/order-history');
  await expect(orderRow(page, firstNumber)).toBeVisible();
  const secondNumber = await counterOrder(request, account, [{ card: second!, quantity: 1 }], { confirmed: true });
  await expect(orderRow(page, secondNumber)).toHaveCount(0);

  await page.clock.fastForward(90_000);
  await expect(page.getByText(m.checkingHistory)).toBeVisible();
  await expect(orderRow(page, secondNumber)).toBeVisible();
});

test('an online reservation shows its badge, customer and hold; rejecting it with a reason mails the customer the reason', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request);
  const [card] = await pricedCards(request, 'island', 1);
  await stock(request, account, [{ card: card!, quantity: 3 }]);
  const subdomain = await publicShop(request, account, { reservations_enabled: true, reservation_hold_hours: 24 });
  const email = `casey-${Date.now().toString(36)}@example.com`;
  const orderNumber = await pendingReservation(
    request,
    subdomain,
    [{ card: card!, quantity: 2 }],
    { name: 'Casey Customer', email, phone: '+1 555 0100' },
    `e2e-${email}`,
  );
  expect(await copiesInStock(request, account, card!.id)).toBe(1);
  await useSession(context, account);

  await page.goto('/order-management');
  const row = orderRow(page, orderNumber);
  await expect(row.getByText(m.onlineBadge, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByRole('definition').filter({ hasText: 'Casey Customer' })).toBeVisible();
  await expect(review.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(review.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
  await expect(review.getByRole('term').filter({ hasText: m.heldUntil })).toBeVisible();

  await review.getByRole('button', { name: 'Cancel' }).click();
  const reason = review.getByLabel(m.rejectReasonLabel);
  await expect(reason).toBeFocused();
  await expect(review.getByText(m.rejectReasonOnlineHint)).toBeVisible();
  await page.keyboard.type('The second copy is water-damaged, sorry.');
  await review.getByRole('button', { name: 'Reject Order' }).click();
  await expect(page.getByText(m.rejected)).toBeVisible();
  await expect(review).toBeHidden();
  expect(await copiesInStock(request, account, card!.id)).toBe(3);

  const mail = await waitForMail(
    (mail) =>
      mail.to !== undefined && JSON.stringify(mail.to).includes(email) && /was not accepted/.test(mail.subject ?? ''),
  );
  expect(mail.text).toContain('The shop says: The second copy is water-damaged, sorry.');
});
