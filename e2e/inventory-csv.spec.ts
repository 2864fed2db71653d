import { randomUUID } from 'node:crypto';
import { messages } from '@cardstock/contract';
import { fixtureCards, LAYOUTS, type FixtureCard, type LayoutName, type StockLine } from '@cardstock/fixtures';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { api, bodyOf, isCall } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { registerShop } from './support/seed.ts';

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
  const body = bodyOf(await api(request, account).call('search', { q: '*' }));
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
  const stocked = csvFile('delverlens-scryfall', stock().slice(0, -1));
  bodyOf(await api(request, a).upload('inventoryImport', { accept_partial: 'true', file: stocked }));
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
  const line = review.getByRole('radiogroup', { name: m.reviewLine(2, 'Lightning Bolt') });
  await expect(line.getByRole('radio')).toHaveCount(bolts.length + 1);
  await expect(line.getByRole('radio', { name: m.reviewLeaveOut })).toBeChecked();
  // Left out, nothing can be imported.
  await expect(dialog.getByRole('button', { name: /Import/ })).toBeDisabled();

  const fca = line.getByRole('radio', { name: new RegExp(`\\(FCA\\) #${chosen.collector_number} `) });
  await expect(fca).toHaveCount(1);
  await fca.check();
  const importButton = dialog.getByRole('button', { name: 'Import 1 line' });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByText(m.uploadSuccess)).toBeVisible();
  expect(await hits(request, account)).toEqual([`${chosen.id}|nonfoil|NM|3`]);
});

test('a line whose own printing the catalog lacks: the review shows the file’s printing, says so, and leaves it out', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Missing Printing');
  await useSession(context, account);
  const bolt = fixtureCards().find((c) => c.name === 'Lightning Bolt' && c.set === '2x2')!;
  const file = {
    name: 'manabox-missing.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n' +
        `Lightning Bolt,2x2,${bolt.collector_number},${bolt.id},nonfoil,NM,1,\n` +
        'Lightning Bolt,2x2,9999,,foil,LP,2,\n',
    ),
  };
  await page.goto('/inventory-management');
  await page.getByRole('button', { name: 'Mass Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Upload Inventory' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const line = dialog.getByRole('radiogroup', { name: m.reviewLine(3, 'Lightning Bolt') });
  await expect(line).toContainText(m.reviewAsWritten('2X2 · #9999 · Foil · LP · English · 2 copies'));
  await expect(line.getByText(m.reviewNotInCatalog)).toBeVisible();
  await expect(line.getByRole('radio', { name: m.reviewLeaveOut })).toBeChecked();
  await expect(line.getByRole('radio', { name: /\(2X2\) #/ })).toHaveCount(1);
  if (process.env.E2E_SCREENSHOTS) {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await line.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/review-missing-${width}.png` });
    }
  }
  // Left out, the good line imports alone.
  await dialog.getByRole('button', { name: 'Import the 1 good line' }).click();
  await expect(page.getByText(m.uploadSuccess)).toBeVisible();
  expect(await hits(request, account)).toEqual([`${bolt.id}|nonfoil|NM|1`]);
});

test('export for another tool, then make a file the inventory: the difference first, the count of rows set to 0 confirmed, then they go to 0', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Syncer');
  const lines = stock().slice(0, -1);
  bodyOf(await api(request, account).upload('inventoryImport', { file: csvFile('delverlens-scryfall', lines) }));
  await useSession(context, account);
  await page.goto('/inventory-management');

  await page.getByLabel(m.exportFormatLabel).selectOption({ label: 'Moxfield' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^inventory_export_\d{4}-\d{2}-\d{2}_moxfield\.csv$/);

  // The counted shelf: two of the twelve rows, with new counts.
  // (Delver Lens writes no condition: every row is Near Mint.)
  const counted = lines.slice(0, 2).map((line) => ({ ...line, quality: 'NM' as const, quantity: 9, price: undefined }));
  await page.getByRole('button', { name: 'Mass Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Upload Inventory' });
  await dialog.getByLabel(m.importModes.sync).check();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('cardstock', counted));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const changes = dialog.getByRole('region', { name: m.differenceTitle });
  await expect(changes).toContainText(
    m.differenceSummary({ new_rows: 0, quantities_changed: 2, prices_changed: 0, zeroed: 10 }),
  );
  await expect(changes.locator('tbody tr')).toHaveCount(12);
  await expect(changes.locator('tbody tr').first()).toContainText('→ 9');
  // Nothing is written by the check.
  expect((await hits(request, account)).filter((h) => !h.endsWith('|0'))).toHaveLength(12);

  // 10 of the 12 rows with copies to 0: the server asks for the count, and the dialog asks the owner for it.
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(m.syncZeroWarning(10, 12));
  await expect(warning.locator('.text-error')).toBeVisible();
  const commit = dialog.getByRole('button', { name: 'Import 2 lines and set 10 rows to 0' });
  await expect(commit).toBeDisabled();
  if (process.env.E2E_SCREENSHOTS) {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/sync-confirm-${width}.png` });
    }
  }
  await warning.getByLabel(m.syncZeroConfirm(10)).check();
  await commit.click();
  await expect(page.getByText(m.uploadSuccess)).toBeVisible();
  const left = (await hits(request, account)).filter((h) => !h.endsWith('|0'));
  expect(left).toEqual(counted.map((l) => `${l.card.id}|${l.finish}|${l.quality}|9`).sort());
});

