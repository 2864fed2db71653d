import { messages } from '@cardstock/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { registerShop, stock } from './support/seed.ts';

const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

/** Adds the first `count` cards found by `q` that are printed without foil, two copies each. */
async function addViaApi(request: APIRequestContext, account: Account, q: string, count: number) {
  const client = api(request);
  let added = 0;
  for (const hit of bodyOf(await client.call('cardSearch', { q })).data) {
    const card = bodyOf(await client.call('card', { id: hit.id }));
    if (!card.finishes.includes('nonfoil')) continue;
    await stock(request, account, [{ card, quantity: 2, foil: false, quality: 'NM' }]);
    if (++added === count) return;
  }
  throw new Error(`Only ${added} nonfoil printings for "${q}"`);
}

test('add a card through the three dialogs, see it, edit its quantity', async ({ page, context, request }) => {
  await useSession(context, await registerShop(request, 'Binder Barn'));
  await page.goto('/inventory-management');
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();

  await page.getByRole('button', { name: 'Add Card' }).click();
  const search = page.getByRole('dialog', { name: 'Add Card to Inventory' });
  await search.getByLabel('Card name').fill('l');
  await expect(search.getByRole('list', { name: 'Suggestions' })).toHaveCount(0);
  await search.getByLabel('Card name').fill('lightning bolt');
  await search
    .getByRole('button', { name: /Lightning Bolt/ })
    .first()
    .click();

  const sets = page.getByRole('dialog', { name: 'Select Set for Lightning Bolt' });
  await expect(sets.getByRole('list', { name: 'Printings' }).getByRole('listitem').first()).toBeVisible();
  const withBoth = sets.getByRole('button').filter({ hasText: m.foilAndNonfoil }).first();
  await withBoth.click();

  const detail = page.getByRole('dialog', { name: 'Lightning Bolt' });
  const foil = detail.getByLabel('Foil');
  await expect(foil).not.toBeChecked();
  await foil.check();
  await detail.getByLabel('Quality').selectOption('LP');
  await detail.getByLabel('Quantity').fill('3');
  await detail.getByRole('button', { name: m.addToInventory }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  await expect(detail).toBeHidden();

  const row = page.getByRole('row', { name: /Lightning Bolt/ });
  await expect(row).toContainText('Foil');
  await expect(row).toContainText('LP');
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await expect(row.getByRole('link', { name: 'Lightning Bolt' })).toHaveAttribute('target', '_blank');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await expect(edit.getByLabel('Quality')).toHaveValue('LP');
  await expect(edit.getByLabel('Quality')).not.toBeEditable();
  await edit.getByLabel('Quantity').fill('7');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.inventoryServer.updated)).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText('7');
});

test('a nonfoil-only printing shows "Nonfoil Only" instead of the Foil box', async ({ page, context, request }) => {
  await useSession(context, await registerShop(request));
  await page.goto('/inventory-management');
  await page.getByRole('button', { name: 'Add Card' }).click();
  await page.getByLabel('Card name').fill('air elemental');
  await page
    .getByRole('button', { name: /Air Elemental/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: /Select Set/ })
    .getByRole('button')
    .filter({ hasText: m.nonfoilOnly })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'Air Elemental' });
  await expect(detail.getByText(m.nonfoilOnly)).toBeVisible();
  await expect(detail.getByLabel('Foil')).toHaveCount(0);
});

test('live search narrows the table and hides pagination; pages clamp at 1', async ({ page, context, request }) => {
  const account = await registerShop(request);
  // Sixty rows: two pages of fifty.
  await addViaApi(request, account, 'el', 20);
  await addViaApi(request, account, 'dr', 15);
  await addViaApi(request, account, 'go', 15);
  await addViaApi(request, account, 'an', 10);
  await useSession(context, account);
  await page.goto('/inventory-management');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toBeVisible();
  const box = pages.getByLabel('Page number');
  await box.fill('-4');
  await box.press('Enter');
  await expect(box).toHaveValue('1');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(box).toHaveValue('2');
  await pages.getByRole('button', { name: 'Back' }).click();
  await expect(box).toHaveValue('1');
  await expect(pages.getByRole('button', { name: 'Back' })).toBeDisabled();

  const before = await page.locator('tbody tr').count();
  await page.getByLabel(m.searchPlaceholder).fill('air elem');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(pages).toBeHidden();
  expect(before).toBeGreaterThan(1);
  await page.getByLabel(m.searchPlaceholder).fill('a');
  await expect(pages).toBeVisible();
  await page.getByLabel(m.searchPlaceholder).fill('power>3');
  await expect(page.getByText(/Unknown search term "power>"/)).toBeVisible();
});

test('delete all waits five seconds, then empties the inventory', async ({ page, context, request }) => {
  const account = await registerShop(request);
  await addViaApi(request, account, 'dragon', 3);
  await useSession(context, account);
  await page.goto('/inventory-management');
  await expect(page.locator('tbody tr')).toHaveCount(3);

  await page.getByRole('button', { name: 'Mass Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Delete' });
  await expect(dialog.getByText(m.deleteWarning)).toBeVisible();
  await expect(dialog.getByText(m.cannotUndo)).toBeVisible();
  await expect(dialog.getByText(m.sealedKept)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: m.deleteAll });
  await expect(dialog.getByRole('status')).toHaveText(m.countdown(5));
  await expect(confirm).toBeDisabled();
  // Closing resets the countdown.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Mass Delete' }).click();
  await expect(dialog.getByRole('status')).toHaveText(m.countdown(5));
  await expect(dialog.getByRole('status')).toHaveText(m.canConfirm, { timeout: 8000 });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText('Deleted 3 inventory items.')).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
});

test('a Watcher sees the inventory without add, edit or delete controls', async ({ page, context, request }) => {
  const account = await registerShop(request);
  await addViaApi(request, account, 'goblin', 2);
  await useSession(context, account, 'Watcher');
  await page.goto('/inventory-management');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add Card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mass Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('a search term the search does not know is said so, with the terms it knows, not as an empty inventory', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request);
  await addViaApi(request, account, 'dragon', 1);
  await useSession(context, account);
  await page.goto('/inventory-management');
  await page.getByLabel(m.searchPlaceholder).fill('price>10');
  const refusal = page.getByRole('alert').filter({ hasText: 'Unknown search term "price>"' });
  await expect(refusal).toContainText('usd>');
  await expect(page.getByText(m.empty)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('inventory-unknown-term-1440.png') });

  // The ordering screen says the same instead of "No cards found for your search".
  await page.goto('/ordering');
  const box = page.getByPlaceholder('Search cards in stock (Enter to search)');
  await box.fill('price>10');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown search term "price>"' })).toContainText('usd>');
  await expect(page.getByText(messages.ordering.noResults)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('ordering-unknown-term-390.png') });
});
