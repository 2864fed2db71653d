import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { openAddDetail, printingLabel } from './support/inventory.ts';
import { pendingOrders } from './support/orders.ts';
import { registerShop, stock } from './support/seed.ts';

/** Issue 22 in the browser: a signed copy is a stock row of its own, from the Add dialog to the order. */
const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('a signed copy added in the dialog is tagged in the inventory and on /ordering, and sold from its own row', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Autograph Alley');
  const [bolt] = await pricedCards(request, 'lightning bolt', 1);
  const printing = await printingLabel(request, bolt!.id);
  // Two plain copies of the same printing, from the API as the spec's clients add them (no flags).
  await stock(request, account, [{ card: bolt!, quantity: 2, foil: false, quality: 'NM' }]);

  await useSession(context, account);
  await page.goto('/inventory-management');
  const detail = await openAddDetail(page, 'Lightning Bolt', printing);
  await expect(detail.getByLabel('Signed')).not.toBeChecked();
  await expect(detail.getByLabel('Altered')).not.toBeChecked();
  await detail.getByLabel('Signed').check();
  await detail.getByLabel('Quantity').fill('1');
  await page.screenshot({ path: test.info().outputPath('add-signed.png') });
  await detail.getByRole('button', { name: m.addToInventory }).click();
  await expect(page.getByText(m.added)).toBeVisible();

  // Two rows of one printing: the plain one and the signed one, tagged beside the name.
  const rows = page.getByRole('row', { name: /Lightning Bolt/ });
  await expect(rows).toHaveCount(2);
  const signed = rows.filter({ hasText: 'Signed' });
  await expect(signed).toHaveCount(1);
  await expect(signed.getByRole('cell').nth(4)).toHaveText('1');
  await expect(rows.filter({ hasNotText: 'Signed' }).getByRole('cell').nth(4)).toHaveText('2');
  await page.screenshot({ path: test.info().outputPath('inventory-signed.png') });

  // The live search finds the signed copy alone; its Edit dialog shows the flag it cannot change.
  await page.getByRole('searchbox', { name: m.searchPlaceholder }).fill('is:signed');
  await expect(rows).toHaveCount(1);
  await signed.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await expect(edit.getByLabel('Signed')).toBeChecked();
  await expect(edit.getByLabel('Signed')).toBeDisabled();
  await expect(edit.getByLabel('Altered')).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('edit-signed.png') });
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The reprice preview of the search names the signed row as signed.
  await page.getByRole('button', { name: m.repriceButton }).click();
  const reprice = page.getByRole('dialog', { name: m.repriceTitle });
  await expect(reprice.getByRole('row').filter({ hasText: 'Lightning Bolt' })).toContainText('Signed');
  await reprice.getByRole('button', { name: 'Cancel' }).click();

  // On /ordering the signed copy is a tile of its own, tagged, and the cart line says so.
  await page.goto('/ordering');
  const tiles = page.getByRole('article', { name: 'Lightning Bolt' });
  await expect(tiles).toHaveCount(2);
  const signedTile = tiles.filter({ hasText: 'Signed' });
  await expect(signedTile).toContainText(messages.storefront.inStock(1));
  await page.screenshot({ path: test.info().outputPath('ordering-signed.png') });
  await signedTile.getByRole('button', { name: 'Add Lightning Bolt to cart' }).click();
  const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem', { name: 'Lightning Bolt' });
  await expect(line).toContainText('Signed');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').getByText(/^Order placed successfully!/)).toBeVisible();
  await expect(tiles.filter({ hasNotText: 'Signed' })).toContainText(messages.storefront.inStock(2));

  const [order] = await pendingOrders(request, account);
  expect(order!.items.map((i) => [i.scryfall_id, i.signed, i.altered, i.quantity])).toEqual([
    [bolt!.id, true, false, 1],
  ]);

  // The pending order tags the line as signed.
  await page.goto('/order-management');
  await page.getByRole('row').filter({ hasText: order!.order_number }).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByRole('row').filter({ hasText: 'Lightning Bolt' })).toContainText('Signed');

  // Sold out, the signed row is on Statistics' low-stock list, tagged.
  await page.goto('/stats');
  const low = page.getByRole('region', { name: messages.stats.lowStockTitle });
  await expect(low.getByRole('row').filter({ hasText: 'Lightning Bolt' })).toContainText('Signed');
});
