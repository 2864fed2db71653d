import { STOREFRONT_PAGE_SIZE, limits, messages } from '@cardstock/contract';
import { fixtureCardLines } from '@cardstock/fixtures';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { type Account } from './support/accounts.ts';
import { api, bodyOf, isCall } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { e2eEnv } from './support/env.ts';
import { publicShop, registerShop, stock } from './support/seed.ts';

const m = messages.storefront;
const CARD_COUNT = STOREFRONT_PAGE_SIZE + 5;

/** Printings of the card fixture that exist without foil and have a market price, so every card shows one. */
const printings = fixtureCardLines()
  .map((line) => JSON.parse(line) as { id: string; finishes: string[]; prices?: { usd?: string | null } })
  .filter((c) => c.finishes.includes('nonfoil') && c.prices?.usd)
  .slice(0, CARD_COUNT)
  .map((c) => c.id);

interface PublicShop {
  account: Account;
  subdomain: string;
}

const description = 'Singles from Alpha to today.';

/** A shop of its own with `count` printings in stock, public under a unique subdomain. */
async function stockedShop(request: APIRequestContext, count = CARD_COUNT): Promise<PublicShop> {
  const account = await registerShop(request, 'Owl & Goblin Games');
  await stock(
    request,
    account,
    printings.slice(0, count).map((id) => ({ card: id, quantity: 3 })),
  );
  const subdomain = await publicShop(request, account, { shop_description: description });
  return { account, subdomain };
}

const cards = (page: Page) => page.locator('.storefront-grid > li');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const storefrontHost = (subdomain: string) => `http://${subdomain}.localhost:${e2eEnv.port}`;

test.beforeAll(() => {
  expect(printings).toHaveLength(CARD_COUNT);
  importFixtureCatalog();
});
test.beforeEach(async ({ page }) => {
  // Offline and deterministic: card pictures fall back to the drawn placeholder.
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('the shop page shows the banner, priced cards with stock, and the footer', async ({ page, request }) => {
  const { subdomain } = await stockedShop(request);
  await page.goto(`/shop/${subdomain}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Owl & Goblin Games' })).toBeVisible();
  await expect(page.getByText('Singles from Alpha to today.')).toBeVisible();
  await expect(page).toHaveTitle('Owl & Goblin Games — Cardstock');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Singles from Alpha to today.');
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);

  const first = cards(page).first();
  await expect(first.locator('.storefront-price')).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(first.getByText(m.inStock(3))).toBeVisible();
  await expect(first.getByText('Non-Foil')).toBeVisible();
  await expect(first.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/scryfall\.com\//,
  );
  // The blocked picture falls back to the drawn card.
  await expect(first.locator('.card-placeholder')).toBeVisible();
  await expect(page.getByText(m.poweredBy)).toBeVisible();
});

test('the first page comes inside the document, so it shows without a call; the next page is loaded', async ({
  page,
  request,
}) => {
  const { subdomain } = await stockedShop(request);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (isCall(r, 'publicInventory')) calls.push(r.postData() ?? '');
  });
  const response = await page.goto(`/shop/${subdomain}`);
  expect(await response?.text()).toContain('<title>Owl &amp; Goblin Games — Cardstock</title>');
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);
  expect(calls).toEqual([]);
  await pages(page).getByRole('button', { name: 'Next' }).click();
  await expect(cards(page)).toHaveCount(CARD_COUNT - STOREFRONT_PAGE_SIZE);
  expect(calls.map((body) => JSON.parse(body) as unknown)).toEqual([{ subdomain, page: '2' }]);
});

test('the banner comes drawn in the document: it shows without scripts, and the page keeps it', async ({
  browser,
  page,
  request,
}) => {
  const { subdomain } = await stockedShop(request);
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScripts.newPage();
  await still.goto(`/shop/${subdomain}`);
  await expect(still.getByRole('heading', { level: 1, name: 'Owl & Goblin Games' })).toBeVisible();
  await expect(still.getByText('Singles from Alpha to today.')).toBeVisible();
  await noScripts.close();

  // With scripts, React adopts the server's banner (hydration) instead of drawing it again: no heading is
  // ever removed, and React reports no mismatch.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedHeadings: string[] }).removedHeadings = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.removedNodes))
          if (node instanceof Element && (node.matches('h1, header') || node.querySelector('h1')))
            removed.push(node.outerHTML);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/shop/${subdomain}`);
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);
  await expect(page.getByText(m.poweredBy)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings)).toEqual([]);
  expect(problems).toEqual([]);
});

