import { messages, type RouteCallInput } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { isCall } from './support/api.ts';
import { registerShop, sealedProduct } from './support/seed.ts';

const m = messages.sealed;

async function addViaApi(
  request: APIRequestContext,
  account: Account,
  name: string,
  extra: Partial<RouteCallInput<'sealedAdd'>> = {},
) {
  await sealedProduct(request, account, {
    name,
    category: 'Bundle',
    set_code: 'dsk',
    price: 49.99,
    quantity: 2,
    ...extra,
  });
}

const sealedSection = (page: Page) => page.getByRole('region', { name: m.title });

test('an owner adds, edits, filters and removes sealed products', async ({ page, context, request }) => {
  await useSession(context, await registerShop(request, 'Sealed Vault'));
  const sends: string[] = [];
  page.on('request', (r) => {
    if (isCall(r, 'sealedAdd', 'sealedEdit')) sends.push(r.url());
  });
  await page.goto('/inventory-management');
  const section = sealedSection(page);
  await expect(section.getByRole('heading', { name: m.title })).toBeVisible();
  await expect(section.getByText(m.empty)).toBeVisible();

  // The form's own checks speak the server's words and send nothing.
  await section.getByRole('button', { name: m.addButton }).click();
  const add = page.getByRole('dialog', { name: m.addTitle });
  await add.getByRole('button', { name: m.addConfirm }).click();
  await expect(add.getByRole('alert')).toHaveText(m.nameRequired);
  await add.getByLabel('Name').fill('Bloomburrow Collector Booster Box');
  await add.getByLabel('Category').selectOption('Collector Booster');
  await add.getByLabel('Set code').fill('blb');
  await add.getByLabel('Price ($)').fill('1.005');
  await add.getByRole('button', { name: m.addConfirm }).click();
  await expect(add.getByRole('alert')).toHaveText(m.priceCents);
  expect(sends).toEqual([]);

  await add.getByLabel('Price ($)').fill('289.5');
  await add.getByLabel('Quantity').fill('4');
  // A barcode with a wrong check digit is refused before anything is sent; a scanned one, spaces and all, is kept.
  await add.getByLabel(m.upcLabel).fill('036000291453');
  await add.getByRole('button', { name: m.addConfirm }).click();
  await expect(add.getByRole('alert')).toHaveText(m.upcInvalid);
  expect(sends).toEqual([]);
  await add.getByLabel(m.upcLabel).fill('0 36000 29145 2');
  // Where the boxes are kept (issue 41): shown in its own column.
  await add.getByLabel(messages.inventory.location).fill('Shelf B');
  await add.getByRole('button', { name: m.addConfirm }).click();
  await expect(page.getByText(m.added(4, 'Bloomburrow Collector Booster Box'))).toBeVisible();
  await expect(add).toBeHidden();
  const box = section.getByRole('row', { name: /Bloomburrow Collector Booster Box/ });
  await expect(box.getByRole('cell')).toHaveText([
    'Bloomburrow Collector Booster Box',
    'Collector Booster',
    'BLB',
    '$289.50',
    '4',
    'Shelf B',
    /Edit.*Delete/,
  ]);

  // Keyboard: Enter in a field submits the form.
  await section.getByRole('button', { name: m.addButton }).click();
  await add.getByLabel('Name').fill('Duskmourn Bundle');
  await add.getByLabel('Category').selectOption('Bundle');
  await add.getByLabel('Set code').fill('DSK');
  await add.getByLabel('Price ($)').fill('44.99');
  await add.getByLabel('Quantity').fill('2');
  await add.getByLabel('Quantity').press('Enter');
  await expect(page.getByText(m.added(2, 'Duskmourn Bundle'))).toBeVisible();
  await expect(section.locator('tbody tr')).toHaveCount(2);

  // Edit price and quantity; 0 shows as out of stock.
  await box.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: m.editTitle });
  await expect(edit.getByLabel('Name')).toHaveValue('Bloomburrow Collector Booster Box');
  await expect(edit.getByLabel('Price ($)')).toHaveValue('289.50');
  await expect(edit.getByLabel(m.upcLabel)).toHaveValue('036000291452');
  await edit.getByLabel('Price ($)').fill('275');
  await edit.getByLabel('Quantity').fill('0');
  await edit.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.updated)).toBeVisible();
  await expect(box.getByRole('cell').nth(3)).toHaveText('$275.00');
  await expect(box.getByRole('cell').nth(4)).toHaveText(m.outOfStock);

  // What the server refuses shows in red in the dialog, which stays open.
  const bundle = section.getByRole('row', { name: /Duskmourn Bundle/ });
  await bundle.getByRole('button', { name: 'Edit' }).click();
  await edit.getByLabel('Name').fill('Bloomburrow Collector Booster Box');
  await edit.getByLabel('Category').selectOption('Collector Booster');
  await edit.getByLabel('Set code').fill('BLB');
  await edit.getByRole('button', { name: m.save }).click();
  await expect(edit.getByRole('alert')).toHaveText(m.duplicate);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Filter by name, category or set code.
  const filter = section.getByLabel(m.filterPlaceholder);
  await filter.fill('DSK');
  await expect(section.locator('tbody tr')).toHaveCount(1);
  await expect(bundle).toBeVisible();
  await filter.fill('collector');
  await expect(section.locator('tbody tr')).toHaveCount(1);
  await expect(box).toBeVisible();
  await filter.fill('sleeves');
  await expect(section.getByText(m.noMatch('sleeves'))).toBeVisible();
  await filter.fill('');
  await expect(section.locator('tbody tr')).toHaveCount(2);

  // Delete asks first; Cancel keeps the product.
  await bundle.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: m.removeTitle });
  await expect(confirm.getByText(m.confirmRemove('Duskmourn Bundle'))).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(bundle).toBeVisible();
  await bundle.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: m.remove }).click();
  await expect(page.getByText(m.deleted('Duskmourn Bundle'))).toBeVisible();
  await expect(bundle).toHaveCount(0);
  await expect(section.locator('tbody tr')).toHaveCount(1);
});

