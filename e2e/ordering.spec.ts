import { cookies, messages } from '@cardstock/contract';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf, isCall, urlOf } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { pendingOrders } from './support/orders.ts';
import { registerShop, stockCard } from './support/seed.ts';

const m = messages.ordering;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

/** Every window.alert the page raises, accepted. */
function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

const cardTile = (page: Page, name: string) => page.getByRole('article', { name });
const cartLines = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem', { name: /./ });

async function addToCart(page: Page, name: string, quantity: string) {
  const tile = cardTile(page, name);
  await tile.getByLabel(`Quantity of ${name}`).fill(quantity);
  await tile.getByRole('button', { name: `Add ${name} to cart` }).click();
}

test('add cards, merge, refuse above stock, place the order and find it pending', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Counter Culture');
  const boltId = await stockCard(request, account, 'Lightning Bolt', 2);
  const counterId = await stockCard(request, account, 'Counterspell', 5);
  await useSession(context, account);
  const seen = alerts(page);

  await page.goto('/ordering');
  await expect(page.getByRole('heading', { name: 'Counter Culture' })).toBeVisible();
  await expect(page.getByRole('link', { name: messages.common.backToDashboard })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(cardTile(page, 'Lightning Bolt')).toContainText(messages.storefront.inStock(2));
  await expect(cardTile(page, 'Counterspell')).toContainText(messages.storefront.inStock(5));

  // Asking for more than the stock.
  await addToCart(page, 'Lightning Bolt', '3');
  await expect.poll(() => seen).toEqual([m.onlyAvailable(2)]);
  await expect(cartLines(page)).toHaveCount(0);

  // All of it, then one more: the merge would go above the stock.
  await addToCart(page, 'Lightning Bolt', '2');
  await expect(cartLines(page)).toHaveCount(1);
  await addToCart(page, 'Lightning Bolt', '1');
  await expect.poll(() => seen).toEqual([m.onlyAvailable(2), m.cannotAddMore(2)]);

  // The same card and finish twice is one line; an invalid quantity counts as 1.
  await addToCart(page, 'Counterspell', '2');
  await addToCart(page, 'Counterspell', '');
  await expect(cartLines(page)).toHaveCount(2);
  const counterLine = page.getByRole('listitem', { name: 'Counterspell' });
  await expect(counterLine).toContainText('3 ×');
  await expect(page.getByRole('listitem', { name: 'Lightning Bolt' })).toContainText('2 ×');

  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = page.getByRole('status').getByText(/^Order placed successfully!/);
  await expect(placed).toContainText(/Order placed successfully! Order number: \d{8}-\S+/);
  const orderNumber = /Order number: (\S+)$/.exec((await placed.textContent()) ?? '')![1]!;
  await expect(page.getByText(m.placed(orderNumber), { exact: true })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(0);

  // The stock went with the order: the bolts are gone from the shelf and cannot be added.
  await expect(cardTile(page, 'Lightning Bolt')).toContainText(messages.storefront.outOfStock);
  await expect(cardTile(page, 'Lightning Bolt').getByRole('button')).toHaveCount(0);
  await expect(cardTile(page, 'Counterspell')).toContainText(messages.storefront.inStock(2));

  const order = (await pendingOrders(request, account)).find((o) => o.order_number === orderNumber);
  expect(order?.status).toBe('pending');
  const lines = order!.items.map((i) => [i.scryfall_id, i.finish, i.quality, i.quantity]).sort();
  expect(lines).toEqual(
    [
      [boltId, 'nonfoil', 'NM', 2],
      [counterId, 'nonfoil', 'NM', 3],
    ].sort(),
  );
});

test("placing an empty cart says 'Cart is empty'", async ({ page, context, request }) => {
  const account = await registerShop(request);
  await stockCard(request, account, 'Serra Angel', 1);
  await useSession(context, account);
  const seen = alerts(page);
  await page.goto('/ordering');
  await expect(cardTile(page, 'Serra Angel')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect.poll(() => seen).toEqual([m.cartEmpty]);
  expect(await pendingOrders(request, account)).toEqual([]);
});

test('a network failure keeps the cart; the retry reuses the Idempotency-Key', async ({ page, context, request }) => {
  const account = await registerShop(request);
  await stockCard(request, account, 'Dark Ritual', 4);
  await useSession(context, account);
  await page.goto('/ordering');
  await addToCart(page, 'Dark Ritual', '2');

  const keys: string[] = [];
  await page.route(urlOf('placeOrder'), async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.abort('connectionrefused');
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: m.network })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await page.unroute(urlOf('placeOrder'));

  const retry = page.waitForRequest(urlOf('placeOrder'));
  await page.getByRole('button', { name: 'Place Order' }).click();
  expect((await retry).headers()['idempotency-key']).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText(/Order placed successfully! Order number: /)).toBeVisible();
  expect(await pendingOrders(request, account)).toHaveLength(1);
});

