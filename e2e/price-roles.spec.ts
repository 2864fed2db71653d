import { messages } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { openAddDetail, printingLabel } from './support/inventory.ts';
import { registerShop, sealedProduct, stock } from './support/seed.ts';

/** Issue 38 in the browser: an Employee sees prices but cannot change them; the Add dialog takes an asking price. */
const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

async function shot(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

async function stockedShop(request: APIRequestContext): Promise<{ account: Account; name: string }> {
  const account = await registerShop(request, 'Price Rule Games');
  const [card] = await pricedCards(request, 'lightning bolt', 1);
  await stock(request, account, [{ card: card!, quantity: 4 }]);
  await sealedProduct(request, account, {
    name: 'Play Booster Box',
    category: 'Booster Box',
    price: 120,
    quantity: 2,
  });
  return { account, name: card!.name };
}

test('an Employee sees the asking price read-only, and no way to add a sealed product', async ({
  page,
  context,
  request,
}) => {
  const { account, name } = await stockedShop(request);
  await useSession(context, account, 'Employee');
  await page.goto('/inventory-management');

  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await expect(edit.getByLabel(m.askingPrice)).toHaveAttribute('readonly', '');
  await expect(edit.getByText(m.askingPriceOwnerOnly)).toBeVisible();
  await shot(page, 'employee-edit');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('button', { name: messages.sealed.addButton })).toHaveCount(0);
  await page
    .getByRole('row', { name: /Play Booster Box/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  const sealed = page.getByRole('dialog', { name: messages.sealed.editTitle });
  await expect(sealed.getByLabel('Price ($)')).toHaveAttribute('readonly', '');
  await shot(page, 'employee-sealed-edit');
});

test('the Owner adds copies with an asking price in the Add dialog', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Add Price Games');
  const [card] = await pricedCards(request, 'lightning bolt', 1);
  await useSession(context, account);
  await page.goto('/inventory-management');
  const detail = await openAddDetail(page, card!.name, await printingLabel(request, card!.id));
  const price = detail.getByLabel(m.askingPrice);
  await price.fill('0');
  await expect(detail.getByText(m.askingPriceInvalid)).toBeVisible();
  await expect(detail.getByRole('button', { name: m.addToInventory })).toBeDisabled();
  await price.fill('3.25');
  await shot(page, 'owner-add-price');
  await page.setViewportSize({ width: 1440, height: 900 });
  await detail.getByRole('button', { name: m.addToInventory }).click();
  const row = page.getByRole('row', { name: new RegExp(card!.name) });
  await expect(row).toContainText('$3.25');
  await expect(row).toContainText(m.priceOwn);
});
