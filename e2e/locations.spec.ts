import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { registerShop, stock } from './support/seed.ts';

const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('storage locations: set one in Edit (the shop’s places suggested), put a search’s rows in a box, find them with loc:', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Binder Barn');
  const cards = await pricedCards(request, 'dragon', 3, { distinctNames: true });
  await stock(
    request,
    account,
    cards.map((card, i) => ({
      card,
      quantity: 2,
      foil: false,
      quality: 'NM',
      ...(i === 0 ? { location: 'Binder 1' } : {}),
    })),
  );
  await useSession(context, account);
  await page.goto('/inventory-management');
  const table = page.getByRole('table').first();
  const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(rowOf(cards[0]!.name).locator('.inventory-location')).toHaveText('Binder 1');

  // Edit: the field suggests the shop's places; a new one is kept and shown in the table.
  await rowOf(cards[1]!.name).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  const field = edit.getByLabel(m.location);
  await expect(field).toHaveValue('');
  await expect(edit.locator('datalist option')).toHaveCount(1);
  await expect(edit.locator('datalist option')).toHaveAttribute('value', 'Binder 1');
  await field.fill('Binder 2 p4');
  await field.press('Enter');
  await expect(page.getByText(messages.inventoryServer.updated)).toBeVisible();
  await expect(rowOf(cards[1]!.name).locator('.inventory-location')).toHaveText('Binder 2 p4');

  // Set location for a search: only the rows it finds move, in one go.
  await page.getByLabel(m.searchPlaceholder).fill(cards[2]!.name);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: m.locateButton }).click();
  const locate = page.getByRole('dialog', { name: m.locateTitle });
  await expect(locate).toContainText(m.locateScope(1, cards[2]!.name));
  await locate.getByLabel(m.location).fill('Box A-04');
  await page.screenshot({ path: test.info().outputPath('locate-dialog.png') });
  await locate.getByRole('button', { name: m.locateApply('Box A-04') }).click();
  await expect(page.getByText(messages.inventoryServer.located(1, 'Box A-04'))).toBeVisible();
  await expect(locate).toBeHidden();

  // loc: finds rows by where they are kept, any case, part of the name of the place.
  await page.getByLabel(m.searchPlaceholder).fill('loc:a-04');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(rowOf(cards[2]!.name).locator('.inventory-location')).toHaveText('Box A-04');
  await page.getByLabel(m.searchPlaceholder).fill('loc:binder');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('inventory-locations.png'), fullPage: true });
});
