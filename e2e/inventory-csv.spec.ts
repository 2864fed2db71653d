import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerShop, useSession, type Account } from './support/accounts.ts';
import { importSharedCatalog, sharedCards } from './support/catalog.ts';

const m = messages.inventory;
const sharedCsv = (name: string) => path.resolve(path.dirname(sharedCards), '../csv', name);

test.beforeAll(() => importSharedCatalog());

async function hits(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/search', { data: { token: account.token, q: '*' } });
  const body = (await res.json()) as {
    data: { hits: { scryfallId: string; finish: string; quality: string; quantity: number }[] };
  };
  return body.data.hits.map((h) => `${h.scryfallId}|${h.finish}|${h.quality}|${h.quantity}`).sort();
}

async function uploadThroughDialog(page: Page, file: string) {
  await page.getByRole('button', { name: 'Mass Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mass Upload Inventory' });
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const report = dialog.getByRole('status');
  await expect(report).toContainText(/lines can be imported/);
  return { dialog, report };
}

for (const [tool, file] of [
  ['ManaBox', 'manabox_2026.csv'],
  ['Deckbox', 'deckbox_2026.csv'],
] as const) {
  test(`a real ${tool} export: the dry-run report first, then the rows`, async ({ page, context, request }) => {
    const account = await registerShop(request);
    await useSession(context, account);
    await page.goto('/inventory-management');
    const { dialog, report } = await uploadThroughDialog(page, sharedCsv(file));
    await expect(report).toContainText(`Read as a ${tool.toLowerCase()} export`);
    await expect(report.getByText('These lines cannot be imported:')).toBeVisible();
    await expect(report.locator('.refused-lines li').first()).toContainText(/^Line \d+: /);
    // Nothing is written by the check.
    expect(await hits(request, account)).toEqual([]);
    await expect(page.getByText(m.empty)).toBeVisible();

    await dialog.getByRole('button', { name: /^Import the \d+ good lines$/ }).click();
    await expect(page.getByText(m.uploadSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    const rows = await hits(request, account);
    expect(rows.length).toBeGreaterThan(0);
    await expect(page.locator('tbody tr')).toHaveCount(rows.length);
  });
}

test('export, then import into another shop, gives the same inventory', async ({ page, context, request, browser }) => {
  const a = await registerShop(request, 'Exporter');
  const upload = await request.post('/api/shop/inventory/csv/import', {
    multipart: {
      token: a.token,
      accept_partial: 'true',
      file: { name: 'd.csv', mimeType: 'text/csv', buffer: fs.readFileSync(sharedCsv('delverlens_scryfall.csv')) },
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