test('a malformed ?page (abc, 0, 1e1) is page 1 in the document and in the page, with no error', async ({
  page,
  request,
}) => {
  const { subdomain } = await stockedShop(request);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const odd of ['abc', '0', '1e1']) {
    await page.goto(`/shop/${subdomain}?page=${odd}`);
    await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);
    await expect(pages(page).getByLabel('Page number')).toHaveValue('1');
    await expect(pages(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  }
  expect(problems).toEqual([]);
});

test('Next, the page box (Enter) and ?page=2 reach page 2; Previous and Next disable at the ends', async ({
  page,
  request,
}) => {
  const { subdomain } = await stockedShop(request);
  await page.goto(`/shop/${subdomain}`);
  const nav = pages(page);
  await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(nav.getByRole('button', { name: 'Next' })).toBeEnabled();

  await nav.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(cards(page)).toHaveCount(CARD_COUNT - STOREFRONT_PAGE_SIZE);
  await expect(nav.getByLabel('Page number')).toHaveValue('2');
  await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(nav.getByRole('button', { name: 'Previous' })).toBeEnabled();

  await nav.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/[?&]page=1$/);
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);

  // Each page change is a history entry: Back and Forward walk them, the cards following the address.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(cards(page)).toHaveCount(CARD_COUNT - STOREFRONT_PAGE_SIZE);
  await expect(nav.getByLabel('Page number')).toHaveValue('2');
  await page.goForward();
  await expect(page).toHaveURL(/[?&]page=1$/);
  await expect(cards(page)).toHaveCount(STOREFRONT_PAGE_SIZE);

  // Out of range and the current page do nothing; 2 with Enter goes there.
  const box = nav.getByLabel('Page number');
  await box.fill('3');
  await box.press('Enter');
  await box.fill('1');
  await nav.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/[?&]page=1$/);
  await box.fill('2');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(cards(page)).toHaveCount(CARD_COUNT - STOREFRONT_PAGE_SIZE);

  await page.goto(`/shop/${subdomain}?page=2`);
  await expect(cards(page)).toHaveCount(CARD_COUNT - STOREFRONT_PAGE_SIZE);
  await expect(pages(page).getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a shop with one page shows no pagination', async ({ page, request }) => {
  const { subdomain } = await stockedShop(request, 2);
  await page.goto(`/shop/${subdomain}`);
  await expect(cards(page)).toHaveCount(2);
  await expect(pages(page)).toHaveCount(0);
});

test('storefront mode shows the same shop; a private shop is Shop Not Found on both', async ({ page, request }) => {
  const { account, subdomain } = await stockedShop(request, 3);
  await page.goto(`${storefrontHost(subdomain)}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Owl & Goblin Games' })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expect(page.locator('header.site-header')).toHaveCount(0);

  bodyOf(
    await api(request, account).call('settingsSave', { subdomain, shop_hidden: 1, shop_description: description }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: m.notFoundTitle })).toBeVisible();
  await expect(page.getByText(m.httpError(404, 'Not Found'))).toBeVisible();
  await page.goto(`/shop/${subdomain}`);
  await expect(page.getByRole('heading', { name: m.notFoundTitle })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('the grid has 1 to 5 columns by width, each card at most 250 px', async ({ page, request }) => {
  const { subdomain } = await stockedShop(request, 12);
  for (const [width, columns] of [
    [400, 1],
    [700, 2],
    [1000, 3],
    [1300, 4],
    [1600, 5],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/shop/${subdomain}`);
    await expect(cards(page)).toHaveCount(12);
    const tracks = await page
      .locator('.storefront-grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(tracks, `${width} px`).toBe(columns);
    const tops = await cards(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).offsetTop));
    expect(
      tops.filter((top) => top === tops[0]),
      `${width} px`,
    ).toHaveLength(columns);
    const widest = await cards(page).evaluateAll((els) =>
      Math.max(...els.map((el) => el.getBoundingClientRect().width)),
    );
    expect(widest).toBeLessThanOrEqual(limits.storefrontCardMaxWidthPx);
  }
});
