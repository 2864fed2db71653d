import { randomUUID } from 'node:crypto';
import { messages } from '@cardstock/contract';
import { fixtureCards, LAYOUTS, type FixtureCard, type LayoutName, type StockLine } from '@cardstock/fixtures';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerShop, useSession, type Account } from './support/accounts.ts';
import { importFixtureCatalog } from './support/catalog.ts';

const m = messages.inventory;

/** Stock of the card fixture in several finishes and conditions, and one printing no catalog knows. */
function stock(): StockLine[] {
  const cards = fixtureCards().filter((c) => c.finishes.includes('nonfoil') && c.finishes.includes('foil'));
  const qualities = ['NM', 'LP', 'MP', 'HP', 'D'] as const;
  const lines: StockLine[] = cards.slice(0, 12).map((card, i) => ({
    card,
    finish: i % 3 === 0 ? 'foil' : 'nonfoil',
    quality: qualities[i % 5]!,
    quantity: 1 + (i % 4),
    price: 0.5 + i,
  }));
  const unknown: FixtureCard = {
    ...cards[0]!,
    id: randomUUID(),
    name: 'Nobody Printed This',
    collector_number: '9999',
  };
  return [...lines, { card: unknown, finish: 'nonfoil', quality: 'NM', quantity: 1 }];
}

/** A file in a tool's layout, as the file chooser takes it. */
const csvFile = (layout: LayoutName, lines: StockLine[]) => ({
  name: `${layout}.csv`,
  mimeType: 'text/csv',
  buffer: Buffer.from(LAYOUTS[layout].write(lines)),
});

test.beforeAll(() => importFixtureCatalog());

async function hits(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/search', { data: { token: account.token, q: '*' } });
  const body = (await res.json()) as {
    data: { hits: { scryfallId: string; finish: string; quality: string; quantity: number }[] };
  };
  return body.data.hits.map((h) => `${h.scryfallId}|${h.finish}|${h.quality}|${h.quantity}`).sort();
}

async function uploadThroughDialog(page: Page, file: string | ReturnType<typeof csvFile>) {
  await page.getByRole('button', { name: 'Mass Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Upload Inventory' });
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const report = dialog.getByRole('status');
  await expect(report).toContainText(/lines can be imported/);
  return { dialog, report };
}

for (const [tool, layout] of [
  ['ManaBox', 'manabox'],
  ['Deckbox', 'deckbox'],
] as const) {
  test(`a ${tool} export: the dry-run report first, then the rows`, async ({ page, context, request }) => {
    const account = await registerShop(request);
    await useSession(context, account);
    await page.goto('/inventory-management');
    const { dialog, report } = await uploadThroughDialog(page, csvFile(layout, stock()));
    await expect(report).toContainText(`Read as a ${tool.toLowerCase()} export`);
    await expect(report.getByText('These lines cannot be imported:')).toBeVisible();
    // The printing no catalog knows is the file's last line: 13 lines after the header.
    await expect(report.locator('.refused-lines li')).toHaveCount(1);
    await expect(report.locator('.refused-lines li').first()).toContainText(/^Line 14: /);
    // Nothing is written by the check.
    expect(await hits(request, account)).toEqual([]);
    await expect(page.getByText(m.empty)).toBeVisible();

    await dialog.getByRole('button', { name: /^Import the \d+ good lines$/ }).click();
    await expect(page.getByText(m.uploadSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    const rows = await hits(request, account);
    expect(rows).toHaveLength(12);
    await expect(page.locator('tbody tr')).toHaveCount(rows.length);
  });
}

test('export, then import into another shop, gives the same inventory', async ({ page, context, request, browser }) => {
  const a = await registerShop(request, 'Exporter');
  const upload = await request.post('/api/shop/inventory/csv/import', {
    multipart: {
      token: a.token,
      accept_partial: 'true',
      file: csvFile('delverlens-scryfall', stock().slice(0, -1)),
    },
  });
  expect(upload.status()).toBe(200);
  await useSession(context, a);
  await page.goto('/inventory-management');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inventory_export_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText(m.exported)).toBeVisible();
  const saved = await file.path();

  const b = await registerShop(request, 'Importer');
  const other = await browser.newContext();
  await useSession(other, b);
  const page2 = await other.newPage();
  await page2.goto('/inventory-management');
  const { dialog, report } = await uploadThroughDialog(page2, saved);
  await expect(report).toContainText('Read as a cardstock export');
  await dialog.getByRole('button', { name: /^Import \d+ lines$/ }).click();
  await expect(page2.getByText(m.uploadSuccess)).toBeVisible();
  expect(await hits(request, b)).toEqual(await hits(request, a));
  await other.close();
});

test('a line several printings could be waits for the owner’s pick; only the picked printing is stocked', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Careful Imports');
  await useSession(context, account);
  const bolts = fixtureCards().filter((c) => c.name === 'Lightning Bolt' && c.finishes.includes('nonfoil'));
  const chosen = bolts.find((c) => c.set === 'fca')!;
  const file = {
    name: 'names-only.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\nLightning Bolt,,,,nonfoil,NM,3,\n',
    ),
  };
  await page.goto('/inventory-management');
  const { dialog } = await uploadThroughDialog(page, file);
  const review = dialog.getByRole('group', { name: m.reviewTitle });
  const line = review.getByLabel(m.reviewLine(2, 'Lightning Bolt'));
  await expect(line.getByRole('option')).toHaveCount(bolts.length + 1);
  await expect(line).toHaveValue('');
  // Left out, nothing can be imported.
  await expect(dialog.getByRole('button', { name: /Import/ })).toBeDisabled();

  await expect(line.getByRole('option', { name: new RegExp(`\\(FCA\\) #${chosen.collector_number} `) })).toHaveCount(1);
  await line.selectOption(chosen.id);
  const importButton = dialog.getByRole('button', { name: 'Import 1 lines' });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByText(m.uploadSuccess)).toBeVisible();
  expect(await hits(request, account)).toEqual([`${chosen.id}|nonfoil|NM|3`]);
});
