import { messages } from '@cardstock/contract';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf, urlOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { counterOrder, registerShop, stock } from './support/seed.ts';

const m = messages.stats;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

/** The number shown under a figure's label (Total Orders, Cards Sold, Total Cards in Shop). */
const figure = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('confirmed orders show in the figures, the chart and both tables', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Stats Emporium');
  const [first, second, unsold] = await pricedCards(request, 'angel', 3, { distinctNames: true });
  await stock(request, account, [
    { card: first!, quantity: 5 },
    { card: second!, quantity: 4 },
    { card: unsold!, quantity: 3 },
  ]);
  const one = await counterOrder(request, account, [{ card: first!, quantity: 2 }], { confirmed: true });
  const two = await counterOrder(
    request,
    account,
    [
      { card: first!, quantity: 1 },
      { card: second!, quantity: 2 },
    ],
    { confirmed: true },
  );
  await useSession(context, account);

  await page.goto('/stats');
  await expect(page.getByRole('heading', { name: 'Store Statistics' })).toBeVisible();
  await expect(figure(page, 'Total Orders')).toHaveText('2');
  await expect(figure(page, 'Cards Sold')).toHaveText('5');
  // 12 stocked, 5 sold: placing an order takes its copies out of stock.
  await expect(figure(page, 'Total Cards in Shop')).toHaveText('7');
  // What the 7 copies in hand are worth at the prices customers pay, all priced here.
  await expect(figure(page, 'Inventory Value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByText(/^Singles \$[\d,.]+, sealed \$0\.00, at today's prices\.$/)).toBeVisible();

  const chart = page.getByRole('img', { name: /^Orders over time on .+: 2 orders and \$\d+\.\d{2} revenue/ });
  await expect(chart).toBeVisible();
  for (const label of ['Date', 'Orders', 'Revenue ($)']) {
    await expect(
      chart.locator('text').filter({ hasText: new RegExp(`^${label.replace(/[()$]/g, '\\$&')}$`) }),
    ).toBeVisible();
  }
  // The numbers behind the chart, for screen readers: both orders on one day.
  const data = page.getByRole('table', { name: 'Orders Over Time' });
  await expect(data.getByRole('row')).toHaveCount(2);
  await expect(data.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('2');

  const top = page.getByRole('region', { name: 'Top Selling Cards' });
  await expect(top.getByRole('row')).toHaveCount(3);
  await expect(top.getByRole('row').nth(1)).toContainText(first!.name);
  await expect(top.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('3');
  // Nothing sold here was bought from a customer: no cost, no margin.
  await expect(top.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('—');
  await expect(top.getByRole('row').nth(2)).toContainText(second!.name);
  await expect(top.getByRole('row').nth(2).getByRole('cell').nth(2)).toHaveText('2');
  await expect(top).not.toContainText(unsold!.name);

  const latest = page.getByRole('region', { name: 'Latest Cards Sold' });
  const lines = latest.getByRole('row');
  await expect(lines).toHaveCount(4);
  // Newest first: the second order's two lines, then the first order's.
  await expect(lines.nth(1)).toContainText(two);
  await expect(lines.nth(2)).toContainText(two);
  await expect(lines.nth(3)).toContainText(one);
  await expect(lines.nth(3)).toContainText(first!.name);
  await expect(lines.nth(3).getByRole('cell').nth(3)).toHaveText('2');
  await expect(page.getByText(m.noSales)).toHaveCount(0);
});

test('a shop without confirmed orders sees "No sales yet."', async ({ page, context, request }) => {
  const account = await registerShop(request);
  const [card] = await pricedCards(request, 'angel', 1, { distinctNames: true });
  await stock(request, account, [{ card: card!, quantity: 4 }]);
  // A pending order is not a sale yet.
  await counterOrder(request, account, [{ card: card!, quantity: 1 }]);
  await useSession(context, account);

  await page.goto('/stats');
  await expect(figure(page, 'Total Orders')).toHaveText('0');
  await expect(figure(page, 'Cards Sold')).toHaveText('0');
  await expect(figure(page, 'Total Cards in Shop')).toHaveText('3');
  // The chart and both tables.
  await expect(page.getByText(m.noSales)).toHaveCount(3);
  await expect(page.getByRole('img', { name: /Orders over time/ })).toHaveCount(0);
});

test('shows the loading text, then the HTTP status of a failed call', async ({ page, context, request }) => {
  await useSession(context, await registerShop(request));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(urlOf('statsSummary'), async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
  });

  await page.goto('/stats');
  await expect(page.getByText(m.loading)).toBeVisible();
  release();
  await expect(page.getByRole('alert')).toHaveText(`${m.error}: ${m.httpError(503)}`);
  await expect(page.getByText(m.loading)).toHaveCount(0);
});

test('the owner raises the low-stock threshold in Settings, and Statistics lists what is running low', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Low Shelf Games');
  const [few, many] = await pricedCards(request, 'dragon', 2, { distinctNames: true });
  await stock(request, account, [
    { card: few!, quantity: 2 },
    { card: many!, quantity: 9 },
  ]);
  await useSession(context, account);

  await page.goto('/stats');
  const low = page.getByRole('region', { name: m.lowStockTitle });
  // A new shop's threshold is 0: what sold out, not every row it holds few of.
  await expect(low.getByText(m.lowStockIntro(0))).toBeVisible();
  await expect(low.getByText(m.lowStockNone)).toBeVisible();

  await low.getByRole('link', { name: m.lowStockSettings }).click();
  await expect(page).toHaveURL(/\/shop-settings$/);
  const form = page.getByRole('form', { name: 'Shop settings' });
  await form.getByLabel(messages.settings.lowStockLabel).fill('3');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(messages.settings.saved)).toBeVisible();

  await page.goto('/stats');
  await expect(low.getByText(m.lowStockIntro(3))).toBeVisible();
  const rows = low.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(few!.name);
  await expect(rows.nth(1)).toContainText('Non-Foil · NM');
  await expect(rows.nth(1)).toContainText('2');
});

test('a long Low Stock list shows ten lines and the rest on "Show all"; Top Selling keeps its Margin in view', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Single Copy Cards');
  const cards = await pricedCards(request, 'of', 12, { distinctNames: true });
  await stock(
    request,
    account,
    cards.map((card) => ({ card, quantity: 1 })),
  );
  bodyOf(await api(request, account).call('settingsSave', { subdomain: '', shop_hidden: 1, low_stock_threshold: 1 }));
  await counterOrder(request, account, [{ card: cards[0]!, quantity: 1 }], { confirmed: true });
  await useSession(context, account);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/stats');
  const low = page.getByRole('region', { name: m.lowStockTitle });
  await expect(low.getByRole('row')).toHaveCount(1 + 10);
  await low.getByRole('button', { name: m.lowStockShowAll(12) }).click();
  await expect(low.getByRole('row')).toHaveCount(1 + 12);
  await expect(low.getByRole('button', { name: m.lowStockShowAll(12) })).toHaveCount(0);

  // Every column of Top Selling Cards is inside its box: nothing to scroll sideways to.
  const top = page.getByRole('region', { name: 'Top Selling Cards' });
  await expect(top.getByRole('row')).toHaveCount(2);
  const wrap = top.locator('.table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), `at ${width} px`).toBeLessThanOrEqual(0);
  }
});
