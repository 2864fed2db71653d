import { messages } from '@cardstock/contract';
import { fixtureCards, LAYOUTS, type StockLine } from '@cardstock/fixtures';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf, isCall } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { registerShop, sellList, stock } from './support/seed.ts';

/** Issue 21: Owners and Managers read who changed what on the Activity screen. */
const m = messages.activity;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('the owner sets a price, then reads it on the Activity screen, filters it, and shares the view as a link', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Ledger Games');
  const [card] = await pricedCards(request, 'counterspell', 1);
  await stock(request, account, [{ card: card!, quantity: 2 }]);
  await useSession(context, account);

  await page.goto('/inventory-management');
  await page
    .getByRole('row', { name: new RegExp(card!.name) })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await edit.getByLabel('Quantity').fill('3');
  await edit.getByLabel(messages.inventory.askingPrice).fill('2.75');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Activity/ }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText(`Edited ${card!.name} (Non-Foil, NM): quantity 3, price $2.75`);
  await expect(rows.nth(1)).toContainText(account.email);
  await expect(rows.nth(2)).toContainText(`Added 2 × ${card!.name} (Non-Foil, NM)`);
  await expect(page.getByText(m.count(2))).toBeVisible();

  await page.getByLabel(m.kind, { exact: true }).selectOption('order');
  await expect(page).toHaveURL(/kind=order/);
  await expect(page.getByText(m.empty)).toBeVisible();
  // The filtered view is a link: opened anew, it shows the same.
  await page.reload();
  await expect(page.getByLabel(m.kind, { exact: true })).toHaveValue('order');
  await expect(page.getByText(m.empty)).toBeVisible();
  await page.goBack();
  // Back is the address's: the filter it walked back from does not stay shown.
  await expect(page.getByLabel(m.kind, { exact: true })).toHaveValue('');
  await expect(rows.nth(1)).toContainText(`Edited ${card!.name}`);

  await page.getByLabel(m.person, { exact: true }).selectOption(account.email);
  await page.getByLabel(m.kind, { exact: true }).selectOption('inventory');
  await expect(page.getByLabel(m.person, { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel(m.kind, { exact: true })).toHaveValue('inventory');
  await expect(page.getByText(m.count(2))).toBeVisible();
  const today = new Date();
  const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await page.getByLabel(m.from, { exact: true }).fill(local);
  await page.getByLabel(m.to, { exact: true }).fill(local);
  await expect(page.getByText(m.count(2))).toBeVisible();
  await page.getByRole('button', { name: m.clear }).click();
  await expect(page).toHaveURL(/\/activity$/);
});

test('an Employee has no Activity tile and is told who can read it', async ({ page, context, request }) => {
  const account = await registerShop(request, 'Staff Room Games');
  await useSession(context, account, 'Employee');
  const calls: string[] = [];
  page.on('request', (req) => {
    if (isCall(req, 'shopActivity')) calls.push(req.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: /Statistics/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Activity/ })).toHaveCount(0);
  await page.goto('/activity');
  await expect(page.getByText(m.notAllowed)).toBeVisible();
  expect(calls).toEqual([]);
});

test('a buy order’s events read as sentences on the Activity screen, not as codes', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Sentence Games');
  const [card] = await pricedCards(request, 'counterspell', 1);
  const sold = [{ scryfall_id: card!.id, quality: 'NM' as const, quantity: 1 }];
  const { buy_number: buyNumber } = await sellList(request, account, sold, { name: 'Sid Seller', phone: '555 0101' });
  bodyOf(await api(request, account).call('buylistReject', { buy_number: buyNumber, reason: 'played copies' }));
  await useSession(context, account);
  await page.goto('/activity');
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText(`Rejected buy order ${buyNumber}: “played copies”`);
  await expect(rows.nth(2)).toContainText(`Took sell list ${buyNumber} (1 line)`);
  await expect(page.getByText('buylist.')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('activity-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('activity-390.png'), fullPage: true });
});

test('a sync that set rows to 0 names its file, and lists the rows it took under the sentence', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Zeroed Rows');
  // Four cards of four names, each in both finishes.
  const cards = fixtureCards()
    .filter((c) => c.finishes.includes('nonfoil') && c.finishes.includes('foil'))
    .filter((c, i, all) => all.findIndex((o) => o.name === c.name) === i);
  const lines: StockLine[] = [
    { card: cards[0]!, finish: 'nonfoil', quality: 'NM', quantity: 3 },
    { card: cards[1]!, finish: 'nonfoil', quality: 'NM', quantity: 2 },
    { card: cards[2]!, finish: 'foil', quality: 'LP', quantity: 4, language: 'ja' },
    { card: cards[3]!, finish: 'nonfoil', quality: 'HP', quantity: 1 },
  ];
  const file = { name: 'start.csv', mimeType: 'text/csv', buffer: Buffer.from(LAYOUTS.cardstock.write(lines)) };
  bodyOf(await api(request, account).upload('inventoryImport', { file }));
  await useSession(context, account);

  // The counted shelf names the first two rows: a sync through the dialog takes the other two to 0.
  await page.goto('/inventory-management');
  await page.getByRole('button', { name: 'Mass Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Upload Inventory' });
  await dialog.getByLabel(messages.inventory.importModes.sync).check();
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'counted-shelf.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(LAYOUTS.cardstock.write(lines.slice(0, 2))),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByRole('button', { name: 'Import 2 lines and set 2 rows to 0' }).click();
  await expect(page.getByText(messages.inventory.uploadSuccess)).toBeVisible();

  await page.goto('/activity');
  const entry = page.getByRole('row').nth(1);
  await expect(entry).toContainText(
    'Imported “counted-shelf.csv” (cardstock, made the inventory): 2 rows, 0 added, 2 rows set to 0, 0 refused',
  );
  // Folded until asked for; the older import set nothing to 0 and lists nothing.
  const show = entry.getByText(m.zeroedShow(2));
  const zeroed = entry.getByRole('table');
  await expect(zeroed).toBeHidden();
  await expect(
    page
      .getByRole('row')
      .nth(2)
      .getByText(/set to 0/),
  ).toHaveCount(0);
  await show.click();
  await expect(zeroed).toBeVisible();
  await expect(zeroed.getByRole('columnheader')).toHaveText([
    'Name',
    'Set',
    'Number',
    'Finish',
    'Condition',
    'Language',
    'Copies',
  ]);
  const [, , foil, hp] = lines;
  await expect(zeroed.locator('tbody tr')).toHaveCount(2);
  await expect(zeroed.getByRole('row', { name: new RegExp(escape(foil!.card.name)) }).getByRole('cell')).toHaveText([
    foil!.card.name,
    foil!.card.set.toUpperCase(),
    foil!.card.collector_number,
    'Foil',
    'LP',
    'Japanese',
    '4',
  ]);
  await expect(zeroed.getByRole('row', { name: new RegExp(escape(hp!.card.name)) }).getByRole('cell')).toHaveText([
    hp!.card.name,
    hp!.card.set.toUpperCase(),
    hp!.card.collector_number,
    'Non-Foil',
    'HP',
    'English',
    '1',
  ]);
  await show.click();
  await expect(zeroed).toBeHidden();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
