import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureCardLines } from '@cardstock/fixtures';
import { messages, type Quality } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards, refreshPrices } from './support/catalog.ts';
import { pendingOrders } from './support/orders.ts';
import { pairedTablet, publicShop, registerShop, sealedProduct, stock } from './support/seed.ts';

/** Issue 21 in the browser: the shop sets its prices, reprices a search, and never sells a card without a price. */
const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

async function add(request: APIRequestContext, account: Account, id: string, quantity = 4, quality: Quality = 'NM') {
  await stock(request, account, [{ card: id, quantity, quality }]);
}

/** Air Elemental from Alpha: the catalog has no USD price for it. */
async function unpricedCard(request: APIRequestContext): Promise<string> {
  const client = api(request);
  for (const hit of bodyOf(await client.call('cardSearch', { q: 'air elemental' })).data) {
    const card = bodyOf(await client.call('card', { id: hit.id }));
    if (card.prices.usd === null && card.finishes.includes('nonfoil')) return card.id;
  }
  throw new Error('the fixture has no Air Elemental without a USD price');
}

const inventoryRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

test('the owner prices a card in the Edit dialog: the table, the storefront, the kiosk and the order use it', async ({
  page,
  context,
  request,
  browser,
}) => {
  const account = await registerShop(request, 'Price Tag Games');
  const [card] = await pricedCards(request, 'lightning bolt', 1);
  await add(request, account, card!.id);
  const subdomain = await publicShop(request, account);

  await useSession(context, account);
  await page.goto('/inventory-management');
  const row = inventoryRow(page, card!.name);
  await expect(row).toContainText(m.priceRule);

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  const price = edit.getByLabel(m.askingPrice);
  await price.fill('4.999');
  await expect(edit.getByText(m.askingPriceInvalid)).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await price.fill('4.50');
  await price.press('Enter');
  await expect(page.getByText(messages.inventoryServer.updated)).toBeVisible();
  await expect(row).toContainText(`$4.50 ${m.priceOwn}`);

  await page.goto(`/shop/${subdomain}`);
  await expect(page.locator('.storefront-grid > li').first().locator('.storefront-price')).toHaveText('$4.50');

  const tablet = await pairedTablet(browser, request, account);
  const tile = tablet.getByRole('article', { name: card!.name });
  await expect(tile).toContainText('$4.50');
  await tile.getByRole('button', { name: `More copies of ${card!.name}` }).click();
  await tile.getByRole('button', { name: `Add ${card!.name} to cart` }).click();
  await tablet.getByRole('button', { name: 'Place Order' }).click();
  await expect(tablet.getByText(messages.kiosk.calloutNote)).toBeVisible();
  const [order] = await pendingOrders(request, account);
  expect(order).toMatchObject({ total: 9, total_items: 2 });
  await tablet.context().close();
});

test('a manager raises the prices of a search result by 10 % after a preview', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Reprice Room');
  const [bolt] = await pricedCards(request, 'lightning bolt', 1);
  const [other] = await pricedCards(request, 'counterspell', 1);
  // Two rows the search "lightning bolt" finds (NM and LP), one it does not.
  await add(request, account, bolt!.id);
  await add(request, account, bolt!.id, 4, 'LP');
  await add(request, account, other!.id);
  await useSession(context, account, 'Manager');
  await page.goto('/inventory-management');
  await expect(page.getByRole('row')).toHaveCount(4);
  const priceOf = async (name: string) =>
    Number((await inventoryRow(page, name).first().getByRole('cell').nth(7).textContent())!.match(/\$([\d.]+)/)![1]);
  const boltBefore = await priceOf('Lightning Bolt');
  const counterBefore = await priceOf('Counterspell');

  await page.getByRole('searchbox', { name: m.searchPlaceholder }).fill('lightning bolt');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: m.repriceButton }).click();
  const dialog = page.getByRole('dialog', { name: m.repriceTitle });
  await expect(dialog.getByLabel(m.repricePercent)).toBeChecked();
  await expect(dialog.getByText(messages.inventoryServer.repricePreview(2, 2))).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(3);
  await dialog.getByRole('button', { name: m.repriceApply(2) }).click();
  await expect(page.getByText(messages.inventoryServer.repriced(2))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: m.searchPlaceholder }).fill('');
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(inventoryRow(page, 'Lightning Bolt').first()).toContainText(m.priceOwn);
  expect(await priceOf('Lightning Bolt')).toBeCloseTo(Math.round(boltBefore * 110) / 100, 2);
  expect(await priceOf('Counterspell')).toBe(counterBefore);
});