test('sealed stock pages 50 at a time', async ({ page, context, request }) => {
  const account = await registerShop(request);
  for (let i = 1; i <= 51; i++) await addViaApi(request, account, `Pack ${String(i).padStart(2, '0')}`);
  await useSession(context, account);
  await page.goto('/inventory-management');
  const section = sealedSection(page);
  await expect(section.locator('tbody tr')).toHaveCount(50);
  const pages = section.getByRole('navigation', { name: m.pagesLabel });
  await expect(pages.getByLabel('Page number')).toHaveValue('1');
  await expect(pages).toContainText('of 2');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(section.locator('tbody tr')).toHaveCount(1);
  await expect(section.getByRole('row', { name: /Pack 51/ })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  // The singles table keeps its own pagination, named apart.
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(1);
  // A filter starts again from the first page.
  await section.getByLabel(m.filterPlaceholder).fill('pack 0');
  await expect(section.locator('tbody tr')).toHaveCount(9);
  await expect(pages).toBeHidden();
});

test('a Watcher sees sealed stock without add, edit or delete controls', async ({ page, context, request }) => {
  const account = await registerShop(request);
  await addViaApi(request, account, 'Duskmourn Bundle');
  await addViaApi(request, account, 'Duskmourn Play Booster', { category: 'Booster Pack', price: 5.49, quantity: 0 });
  await useSession(context, account, 'Watcher');
  await page.goto('/inventory-management');
  const section = sealedSection(page);
  await expect(section.locator('tbody tr')).toHaveCount(2);
  await expect(section.getByRole('row', { name: /Duskmourn Play Booster/ })).toContainText(m.outOfStock);
  await expect(section.getByRole('button', { name: m.addButton })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(section.getByLabel(m.filterPlaceholder)).toBeVisible();
});