test('a large file: the upload’s bar, then the server’s reading of it, then the report; the import sends no file', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const account = await registerShop(request, 'Big Importer');
  await useSession(context, account);
  await page.goto('/inventory-management');
  // 100,000 lines over the fixture's printings, every finish and condition: about 10 MB.
  const cards = fixtureCards();
  const qualities = ['NM', 'LP', 'MP', 'HP', 'D'] as const;
  const lines: StockLine[] = Array.from({ length: 100_000 }, (_, i) => {
    const card = cards[i % cards.length]!;
    return { card, finish: card.finishes[0] as StockLine['finish'], quality: qualities[i % 5]!, quantity: 1 };
  });
  const file = csvFile('cardstock', lines);

  await page.getByRole('button', { name: 'Mass Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Upload Inventory' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  const imports: Request[] = [];
  page.on('request', (r) => {
    if (isCall(r, 'inventoryImport')) imports.push(r);
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // The server's progress, while it reads: some lines read, not all.
  await expect(dialog.getByLabel(m.checkProgress)).toBeVisible();
  await expect(dialog.getByText(/^Checking: [1-9]\d* lines read, \d+ matched…$/)).toBeVisible();
  const report = dialog.getByRole('status');
  await expect(report).toContainText('All 100000 lines can be imported.', { timeout: 60_000 });

  await dialog.getByRole('button', { name: 'Import 100000 lines' }).click();
  await expect(page.getByText(m.uploadSuccess)).toBeVisible({ timeout: 60_000 });
  // The check carried the 10 MB file; the import only its id.
  const sent = await Promise.all(imports.map(async (r) => Number((await r.allHeaders())['content-length'])));
  expect(sent).toHaveLength(2);
  expect(sent[0]).toBeGreaterThan(file.buffer.length);
  expect(sent[1]).toBeLessThan(2_000);
});

test('many lines refused for the same reason read as one line with a count, opened for their numbers', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request);
  await useSession(context, account);
  await page.goto('/inventory-management');
  const unknown = Array.from({ length: 5 }, () => 'Card Nobody Printed,1,NM').join('\n');
  const { report } = await uploadThroughDialog(page, {
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Name,Quantity,Condition\nAir Elemental,1,NM\nAir Elemental,1,LP\n${unknown}\n`),
  });
  const refused = report.locator('.refused-lines li');
  await expect(refused).toHaveCount(1);
  const summary = refused.first().locator('summary');
  await expect(summary).toHaveText('No printing found for "Card Nobody Printed". — 5 lines');
  await expect(refused.first().getByText('Lines 4, 5, 6, 7, 8')).toBeHidden();
  await summary.click();
  await expect(refused.first().getByText('Lines 4, 5, 6, 7, 8')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('refusals-grouped-1440.png') });
});