test('a refusal shows the server message', async ({ page, context, request }) => {
  const account = await registerShop(request);
  const id = await stockCard(request, account, 'Giant Growth', 3);
  await useSession(context, account);
  await page.goto('/ordering');
  await addToCart(page, 'Giant Growth', '3');
  // Someone else sells two in the meantime.
  bodyOf(
    await api(request, account).call('inventoryEdit', {
      scryfall_id: id,
      quality: 'NM',
      finish: 'nonfoil',
      quantity: 1,
    }),
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.ordersServer.notEnough('Giant Growth', 1));
  await expect(cartLines(page)).toHaveCount(1);
});

test('search with suggestions pauses the refresh; clearing returns to the inventory', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request);
  await useSession(context, account);
  await page.goto('/ordering');
  await expect(page.getByText(m.noInventory)).toBeVisible();

  await stockCard(request, account, 'Lightning Bolt', 2);
  await stockCard(request, account, 'Llanowar Elves', 1);
  // Browsing refreshes on its own every 5 s.
  await expect(page.getByRole('article')).toHaveCount(2, { timeout: 8000 });

  const box = page.getByRole('combobox', { name: 'Search inventory' });
  await box.fill('l');
  await page.waitForTimeout(700);
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
  await box.fill('lightning bo');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(5);
  await options.filter({ hasText: 'Lightning Bolt' }).first().click();
  await expect(box).toHaveValue('Lightning Bolt');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(cardTile(page, 'Lightning Bolt')).toBeVisible();

  // While the box holds text, the inventory is not reloaded.
  await stockCard(request, account, 'Counterspell', 1);
  await box.fill('zzzz');
  await box.press('Enter');
  await expect(page.getByText(m.noResults)).toBeVisible();
  let reloads = 0;
  page.on('request', (r) => {
    if (isCall(r, 'search') && r.postDataJSON()?.q === '*') reloads += 1;
  });
  await page.waitForTimeout(6000);
  expect(reloads).toBe(0);
  await expect(page.getByText(m.noResults)).toBeVisible();

  // Keyboard: the arrow keys walk the suggestions, Enter picks one.
  await box.fill('llanowar');
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  const at = names.findIndex((n) => n.startsWith('Llanowar Elves'));
  expect(at).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= at; i += 1) await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue('Llanowar Elves');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(cardTile(page, 'Llanowar Elves')).toBeVisible();

  await box.fill('');
  await expect(page.getByRole('article')).toHaveCount(3);
  expect(reloads).toBeGreaterThanOrEqual(1);
});

test('suggestions offer only names the shop has in stock, not the whole card database', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request);
  await stockCard(request, account, 'Lightning Bolt', 2);
  // The card database knows other names starting so; this shop holds none of them.
  const catalog = bodyOf(await api(request).call('suggest', { q: 'light' }));
  expect(catalog.map((s) => s.name)).toEqual(expect.arrayContaining(['Lightning Strike', 'Lightless Evangel']));

  await useSession(context, account);
  await page.goto('/ordering');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Search inventory' }).fill('light');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('Lightning Bolt');

  // Sold out, it is no longer offered.
  const owner = api(request, account);
  const [row] = bodyOf(await owner.call('search', { q: '*' })).data.hits;
  bodyOf(
    await owner.call('inventoryEdit', { scryfall_id: row!.scryfallId, finish: 'nonfoil', quality: 'NM', quantity: 0 }),
  );
  await page.reload();
  await page.getByRole('combobox', { name: 'Search inventory' }).fill('lightning');
  await page.waitForResponse((r) => isCall(r, 'shopSuggest'));
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
});

test('without the shopname cookie the screen sends to /login', async ({ page, context, request }) => {
  const account = await registerShop(request);
  await useSession(context, account);
  await context.clearCookies({ name: cookies.shopName });
  await page.goto('/ordering');
  await expect(page).toHaveURL(/\/login$/);
});

test('a Watcher browses the stock without add controls or a cart, told who places orders', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Watchful Games');
  await stockCard(request, account, 'Lightning Bolt', 3);
  await useSession(context, account, 'Watcher');
  await page.goto('/ordering');
  await expect(cardTile(page, 'Lightning Bolt')).toContainText(messages.storefront.inStock(3));
  await expect(page.getByRole('button', { name: /to cart$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
  await expect(page.getByText(m.browseOnly)).toBeVisible();
});
