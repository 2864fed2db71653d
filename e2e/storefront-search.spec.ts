import { STOREFRONT_PAGE_SIZE, storefrontMessages as m } from '@cardstock/contract';
import { fixtureCardLines } from '@cardstock/fixtures';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { isCall } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { publicShop, registerShop, stock } from './support/seed.ts';

type Printing = { id: string; name: string; set: string; finishes: string[]; prices?: { usd?: string | null } };
const fixture = fixtureCardLines().map((line) => JSON.parse(line) as Printing);
const NONFOIL_COUNT = STOREFRONT_PAGE_SIZE + 5;
/** Priced nonfoil printings: a search for is:nonfoil has two pages. */
const nonfoil = fixture.filter((c) => c.finishes.includes('nonfoil') && c.prices?.usd).slice(0, NONFOIL_COUNT);
const printing = (name: string, set: string) => fixture.find((c) => c.name === name && c.set === set)!.id;
/** Foil bolts in two conditions: what the customer of this spec looks for. */
const foilBolts = [
  { id: printing('Lightning Bolt', '2x2'), quality: 'NM' },
  { id: printing('Lightning Bolt', '2x2'), quality: 'LP' },
  { id: printing('Lightning Bolt', 'fca'), quality: 'LP' },
  { id: printing('Obliterating Bolt', 'bro'), quality: 'NM' },
  { id: printing('Plasma Bolt', 'eoe'), quality: 'LP' },
] as const;

/** A public shop with the nonfoil printings and the foil bolts in stock. */
async function boltShop(request: APIRequestContext): Promise<string> {
  const account = await registerShop(request, 'Bolt Emporium');
  await stock(request, account, [
    ...nonfoil.map((c) => ({ card: c.id, quantity: 2, foil: false, quality: 'NM' as const })),
    ...foilBolts.map((b) => ({ card: b.id, quantity: 2, foil: true, quality: b.quality })),
  ]);
  return publicShop(request, account);
}

const cards = (page: Page) => page.locator('.storefront-grid > li');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: m.searchLabel });
const filters = (page: Page) => page.getByRole('group', { name: m.filtersLabel });
/** The prices shown, in order, as numbers. */
const prices = async (page: Page) =>
  (await cards(page).locator('.storefront-price').allTextContents()).map((t) => Number(t.replace('$', '')));
const descending = (list: number[]) => list.every((p, i) => i === 0 || list[i - 1]! >= p);
const ascending = (list: number[]) => list.every((p, i) => i === 0 || list[i - 1]! <= p);