test('a card without any price cannot be added to a cart on /ordering or the kiosk', async ({
  page,
  context,
  request,
  browser,
}) => {
  const account = await registerShop(request, 'No Price Place');
  await add(request, account, await unpricedCard(request));
  await useSession(context, account);

  await page.goto('/inventory-management');
  await expect(inventoryRow(page, 'Air Elemental')).toContainText(m.noPrice);

  await page.goto('/ordering');
  const tile = page.getByRole('article', { name: 'Air Elemental' });
  await expect(tile).toContainText(messages.storefront.noPrice);
  await expect(tile.getByRole('button', { name: /Add/ })).toHaveCount(0);

  const tablet = await pairedTablet(browser, request, account);
  const kioskTile = tablet.getByRole('article', { name: 'Air Elemental' });
  await expect(kioskTile).toContainText(messages.storefront.noPrice);
  await expect(kioskTile.getByRole('button', { name: /Add/ })).toHaveCount(0);
  await tablet.context().close();
});

test('a sealed product is ordered from the kiosk, confirmed, and counted in statistics', async ({
  page,
  context,
  request,
  browser,
}) => {
  const account = await registerShop(request, 'Sealed Deal');
  await sealedProduct(request, account, {
    name: 'Foundations Play Booster Box',
    category: 'Booster Box',
    set_code: 'fdn',
    price: 149.99,
    quantity: 3,
  });
  const [card] = await pricedCards(request, 'lightning bolt', 1);
  await add(request, account, card!.id, 2);

  const tablet = await pairedTablet(browser, request, account);
  const box = tablet.getByRole('article', { name: 'Foundations Play Booster Box' });
  await expect(box).toContainText('FDN · Booster Box');
  await expect(box).toContainText('$149.99');
  await expect(box).toContainText(messages.storefront.inStock(3));
  await box.getByRole('button', { name: 'Add Foundations Play Booster Box to cart' }).click();
  await tablet.getByRole('article', { name: card!.name }).getByRole('button', { name: /^Add / }).click();
  const lines = tablet.getByRole('list', { name: 'Cart lines' }).getByRole('listitem', { name: /./ });
  await expect(lines).toHaveCount(2);
  await tablet.getByRole('button', { name: 'Place Order' }).click();
  await expect(tablet.getByText(messages.kiosk.calloutNote)).toBeVisible();
  await tablet.context().close();

  await useSession(context, account);
  await page.goto('/order-management');
  await page.getByRole('button', { name: 'Review' }).first().click();
  const review = page.getByRole('dialog', { name: 'Review Order' });
  await expect(review.getByRole('row', { name: /Foundations Play Booster Box/ })).toContainText('Sealed');
  await expect(review.getByRole('row', { name: /Foundations Play Booster Box/ })).toContainText('$149.99');
  await review.getByRole('button', { name: 'Accept' }).click();
  await expect(review).toBeHidden();

  await page.goto('/stats');
  const top = page.getByRole('region', { name: 'Top Selling Cards' });
  await expect(top).toContainText('Foundations Play Booster Box');
  // The two boxes left are part of what the stock is worth.
  await expect(page.getByText(/, sealed \$299\.98, at today's prices\./)).toBeVisible();
  await page.goto('/inventory-management');
  await expect(page.getByText('Foundations Play Booster Box')).toBeVisible();
  await expect(page.getByRole('row', { name: /Foundations Play Booster Box/ })).toContainText('2');
});

test('the storefront shows the shop’s sealed products in stock, with their prices', async ({ page, request }) => {
  const account = await registerShop(request, 'Boxes & Binders');
  for (const [name, price, quantity] of [
    ['Foundations Play Booster Box', 149.99, 3],
    ['Aetherdrift Bundle', 0, 2],
    ['Sold Out Bundle', 40, 0],
  ] as const) {
    await sealedProduct(request, account, {
      name,
      category: name.endsWith('Box') ? 'Booster Box' : 'Bundle',
      price,
      quantity,
    });
  }
  const subdomain = await publicShop(request, account);

  await page.goto(`/shop/${subdomain}`);
  const sealed = page.getByRole('region', { name: messages.storefront.sealedTitle });
  const products = sealed.getByRole('listitem');
  await expect(products).toHaveCount(2);
  await expect(products.nth(0)).toContainText('Aetherdrift Bundle');
  await expect(products.nth(0)).toContainText(messages.storefront.noPrice);
  await expect(products.nth(1)).toContainText('Foundations Play Booster Box');
  await expect(products.nth(1)).toContainText('$149.99');
  await expect(products.nth(1)).toContainText(messages.storefront.inStock(3));
  await expect(page.getByText(messages.storefront.emptyTitle)).toHaveCount(0);
});

type FixtureObject = { id: string; name: string; prices: Record<string, string | null> };
const fixtureObjects = () => fixtureCardLines().map((line) => JSON.parse(line) as FixtureObject);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The market moves the two refresh tests read, in one refresh two days ago and one today, the same whichever test runs
 * first (a refresh cannot be kept under a day before the newest, so each test's own pair would refuse the other's):
 * Nyxbloom Ancient $10 → $15; for Price changes' fit and Keep all, Flanking Troops $10 → $15, Elbrus $20 → $30 and
 * Coralhelm Commander $40 → $42 (5 %). The older refresh is refused once the other test has run today's: it is kept.
 */
function refreshMarket(nyxbloom: FixtureObject): void {
  const byName = (name: string) => fixtureObjects().find((c) => c.name === name)!;
  const moves: [FixtureObject, string, string][] = [
    [nyxbloom, '10.00', '15.00'],
    [byName('Flanking Troops'), '10.00', '15.00'],
    [byName('Elbrus, the Binding Blade // Withengar Unbound'), '20.00', '30.00'],
    [byName('Coralhelm Commander'), '40.00', '42.00'],
  ];
  const file = (at: 1 | 2) => {
    const name = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-prices-')), 'prices.json');
    const lines = moves.map((m) => JSON.stringify({ ...m[0], prices: { ...m[0].prices, usd: m[at] } }));
    fs.writeFileSync(name, `[\n${lines.join(',\n')}\n]\n`);
    return name;
  };
  try {
    refreshPrices(file(1), daysAgo(2));
  } catch {
    // Today's refresh is in already (the other test ran it): the older one it follows is in too.
  }
  refreshPrices(file(2));
}

const nyxbloomObject = async (request: APIRequestContext) => {
  const [card] = await pricedCards(request, 'nyxbloom ancient', 1);
  return { card: card!, object: fixtureObjects().find((c) => c.id === card!.id)! };
};

test('a price refresh shows as a trend, and the owner reviews the rows that moved and keeps an old price', async ({
  page,
  context,
  request,
}) => {
  // Nyxbloom Ancient is this test's own card: a refresh changes the catalog every shop prices from.
  const { card, object } = await nyxbloomObject(request);
  refreshMarket(object);

  const account = await registerShop(request, 'Market Watch Games');
  await add(request, account, card.id, 3);
  await useSession(context, account);
  await page.goto('/inventory-management');
  const row = inventoryRow(page, card.name);
  // The default rule: market + 45 %.
  await expect(row).toContainText('$21.75');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await expect(edit.getByText('$15.00')).toBeVisible();
  await expect(edit.getByText(`+50 % since ${daysAgo(2)}`)).toBeVisible();
  await expect(edit.getByRole('img', { name: `${daysAgo(2)}: $10.00, ${daysAgo(0)}: $15.00` })).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: m.changesButton }).click();
  const changes = page.getByRole('dialog', { name: m.changesTitle });
  const moved = changes.getByRole('row', { name: new RegExp(card.name) });
  await expect(moved).toContainText('$10.00 → $15.00');
  await expect(moved).toContainText('+50 %');
  await expect(moved).toContainText('$14.50 → $21.75');
  // A higher bar than the move: nothing to review.
  await changes.getByLabel(m.changesMinPercent).fill('60');
  await expect(changes.getByText(m.changesNone(60))).toBeVisible();
  await changes.getByLabel(m.changesMinPercent).fill('10');
  await moved.getByRole('button', { name: m.changesKeep('$14.50') }).click();
  await expect(page.getByText(m.changesKept(card.name, '$14.50'))).toBeVisible();
  await expect(moved).toContainText(m.priceOwn);
  await expect(moved.getByRole('button')).toHaveCount(0);
  await changes.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('$14.50');
  await expect(row).toContainText(m.priceOwn);

  // The card page shows the same trend, per finish.
  await page.goto(`/card-details?scryfallid=${card.id}`);
  await expect(page.getByText(`+50 % since ${daysAgo(2)}`)).toBeVisible();
});

