import { defaultPricingRule, messages, priceCents } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { openAddDetail, printingLabel } from './support/inventory.ts';
import { pendingOrders } from './support/orders.ts';
import { counterOrder, registerShop, stock } from './support/seed.ts';

/** Issue 22 in the browser: a German copy is a stock row of its own, from the Add dialog to the pending order. */
const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('German copies are added in the dialog, found by lang:de, sold from /ordering and shown on the order', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Sprachen Spiele');
  const [bolt] = await pricedCards(request, 'lightning bolt', 1);
  const printing = await printingLabel(request, bolt!.id);
  // Two English copies of the same printing, from the API as the spec's clients add them (no language).
  await stock(request, account, [{ card: bolt!, quantity: 2, foil: false, quality: 'NM' }]);

  await useSession(context, account);
  await page.goto('/inventory-management');
  const detail = await openAddDetail(page, 'Lightning Bolt', printing);
  await expect(detail.getByLabel('Language')).toHaveValue('en');
  await detail.getByLabel('Language').selectOption({ label: 'German' });
  await detail.getByLabel('Quantity').fill('3');
  await detail.getByRole('button', { name: m.addToInventory }).click();
  await expect(page.getByText(m.added)).toBeVisible();

  // Two rows of one printing: English and German, each with its own count.
  const rows = page.getByRole('row', { name: /Lightning Bolt/ });
  await expect(rows).toHaveCount(2);
  const german = rows.filter({ hasText: 'German' });
  await expect(german.getByRole('cell').nth(4)).toHaveText('3');
  await expect(rows.filter({ hasText: 'English' }).getByRole('cell').nth(4)).toHaveText('2');

  // The live search finds one language; the Edit dialog names the row's language and edits that row only.
  await page.getByRole('searchbox', { name: m.searchPlaceholder }).fill('lang:de');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('German');
  await german.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await expect(edit).toContainText('German');
  await edit.getByLabel('Quantity').fill('4');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.inventoryServer.updated)).toBeVisible();
  await page.getByRole('searchbox', { name: m.searchPlaceholder }).fill('');
  await expect(rows).toHaveCount(2);
  await expect(german.getByRole('cell').nth(4)).toHaveText('4');
  await expect(rows.filter({ hasText: 'English' }).getByRole('cell').nth(4)).toHaveText('2');

  // On /ordering the German copies are a tile of their own, tagged; the cart line says German.
  await page.goto('/ordering');
  const tiles = page.getByRole('article', { name: 'Lightning Bolt' });
  await expect(tiles).toHaveCount(2);
  const germanTile = tiles.filter({ hasText: 'German' });
  await expect(germanTile).toContainText(messages.storefront.inStock(4));
  await germanTile.getByLabel('Quantity of Lightning Bolt').fill('2');
  await germanTile.getByRole('button', { name: 'Add Lightning Bolt to cart' }).click();
  const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem', { name: 'Lightning Bolt' });
  await expect(line).toContainText('German');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').getByText(/^Order placed successfully!/)).toBeVisible();
  await expect(germanTile).toContainText(messages.storefront.inStock(2));

  const [order] = await pendingOrders(request, account);
  expect(order!.items.map((i) => [i.scryfall_id, i.language, i.quantity])).toEqual([[bolt!.id, 'de', 2]]);

  // The pending order tags the line as German.
  await page.goto('/order-management');
  await page.getByRole('row').filter({ hasText: order!.order_number }).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByRole('row').filter({ hasText: 'Lightning Bolt' }).getByLabel('German')).toHaveText('DE');
});

test('the owner prices Japanese copies at 150 % of English in Settings; the table shows it and the order charges it', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Nihongo Cards');
  const [card] = await pricedCards(request, 'lightning bolt', 1);
  const usd = bodyOf(await api(request).call('card', { id: card!.id })).prices.usd;
  const marketCents = Math.round(Number(usd) * 100);
  await stock(request, account, [
    { card: card!, quantity: 2, foil: false, quality: 'NM', language: 'en' },
    { card: card!, quantity: 2, foil: false, quality: 'NM', language: 'ja' },
  ]);
  const dollars = (cents: number | null) => `$${(cents! / 100).toFixed(2)}`;
  const english = dollars(priceCents({ askingCents: null, marketCents, quality: 'NM' }));
  const rule = { ...defaultPricingRule, language_percent: { ja: 150 } };
  const japanese = dollars(priceCents({ askingCents: null, marketCents, quality: 'NM', language: 'ja', rule }));
  expect(japanese).not.toBe(english);

  await useSession(context, account);
  await page.goto('/shop-settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  await form.getByText('Prices by language').click();
  await expect(form.getByLabel('Japanese')).toHaveValue('100');
  await form.getByLabel('Japanese').fill('');
  await expect(form.getByText('The Japanese percentage must be a number.')).toBeVisible();
  await form.getByLabel('Japanese').fill('150');
  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(messages.settings.saved)).toBeVisible();
  await reloaded;
  await form.getByText('Prices by language').click();
  await expect(form.getByLabel('Japanese')).toHaveValue('150');
  await expect(form.getByLabel('German')).toHaveValue('100');

  await page.goto('/inventory-management');
  const rows = page.getByRole('row', { name: new RegExp(card!.name) });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Japanese' }).getByRole('cell').nth(7)).toContainText(japanese);
  await expect(rows.filter({ hasText: 'English' }).getByRole('cell').nth(7)).toContainText(english);

  await counterOrder(request, account, [{ card: card!, finish: 'nonfoil', quantity: 1, language: 'ja' }]);
  const [order] = await pendingOrders(request, account);
  expect(order!.items.map((i) => [i.language, `$${i.price.toFixed(2)}`])).toEqual([['ja', japanese]]);
});