test.beforeAll(() => {
  expect(nonfoil).toHaveLength(NONFOIL_COUNT);
  importFixtureCatalog();
});
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('a customer searches bolt is:foil, filters by condition, sorts by price; Back and Forward walk it', async ({
  page,
  request,
}) => {
  const subdomain = await boltShop(request);
  await page.goto(`/shop/${subdomain}`);
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);

  await searchBox(page).fill('bolt is:foil');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\?q=bolt\+is%3Afoil&page=1$/);
  await expect(cards(page)).toHaveCount(foilBolts.length);
  await expect(page.getByText(m.resultCount(foilBolts.length))).toBeVisible();
  for (const card of await cards(page).all()) {
    await expect(card.locator('.storefront-finish')).toHaveText('Foil');
    await expect(card.getByRole('heading', { level: 3 })).toContainText('Bolt');
  }
  // The term typed became its control; the box keeps the words.
  await expect(searchBox(page)).toHaveValue('bolt');
  await expect(filters(page).getByLabel(m.finishLabel)).toHaveValue('foil');

  await filters(page).getByLabel(m.conditionLabel).selectOption('LP');
  await expect(page).toHaveURL(/\?q=bolt\+is%3Afoil\+cond%3Alp&page=1$/);
  await expect(cards(page)).toHaveCount(3);
  for (const card of await cards(page).all()) await expect(card.locator('.storefront-quality')).toHaveText('LP');

  await filters(page).getByLabel(m.sortLabel).selectOption('price_desc');
  await expect(page).toHaveURL(/&sort=price_desc&page=1$/);
  await expect.poll(async () => descending(await prices(page))).toBe(true);
  await filters(page).getByLabel(m.sortLabel).selectOption('price_asc');
  await expect(page).toHaveURL(/&sort=price_asc&page=1$/);
  await expect.poll(async () => ascending(await prices(page)) && !descending(await prices(page))).toBe(true);

  // Back and Forward walk every change, the controls and cards following the address.
  await page.goBack();
  await expect(filters(page).getByLabel(m.sortLabel)).toHaveValue('price_desc');
  await page.goBack();
  await expect(filters(page).getByLabel(m.sortLabel)).toHaveValue('name');
  await expect(cards(page)).toHaveCount(3);
  await page.goBack();
  await expect(filters(page).getByLabel(m.conditionLabel)).toHaveValue('');
  await expect(cards(page)).toHaveCount(foilBolts.length);
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('');
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);
  await page.goForward();
  await expect(searchBox(page)).toHaveValue('bolt');
  await expect(cards(page)).toHaveCount(foilBolts.length);
  await page.goForward();
  await expect(filters(page).getByLabel(m.conditionLabel)).toHaveValue('LP');
  await expect(cards(page)).toHaveCount(3);
});

test('a shared link opens page 2 of a sorted search straight from the document', async ({ page, request }) => {
  const subdomain = await boltShop(request);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (isCall(r, 'publicInventory')) calls.push(r.postData() ?? '');
  });
  await page.goto(`/shop/${subdomain}?q=is%3Anonfoil&sort=price_desc&page=2`);
  await expect(cards(page)).toHaveCount(NONFOIL_COUNT - STOREFRONT_PAGE_SIZE);
  await expect(page.getByText(m.resultCount(NONFOIL_COUNT))).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByLabel('Page number')).toHaveValue('2');
  await expect(filters(page).getByLabel(m.finishLabel)).toHaveValue('nonfoil');
  await expect(filters(page).getByLabel(m.sortLabel)).toHaveValue('price_desc');
  const second = await prices(page);
  expect(descending(second)).toBe(true);
  // The document brought that page: no call was needed.
  expect(calls).toEqual([]);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Previous' }).click();
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);
  const first = await prices(page);
  expect(descending(first)).toBe(true);
  expect(first.at(-1)!).toBeGreaterThanOrEqual(second[0]!);
  expect(calls.map((c) => JSON.parse(c) as unknown)).toEqual([
    { subdomain, page: '1', q: 'is:nonfoil', sort: 'price_desc' },
  ]);
});

test('no match says so and clears; a bad term shows the server’s sentence and keeps what was typed', async ({
  page,
  request,
}) => {
  const subdomain = await boltShop(request);
  await page.goto(`/shop/${subdomain}`);
  await searchBox(page).fill('zzzz');
  await page.getByRole('button', { name: m.searchButton }).click();
  await expect(page.getByRole('heading', { name: m.noMatchTitle('zzzz') })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: m.clearSearch }).click();
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);
  await expect(searchBox(page)).toHaveValue('');

  await filters(page).getByLabel(m.inStockOnly).check();
  await expect(page).toHaveURL(/\?q=q%3E0&page=1$/);
  await searchBox(page).fill('bolt c:purple');
  await searchBox(page).press('Enter');
  await expect(page.getByRole('alert')).toContainText('Colours are w, u, b, r, g, c');
  await expect(searchBox(page)).toHaveValue('bolt c:purple');
  await expect(filters(page).getByLabel(m.inStockOnly)).toBeChecked();

  // The same link opened fresh: the shop still shows, with the sentence.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Colours are w, u, b, r, g, c');
  await expect(searchBox(page)).toHaveValue('bolt c:purple');
});
