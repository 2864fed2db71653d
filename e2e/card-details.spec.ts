import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf, urlOf } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { registerShop } from './support/seed.ts';

// Air Elemental, Limited Edition Alpha #46, from the card fixture (packages/fixtures).
const AIR_ELEMENTAL = '69c3b2a3-0daa-4d42-832d-fcdfda6555ea';
const DARK_RITUAL_LEA = 'ebb6664d-23ca-456e-9916-afcd6f26aa7f';
// A basic Forest, whose rules text is "({T}: Add {G}.)".
const FOREST = 'c3e84b42-5423-4d4d-b8fc-cfbb2c53a4ca';
// Treacherous Terrain from The List (plst), a set keyrune draws no symbol for.
const TREACHEROUS_TERRAIN_PLST = '17cfd3a8-1343-4954-8e4f-b032cf03ec20';

test.beforeAll(() => importFixtureCatalog());

test.beforeEach(async ({ context, request, page }) => {
  await useSession(context, await registerShop(request, 'Details Den'));
  // Scryfall's image CDN is on the internet; here it is unreachable, so the drawn frame shows.
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('a known card shows name, type, release date, mana cost, P/T, set, number and legalities', async ({ page }) => {
  await page.goto(`/card-details?scryfallid=${AIR_ELEMENTAL}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Air Elemental');
  const facts = main.locator('dl.facts');
  await expect(facts).toContainText('Creature — Elemental');
  await expect(facts).toContainText('1993-08-05');
  await expect(facts).toContainText('4/4');
  await expect(facts).toContainText('Limited Edition Alpha');
  await expect(facts).toContainText('46');
  // {3}{U}{U} as three mana-font symbols, with the text kept for screen readers.
  const cost = facts.locator('.mana-cost').first();
  await expect(cost).toHaveAttribute('aria-label', '{3}{U}{U}');
  await expect(cost.locator('i.ms')).toHaveCount(3);
  await expect(cost.locator('i.ms-3')).toHaveCount(1);
  await expect(cost.locator('i.ms-u')).toHaveCount(2);
  const vintage = main.locator('.legality', { hasText: 'Vintage' });
  await expect(vintage).toContainText('Legal');
  await expect(main.locator('.legality')).not.toHaveCount(0);
  await expect(main.getByRole('img', { name: 'Air Elemental' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'View on Scryfall' })).toHaveAttribute(
    'href',
    'https://scryfall.com/card/lea/46/air-elemental',
  );
});

test('without an id in the URL the page says so', async ({ page }) => {
  await page.goto('/card-details');
  await expect(page.getByRole('alert')).toHaveText(messages.cardDetails.noId);
});

test('an unknown id shows the fetch failure', async ({ page }) => {
  await page.goto('/card-details?scryfallid=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText(messages.cardDetails.fetchFailed);
});

test('other printings are listed, and hovering one shows its preview; a failed fetch shows none', async ({ page }) => {
  await page.goto(`/card-details?scryfallid=${AIR_ELEMENTAL}`);
  await expect(page.getByRole('heading', { name: 'Air Elemental' }).first()).toBeVisible();
  // Lightning Bolt has several printings in the sample: open one and walk to another.
  const catalog = api(page.request);
  const bolt = bodyOf(await catalog.call('cardSearch', { q: 'lightning bolt' }));
  const prints = bodyOf(await catalog.call('cardPrints', { id: bolt.data[0]!.id }));
  expect(prints.data.length).toBeGreaterThanOrEqual(3);
  await page.goto(`/card-details?scryfallid=${bolt.data[0]!.id}`);
  const printings = page.locator('ul.printings li');
  await expect(printings).toHaveCount(prints.data.length);
  const others = page.locator('ul.printings li:not([aria-current])');
  const other = others.first();
  await other.getByRole('link').hover();
  const preview = page.getByTestId('card-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Lightning Bolt' })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(preview).toBeHidden();

  // When the card cannot be fetched, hovering shows nothing.
  const failing = others.last();
  const href = (await failing.getByRole('link').getAttribute('href'))!;
  const failingId = new URL(href, 'http://x').searchParams.get('scryfallid')!;
  await page.route(urlOf('card', { id: failingId }), (route) => route.abort());
  const failed = page.waitForEvent('requestfailed', (r) => r.url().includes(failingId));
  await failing.getByRole('link').hover();
  await failed;
  await expect(preview).toBeHidden();
});

test('legalities carry the format names players use', async ({ page }) => {
  await page.goto(`/card-details?scryfallid=${AIR_ELEMENTAL}`);
  const legalities = page.locator('ul.legalities li');
  // One line per Scryfall format key, in Scryfall's order; names as on a tournament flyer.
  await expect(legalities).toHaveCount(22);
  const names = (await legalities.locator('span:first-child').allTextContents()).map((t) => t.trim());
  for (const name of [
    'Penny Dreadful',
    'Historic Brawl',
    'Standard Brawl',
    'Pauper Commander',
    'Duel Commander',
    'Old School',
    'PreDH',
    'Future Standard',
  ]) {
    expect(names).toContain(name);
  }
  for (const raw of ['Penny', 'Brawl', 'Duel', 'Paupercommander', 'Oldschool', 'Predh'])
    expect(names).not.toContain(raw);
  await expect(page.locator('.legality', { hasText: 'Pauper Commander' })).toContainText('Restricted');
  await expect(page.locator('.legality', { hasText: 'Historic Brawl' })).toContainText('Legal');
});

test('mana symbols in rules text are drawn, and the text still reads and copies as written', async ({ page }) => {
  await page.goto(`/card-details?scryfallid=${FOREST}`);
  const oracle = page.locator('.oracle-text').first();
  await expect(oracle.locator('i.ms.ms-tap')).toBeVisible();
  await expect(oracle.locator('i.ms.ms-g')).toBeVisible();
  await expect(oracle.locator('i.ms')).toHaveCount(2);
  // A screen reader hears the symbols' text (each its own run, hence the spaces); the glyphs are hidden from it.
  expect(await oracle.ariaSnapshot()).toMatch(/^- paragraph: "\(\s*\{T\}\s*: Add \{G\}\s*\.\)"$/);
  // Selecting the rules text copies it as Scryfall wrote it.
  const copied = await oracle.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  expect(copied.trim()).toBe('({T}: Add {G}.)');
});

test('a set keyrune has no symbol for shows its code as text where the symbol goes', async ({ page }) => {
  // The List (plst) has no keyrune glyph; Limited Edition Alpha (lea) has one.
  await page.goto(`/card-details?scryfallid=${TREACHEROUS_TERRAIN_PLST}`);
  const set = page.locator('dl.facts dd').filter({ hasText: 'The List' });
  const code = set.getByRole('img', { name: 'PLST' });
  await expect(code).toBeVisible();
  await expect(code).toHaveText('PLST');
  await expect(set.locator('i.ss')).toHaveCount(0);
  const box = (await code.boundingBox())!;
  expect(box.width).toBeGreaterThan(16);

  await page.goto(`/card-details?scryfallid=${AIR_ELEMENTAL}`);
  const alpha = page.locator('dl.facts dd').filter({ hasText: 'Limited Edition Alpha' });
  await expect(alpha.getByRole('img', { name: 'LEA' })).toHaveClass(/ss-lea/);
  await expect(alpha.locator('.set-code')).toHaveCount(0);
});

test('a common’s set symbol stands out on the dark page, as every other rarity’s does', async ({ page }) => {
  await page.goto(`/card-details?scryfallid=${DARK_RITUAL_LEA}`);
  const symbol = page
    .locator('dl.facts dd')
    .filter({ hasText: 'Limited Edition Alpha' })
    .getByRole('img', { name: 'LEA' });
  await expect(symbol).toHaveClass(/ss-common/);
  // keyrune's own common colour is near-black; on this theme's #0f1320 it could not be seen.
  const luminance = await symbol.evaluate((el) => {
    const [r, g, b] = getComputedStyle(el).color.match(/\d+/g)!.map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });
  expect(luminance).toBeGreaterThan(0.6);
});

test('an older printing’s legalities name Historic Brawl once, and its brawl as Standard Brawl', async ({ page }) => {
  // Llanowar Elves' stored legalities carry `brawl` (then Standard Brawl) beside `historicbrawl` (issue 38).
  await page.goto('/card-details?scryfallid=d4f1cc9e-4f99-4c26-ac1b-8ef069fa8ceb');
  const names = page.locator('ul.legalities li span:first-child');
  await expect(names.first()).toBeVisible();
  const all = (await names.allTextContents()).map((t) => t.trim());
  expect(all.filter((n) => n === 'Historic Brawl')).toHaveLength(1);
  await expect(page.locator('.legality', { hasText: 'Historic Brawl' })).toContainText('Legal');
  await expect(page.locator('.legality', { hasText: 'Standard Brawl' })).toContainText('Not legal');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('legalities-390.png'), fullPage: true });
});
