import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fixtureCardLines } from '@cardstock/fixtures';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { importCatalog } from './support/catalog.ts';
import { publicShop, registerShop, stock } from './support/seed.ts';

const HOSTILE_CARD = '<img src=x onerror="window.__pwned=1">Goblin <b>Guide</b>';
const HOSTILE_TEXT = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"> & Sons';

/**
 * A printing from the card fixture, renamed to markup: card data comes from outside and is never trusted. A card of
 * its own (its own oracle id), so it is never listed among the printings of the card it was copied from.
 */
function hostileCatalog(): string {
  const first = fixtureCardLines(1)[0]!;
  const copied = JSON.parse(first) as Record<string, unknown>;
  const card = { ...copied, id: randomUUID(), oracle_id: randomUUID(), name: HOSTILE_CARD };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xss-')), 'hostile.ndjson');
  fs.writeFileSync(file, JSON.stringify(card));
  importCatalog(file);
  return card.id;
}

/** Nothing ran: no dialog, no flag set by injected script, no injected element in the page. */
async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'Guide' })).toHaveCount(0);
}

test('card names and shop texts with markup show as text on the staff screens and the storefront', async ({
  context,
  page,
  request,
}) => {
  const cardId = hostileCatalog();
  const account = await registerShop(request, HOSTILE_TEXT);
  await stock(request, account, [{ card: cardId, quantity: 2 }]);
  const subdomain = await publicShop(request, account, { shop_description: HOSTILE_TEXT });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
  await useSession(context, account);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${HOSTILE_TEXT}`);
  await expectInert(page);

  await page.goto('/inventory-management');
  await expect(page.getByText(HOSTILE_CARD).first()).toBeVisible();
  await expectInert(page);

  await page.goto(`/shop/${subdomain}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_TEXT);
  await expect(page.getByText(HOSTILE_CARD).first()).toBeVisible();
  await expect(page).toHaveTitle(`${HOSTILE_TEXT} — Cardstock`);
  await expectInert(page);

  await page.goto('/shop-home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_TEXT);
  await expectInert(page);
});
