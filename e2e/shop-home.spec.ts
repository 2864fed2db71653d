import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { registerShop, stock } from './support/seed.ts';

// Air Elemental, Limited Edition Alpha #46, from the card fixture (packages/fixtures).
const AIR_ELEMENTAL = '69c3b2a3-0daa-4d42-832d-fcdfda6555ea';

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('the shop home shows the shop’s cards as 223x310 pictures leading to the card details, even while private', async ({
  context,
  page,
  request,
}) => {
  // A fresh shop is private (shop_hidden 1): its own staff still see its home page.
  const account = await registerShop(request, 'Home Sweet Hobby');
  await stock(request, account, [{ card: AIR_ELEMENTAL, quantity: 2 }]);
  const [row] = bodyOf(await api(request, account).call('inventoryList', { page: '1', filter: '' })).inventory;
  await useSession(context, account);

  await page.goto('/shop-home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home Sweet Hobby' })).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.shopHome.cardInventory })).toBeVisible();
  const links = page.locator('.shop-home-grid a');
  await expect(links).toHaveCount(1);
  const href = new URL((await links.first().getAttribute('href'))!, 'http://x');
  expect(href.pathname).toBe('/card-details');
  expect(Object.fromEntries(href.searchParams)).toEqual({
    inv_pkey: String(row!.inv_pkey),
    scryfallid: AIR_ELEMENTAL,
    shopname: 'Home Sweet Hobby',
    uuid: row!.card_uuid,
  });
  // The picture, or the placeholder that takes its place once the (blocked) image fails: measured once settled.
  const picture = links.first().locator('.card-placeholder, img').first();
  await expect
    .poll(async () => {
      const box = await picture.boundingBox();
      return [box?.width, box?.height];
    })
    .toEqual([223, 310]);

  await links.first().click();
  await expect(page).toHaveURL(/\/card-details\?/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Air Elemental');
});

test('the page search narrows the page names as you type and goes to the chosen one with Enter or a click', async ({
  context,
  page,
  request,
}) => {
  await useSession(context, await registerShop(request, 'Empty Shelves'));
  await page.goto('/shop-home');
  await expect(page.getByText(messages.ordering.noInventory)).toBeVisible();

  const search = page.getByRole('combobox', { name: messages.shopHome.goToPage });
  await search.fill('stat');
  const options = page.getByRole('option');
  await expect(options).toHaveText(['Statistics']);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/stats$/);

  await page.goto('/shop-home');
  await search.fill('zzz');
  await expect(page.getByText(messages.shopHome.noPageMatches)).toBeVisible();
  await search.fill('order');
  await expect(options).toHaveText(['Place Order', 'Order Management', 'Order History']);
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await options.nth(2).click();
  await expect(page).toHaveURL(/\/order-history$/);
});

test('without a session the shop home sends the visitor to the login', async ({ page }) => {
  await page.goto('/shop-home');
  await expect(page).toHaveURL('/login?next=%2Fshop-home');
});
