import { messages } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail, useSession, type Account } from './support/accounts.ts';
import { createSuperadmin } from './support/admin.ts';
import { api, bodyOf, urlOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { pendingOrders } from './support/orders.ts';
import { openTablet, pairedTablet, pairingCode, registerShop, stock, stockCard } from './support/seed.ts';

const k = messages.kiosk;
const m = messages.ordering;
const tokenKey = 'cardstock.kiosk.device_token';
const serialKey = 'cardstock.kiosk.serial_number';

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

async function removeDevice(request: APIRequestContext, account: Account, name: string): Promise<string> {
  const client = api(request, account);
  const { devices } = bodyOf(await client.call('devices')).data;
  const device = devices.find((d) => d.name === name && d.is_active);
  expect(device, JSON.stringify(devices)).toBeDefined();
  bodyOf(await client.call('removeDevice', { device_name: name, serial_number: device!.serial_number }));
  return device!.serial_number;
}

const cardTile = (page: Page, name: string) => page.getByRole('article', { name });
const cartLines = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem', { name: /./ });
const pairingAlert = (page: Page) => page.getByRole('form', { name: k.title }).getByRole('alert');
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test('a tablet pairs from the QR address, a customer orders and sees the callout; removing it unpairs', async ({
  page,
  context,
  request,
  browser,
}) => {
  const account = await registerShop(request, 'Kiosk Corner');
  await stockCard(request, account, 'Lightning Bolt', 2);
  await stockCard(request, account, 'Counterspell', 3);
  const { pairUrl } = await pairingCode(request, account);
  const address = new URL(pairUrl);
  expect(address.pathname).toBe('/kiosk');

  const { tablet, alerts } = await openTablet(browser);
  await tablet.goto(address.pathname + address.search);
  await expect(tablet.getByRole('heading', { name: 'Kiosk Corner' })).toBeVisible();
  // The single-use code leaves the address; the token lives in localStorage, not in the staff cookie.
  await expect(tablet).toHaveURL(/\/kiosk$/);
  expect(await stored(tablet, tokenKey)).toBeTruthy();
  expect(await stored(tablet, serialKey)).toMatch(/^TAB-[0-9A-F]{8}$/);
  expect(await tablet.context().cookies()).toEqual([]);
  await expect(tablet.getByRole('link', { name: messages.common.backToDashboard })).toHaveCount(0);
  await expect(tablet.getByRole('banner')).toHaveCount(0);
  await expect(tablet.getByRole('article')).toHaveCount(2);

  // Place Order with nothing in the cart.
  await tablet.getByRole('button', { name: 'Place Order' }).click();
  await expect.poll(() => alerts).toEqual([m.cartEmpty]);

  // The stepper stops at the stock; typing more meets the stock alert.
  const bolt = cardTile(tablet, 'Lightning Bolt');
  await bolt.getByLabel('Quantity of Lightning Bolt').fill('3');
  await bolt.getByRole('button', { name: 'Add Lightning Bolt to cart' }).click();
  await expect.poll(() => alerts).toEqual([m.cartEmpty, m.onlyAvailable(2)]);
  await bolt.getByLabel('Quantity of Lightning Bolt').fill('1');
  await bolt.getByRole('button', { name: 'More copies of Lightning Bolt' }).click();
  await expect(bolt.getByLabel('Quantity of Lightning Bolt')).toHaveValue('2');
  await expect(bolt.getByRole('button', { name: 'More copies of Lightning Bolt' })).toBeDisabled();
  await bolt.getByRole('button', { name: 'Add Lightning Bolt to cart' }).click();
  await expect(cartLines(tablet)).toHaveCount(1);
  await bolt.getByRole('button', { name: 'Add Lightning Bolt to cart' }).click();
  await expect.poll(() => alerts).toEqual([m.cartEmpty, m.onlyAvailable(2), m.cannotAddMore(2)]);

  // Search with suggestions, as on the staff screen.
  const box = tablet.getByRole('combobox', { name: 'Search inventory' });
  await box.fill('counters');
  await tablet
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('option')
    .filter({ hasText: 'Counterspell' })
    .first()
    .click();
  await expect(tablet.getByRole('article')).toHaveCount(1);
  await cardTile(tablet, 'Counterspell').getByRole('button', { name: 'Add Counterspell to cart' }).click();
  await expect(cartLines(tablet)).toHaveCount(2);

  const sent = tablet.waitForRequest(urlOf('placeOrder'));
  await tablet.getByRole('button', { name: 'Place Order' }).click();
  expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(tablet.getByText(k.calloutNote)).toBeVisible();
  await expect(tablet.getByText(k.calloutLead)).toBeVisible();

  const [order] = await pendingOrders(request, account);
  expect(order?.source).toBe('Counter tablet');
  expect(order?.items.map((i) => [i.card_name, i.quantity]).sort()).toEqual([
    ['Counterspell', 1],
    ['Lightning Bolt', 2],
  ]);
  const callout = order!.order_number.split('-').at(-1)!;
  const number = tablet.getByText(callout, { exact: true });
  await expect(number).toBeVisible();
  const size = await number.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(120);

  // The staff see it among the pending orders.
  await useSession(context, account);
  await page.goto('/order-management');
  const row = page.getByRole('row').filter({ hasText: order!.order_number });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('dialog', { name: 'Review Order' })).toContainText('Counter tablet');

  // Removing the device: the tablet's next call lands on the pairing screen with the server's message.
  const serial = await removeDevice(request, account, 'Counter tablet');
  expect(serial).toBe(await stored(tablet, serialKey));
  await tablet.getByRole('button', { name: k.newOrder }).click();
  await expect(tablet.getByRole('heading', { name: k.title })).toBeVisible();
  await expect(pairingAlert(tablet)).toHaveText(messages.devicesServer.revoked);
  expect(await stored(tablet, tokenKey)).toBeNull();
  await tablet.context().close();
});

