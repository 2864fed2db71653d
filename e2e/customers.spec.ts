import { messages } from '@cardstock/contract';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { customer, registerShop, stockAt } from './support/seed.ts';
import { desktopAndPhone, shots } from './support/shots.ts';

const m = messages.customers.screen;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

const balance = (page: Page) => page.getByTestId('customer-balance');
const ledgerRows = (page: Page) => page.getByRole('table', { name: m.ledger }).getByRole('row');

test('a customer is added, given credit with a reason, pays part of an order with it, and a rejection gives it back', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await registerShop(request, 'Credit Union Cards');
  const [card] = await pricedCards(request, 'dragon', 1);
  await stockAt(request, account, card!, 3, 10);
  await useSession(context, account);

  // The dashboard leads to the customers, none yet.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Customers/ }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByText(m.empty)).toBeVisible();

  await page.getByRole('button', { name: m.add }).click();
  const add = page.getByRole('dialog', { name: m.addTitle });
  await add.getByLabel('Name').fill('Morgan Reyes');
  // A name alone is not enough: an e-mail or a phone too.
  await add.getByRole('button', { name: m.add }).click();
  await expect(add.getByRole('alert')).toHaveText(m.contactRequired);
  await add.getByLabel('E-mail').fill('morgan@example.com');
  await add.getByLabel('Phone').fill('555 010 7788');
  // A school club buys without sales tax at the register.
  await expect(add.getByRole('checkbox', { name: m.taxExempt })).not.toBeChecked();
  await add.getByRole('checkbox', { name: m.taxExempt }).check();
  await add.getByRole('button', { name: m.add }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Morgan Reyes' })).toBeVisible();
  await expect(page.getByText(m.taxExemptShort, { exact: true })).toBeVisible();
  await expect(balance(page)).toHaveText('$0.00');
  await expect(page.getByText(m.ledgerEmpty)).toBeVisible();

  // Adjusting needs a reason, and asks before it writes.
  await page.getByRole('button', { name: m.adjust }).click();
  const adjust = page.getByRole('dialog', { name: m.adjustTitle });
  await adjust.getByLabel(m.adjustAmount).fill('25');
  await adjust.getByRole('button', { name: m.adjustSave }).click();
  await expect(adjust.getByRole('alert')).toHaveText(m.reasonRequired);
  await adjust.getByLabel(m.adjustReason).fill('Tournament prize');
  await adjust.getByRole('button', { name: m.adjustSave }).click();
  await expect(adjust.getByRole('status')).toHaveText(m.adjustConfirm('+$25.00', 'Morgan Reyes'));
  await adjust.getByRole('button', { name: 'Confirm' }).click();
  await expect(adjust).toBeHidden();
  await expect(balance(page)).toHaveText('$25.00');
  await expect(ledgerRows(page).nth(1)).toContainText('Tournament prize');
  await expect(ledgerRows(page).nth(1)).toContainText('+$25.00');

  // The customer is found by phone digits from the list.
  await page.getByRole('link', { name: m.back }).click();
  await page.getByRole('searchbox', { name: m.search }).fill('0107788');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Morgan Reyes' })).toContainText('$25.00');

  // At the counter: one copy ($10) for Morgan, $4 of it paid with store credit.
  await page.goto('/ordering');
  const tile = page.getByRole('article', { name: card!.name });
  await tile.getByRole('button', { name: `Add ${card!.name} to cart` }).click();
  await page.getByLabel(m.picker).fill('morgan');
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: /Morgan Reyes/ })
    .click();
  await expect(page.getByTestId('order-customer')).toHaveText('Morgan Reyes');
  const credit = page.getByLabel(m.payWithCredit);
  // All the credit the total can use, by default.
  await expect(credit).toHaveValue('10.00');
  await credit.fill('4');
  await expect(page.getByText(m.restToPay('$6.00'))).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = page.getByRole('status').filter({ hasText: /Order placed/ });
  await expect(placed).toBeVisible();
  const orderNumber = /(\d{8}-\d+-\d+-\d+)$/.exec(
    (await placed.getByRole('paragraph').first().textContent()) ?? '',
  )![1]!;

  await page.goto('/customers');
  await page.getByRole('link', { name: 'Morgan Reyes' }).click();
  await expect(balance(page)).toHaveText('$21.00');
  await expect(ledgerRows(page).nth(1)).toContainText(m.kinds.order);
  await expect(ledgerRows(page).nth(1)).toContainText(orderNumber);
  const orders = page.getByRole('table', { name: m.orders });
  await expect(orders.getByRole('row').filter({ hasText: orderNumber })).toContainText('$4.00');

  // Order Management shows the credit paid; rejecting the order gives it back.
  await page.goto('/order-management');
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  // The list says the total, who the order is for and who placed it (issue 38), after the spec's columns.
  await expect(row).toBeVisible();
  const cellOf = async (header: string) => {
    const headers = await page.getByRole('table').filter({ has: row }).getByRole('columnheader').allTextContents();
    return row.getByRole('cell').nth(headers.findIndex((h) => h.trim() === header));
  };
  await expect(await cellOf('Total')).toHaveText('$10.00');
  await expect(await cellOf('Customer')).toHaveText('Morgan Reyes');
  await expect(await cellOf('Source')).toHaveText(account.email);
  await shots(page, 'orders-list', desktopAndPhone);
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByTestId('order-store-credit')).toHaveText('$4.00');
  // The review names the customer and says what is left to collect: $10.00 less $4.00 of credit.
  await expect(review.getByTestId('order-customer')).toHaveText('Morgan Reyes');
  await expect(review.getByTestId('order-to-collect')).toHaveText('$6.00');
  await shots(page, 'order-review', desktopAndPhone);
  await review.getByRole('button', { name: 'Cancel' }).click();
  await review.getByRole('button', { name: 'Reject Order' }).click();
  await expect(page.getByText(messages.orders.rejected)).toBeVisible();

  await page.goto('/customers');
  await page.getByRole('link', { name: 'Morgan Reyes' }).click();
  await expect(balance(page)).toHaveText('$25.00');
  await expect(ledgerRows(page).nth(1)).toContainText(m.kinds.order_refund);

  // Statistics: the Buying section (nothing bought yet) and the margin column.
  await page.goto('/stats');
  const buying = page.getByRole('region', { name: 'Buying' });
  await expect(buying.getByText(m.noBuys)).toBeVisible();
  await expect(buying.getByText('Credit Issued')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Top Selling Cards' }).getByRole('columnheader', { name: 'Margin' }),
  ).toBeVisible();
});

test('a Watcher sees customers and balances but cannot add or adjust', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Watchful Games');
  await customer(request, account, { name: 'Quinn Watcher', phone: '555 222 3333' }, { credit: 12.5 });
  await useSession(context, account, 'Watcher');
  await page.goto('/customers');
  await expect(page.getByRole('link', { name: 'Quinn Watcher' })).toBeVisible();
  await expect(page.getByRole('button', { name: m.add })).toHaveCount(0);
  await page.getByRole('link', { name: 'Quinn Watcher' }).click();
  await expect(balance(page)).toHaveText('$12.50');
  await expect(page.getByRole('button', { name: m.adjust })).toHaveCount(0);
  await expect(page.getByRole('button', { name: m.edit })).toHaveCount(0);
});