test('Price changes fits the dialog at 1440×900 and keeps all the listed rows’ old prices at once', async ({
  page,
  context,
  request,
}) => {
  // This test's own cards (a refresh changes the catalog every shop prices from): two move 50 %, one 5 %.
  refreshMarket((await nyxbloomObject(request)).object);
  const pick = (name: string) => fixtureObjects().find((c) => c.name === name)!;
  const [troops, warchief, coralhelm] = [
    pick('Flanking Troops'),
    pick('Elbrus, the Binding Blade // Withengar Unbound'),
    pick('Coralhelm Commander'),
  ];

  const account = await registerShop(request, `Keep All ${randomUUID().slice(0, 6)}`);
  for (const card of [troops, warchief, coralhelm]) await add(request, account, card.id, 2);
  await useSession(context, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/inventory-management');
  await page.getByRole('button', { name: m.changesButton }).click();
  const changes = page.getByRole('dialog', { name: m.changesTitle });
  await changes.getByLabel(m.changesMinPercent).fill('10');
  const row = (name: string) => changes.getByRole('row', { name: new RegExp(name) });
  await expect(row(troops.name)).toContainText('$14.50 → $21.75');
  await expect(row(coralhelm.name)).toHaveCount(0);

  // The table fits: no sideways scrolling, every Keep button inside the dialog.
  await page.screenshot({ path: test.info().outputPath('price-changes-1440.png') });
  const wrap = changes.locator('.table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const box = (await changes.boundingBox())!;
  for (const button of await changes.getByRole('button', { name: /^Keep \$/ }).all()) {
    const b = (await button.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('price-changes-390.png') });
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Keep all: the two listed rows keep their old prices; the 5 % row (not listed at 10 %) follows the rule still.
  await changes.getByRole('button', { name: m.changesKeepAll(2) }).click();
  const ask = page.getByRole('dialog', { name: m.changesKeepAllTitle });
  await expect(ask).toContainText(m.changesKeepAllAsk(2, 10));
  await ask.getByRole('button', { name: m.changesKeepAll(2) }).click();
  await expect(page.getByText(messages.inventoryServer.keptAll(2))).toBeVisible();
  await expect(row(troops.name)).toContainText(m.priceOwn);
  await expect(row(warchief.name)).toContainText(m.priceOwn);
  await expect(changes.getByRole('button', { name: /^Keep/ })).toHaveCount(0);
  await changes.getByRole('button', { name: 'Close' }).click();
  await expect(inventoryRow(page, troops.name)).toContainText('$14.50');
  await expect(inventoryRow(page, coralhelm.name)).not.toContainText(m.priceOwn);
});