test('pairing by hand, resuming after a reload, a 401 while ordering, a used code', async ({ request, browser }) => {
  const account = await registerShop(request, 'Tablet Tavern');
  await stockCard(request, account, 'Serra Angel', 2);
  const { code } = await pairingCode(request, account, 'Window tablet');

  const { tablet } = await openTablet(browser);
  await tablet.goto('/kiosk');
  await expect(tablet.getByRole('heading', { name: k.title })).toBeVisible();
  await tablet.getByLabel(k.codeLabel).fill('NOPE-NOPE');
  await tablet.getByRole('button', { name: k.pair }).click();
  await expect(pairingAlert(tablet)).toHaveText(messages.devicesServer.codeUnknown);

  // Pair holds 'Pairing...' while the server answers.
  await tablet.route(urlOf('pairDevice'), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await tablet.getByLabel(k.codeLabel).fill(code);
  await tablet.getByRole('button', { name: k.pair }).click();
  await expect(tablet.getByRole('button', { name: k.pairing })).toBeDisabled();
  await expect(tablet.getByRole('heading', { name: 'Tablet Tavern' })).toBeVisible();

  // A reload resumes with the kept token.
  await tablet.reload();
  await expect(tablet.getByRole('heading', { name: 'Tablet Tavern' })).toBeVisible();
  await cardTile(tablet, 'Serra Angel').getByRole('button', { name: 'Add Serra Angel to cart' }).click();
  await expect(cartLines(tablet)).toHaveCount(1);

  // Removed while a customer is ordering: placing the order answers 401, back to pairing.
  await removeDevice(request, account, 'Window tablet');
  await tablet.getByRole('button', { name: 'Place Order' }).click();
  await expect(tablet.getByRole('heading', { name: k.title })).toBeVisible();
  await expect(pairingAlert(tablet)).toHaveText(messages.devicesServer.revoked);
  expect(await pendingOrders(request, account)).toEqual([]);

  // The code is single use.
  await tablet.getByLabel(k.codeLabel).fill(code);
  await tablet.getByRole('button', { name: k.pair }).click();
  await expect(pairingAlert(tablet)).toHaveText(messages.devicesServer.codeUsed);
  await tablet.context().close();
});

/** Platform staff acting on a shop through the admin API, as the admin screens do. */
async function platformStaff(request: APIRequestContext) {
  const root = createSuperadmin();
  const { token } = bodyOf(await api(request).call('login', { ...root, turnstileToken: 'test' }));
  const admin = api(request, token);
  const shopId = async (name: string): Promise<number> => {
    const { stores } = bodyOf(await admin.call('adminStores', { q: name }));
    return stores.find((s) => s.shop_name === name)!.id;
  };
  return {
    async setActive(name: string, isActive: boolean) {
      bodyOf(await admin.call('adminStoreSetActive', { id: await shopId(name), is_active: isActive }));
    },
    async remove(name: string) {
      bodyOf(await admin.call('adminStoreDelete', { id: await shopId(name), confirm_name: name }));
    },
  };
}

test.describe('a paired tablet that is refused says the true reason', () => {
  test('removed from the shop: back to pairing, asked to pair again', async ({ request, browser }) => {
    const account = await registerShop(request, `Removal Realm ${uniqueEmail('r').slice(2, 8)}`);
    const tablet = await pairedTablet(browser, request, account, { deviceName: 'Door tablet' });
    await removeDevice(request, account, 'Door tablet');
    await tablet.reload();
    await expect(tablet.getByRole('heading', { name: k.title })).toBeVisible();
    await expect(pairingAlert(tablet)).toHaveText('This tablet was removed from the shop. Ask staff to pair it again.');
    expect(await stored(tablet, tokenKey)).toBeNull();
    await tablet.context().close();
  });

  test('its shop suspended: stopped with the reason, token kept, working again once reactivated', async ({
    request,
    browser,
  }) => {
    const account = await registerShop(request, `Suspense Spot ${uniqueEmail('s').slice(2, 8)}`);
    await stockCard(request, account, 'Serra Angel', 2);
    const staff = await platformStaff(request);
    const tablet = await pairedTablet(browser, request, account, { deviceName: 'Till tablet' });
    const token = await stored(tablet, tokenKey);
    const suspended =
      'This shop’s Cardstock account is suspended, so this tablet cannot take orders right now. Please ask staff.';

    // Suspended while a customer browses: the next refresh (every 5 s) stops the screen; no pairing form.
    await expect(cardTile(tablet, 'Serra Angel')).toBeVisible();
    await staff.setActive(account.shopName, false);
    await expect(tablet.getByRole('alert')).toHaveText(suspended, { timeout: 12_000 });
    await expect(tablet.getByRole('heading', { name: account.shopName })).toHaveCount(0);
    await expect(tablet.getByLabel(k.codeLabel)).toHaveCount(0);
    expect(await stored(tablet, tokenKey)).toBe(token);

    // A reload says the same; Try again, once the shop is reactivated, takes orders again with the same token.
    await tablet.reload();
    await expect(tablet.getByRole('alert')).toHaveText(suspended);
    await staff.setActive(account.shopName, true);
    await tablet.getByRole('button', { name: k.retry }).click();
    await expect(tablet.getByRole('heading', { name: account.shopName })).toBeVisible();
    await expect(cardTile(tablet, 'Serra Angel')).toBeVisible();

    // Suspended between a customer's choice and Place Order: the order is refused with the same reason.
    await cardTile(tablet, 'Serra Angel').getByRole('button', { name: 'Add Serra Angel to cart' }).click();
    await staff.setActive(account.shopName, false);
    await tablet.getByRole('button', { name: 'Place Order' }).click();
    await expect(tablet.getByRole('alert')).toHaveText(suspended);
    expect(await stored(tablet, tokenKey)).toBe(token);
    await staff.setActive(account.shopName, true);
    expect(await pendingOrders(request, account)).toEqual([]);
    await tablet.context().close();
  });

  test('a pairing the server does not know (its shop deleted): back to pairing, asked to pair again', async ({
    request,
    browser,
  }) => {
    const account = await registerShop(request, `Closing Corner ${uniqueEmail('c').slice(2, 8)}`);
    const staff = await platformStaff(request);
    const tablet = await pairedTablet(browser, request, account, { deviceName: 'Last tablet' });
    await staff.remove(account.shopName);
    await tablet.reload();
    await expect(tablet.getByRole('heading', { name: k.title })).toBeVisible();
    await expect(pairingAlert(tablet)).toHaveText(
      'This tablet is not paired with any shop. Ask staff to pair it again.',
    );
    // Not a staff login's words: a customer at a tablet has no login.
    await expect(tablet.getByText(messages.auth.sessionRequired)).toHaveCount(0);
    expect(await stored(tablet, tokenKey)).toBeNull();
    await tablet.context().close();
  });
});

test('on a portrait tablet a floating button with the cart’s counts brings the cart into reach; landscape keeps it beside the grid', async ({
  request,
  browser,
}) => {
  const account = await registerShop(request, 'Portrait Parlour');
  const cards = await pricedCards(request, 'dragon', 10, { distinctNames: true });
  await stock(
    request,
    account,
    cards.map((card) => ({ card, quantity: 3 })),
  );
  const tablet = await pairedTablet(browser, request, account, { viewport: { width: 800, height: 1280 } });
  await expect(tablet.getByRole('article')).toHaveCount(10);

  // Portrait: the cart stacks below the whole grid, out of sight; the floating button says what is in it.
  const cart = tablet.getByRole('complementary', { name: /Shopping Cart/ });
  await expect(cart).not.toBeInViewport();
  const jump = tablet.getByRole('button', { name: /^Go to cart/ });
  await expect(jump).toBeInViewport();
  await expect(jump).toHaveAccessibleName('Go to cart: 0 lines, 0 cards');
  const [first, second] = [tablet.getByRole('article').nth(0), tablet.getByRole('article').nth(1)];
  await first.getByRole('button', { name: /^More copies of/ }).click();
  await first.getByRole('button', { name: /^Add .* to cart$/ }).click();
  await second.getByRole('button', { name: /^Add .* to cart$/ }).click();
  await expect(jump).toHaveAccessibleName('Go to cart: 2 lines, 3 cards');
  await expect(jump).toContainText('3');

  // From the keyboard: Enter brings the cart and its Place Order into view, and the focus with them.
  await jump.focus();
  await tablet.keyboard.press('Enter');
  await expect(cart).toBeInViewport();
  await expect(cart).toBeFocused();
  await expect(cartLines(tablet)).toHaveCount(2);
  await expect(tablet.getByRole('button', { name: 'Place Order' })).toBeInViewport();
  // While the cart is on the screen the button steps aside; back at the grid it returns.
  await expect(jump).toBeHidden();
  await tablet.evaluate(() => window.scrollTo(0, 0));
  await expect(jump).toBeInViewport();

  // Landscape: today's layout, the cart beside the grid and no floating button.
  await tablet.setViewportSize({ width: 1280, height: 800 });
  await expect(jump).toBeHidden();
  await expect(cart).toBeInViewport();
  const grid = (await tablet.getByRole('region', { name: 'Inventory' }).boundingBox())!;
  const panel = (await cart.boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(grid.x + grid.width);
  await tablet.context().close();
});

test('a tablet’s grid shows a sale made elsewhere within a second, by the push channel, not its 5 s refresh', async ({
  request,
  browser,
}) => {
  const account = await registerShop(request, 'Pushed Goods');
  const [card] = await pricedCards(request, 'goblin', 1);
  await stock(request, account, [{ card: card!, quantity: 5 }]);
  const tablet = await pairedTablet(browser, request, account);
  const tile = tablet.getByRole('article').filter({ hasText: card!.name });
  await expect(tile).toContainText(messages.storefront.inStock(5));
  // The tablet opens its stream as the grid shows; then three sell at the counter.
  await tablet.waitForTimeout(1_000);
  bodyOf(
    await api(request, account).call('placeOrder', {
      items: [{ scryfall_id: card!.id, finish: 'nonfoil', quantity: 3 }],
    }),
  );
  // Well inside the 5 s refresh: only the push brings it this soon.
  await expect(tile).toContainText(messages.storefront.inStock(2), { timeout: 2_000 });
});
