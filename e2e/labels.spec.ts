import { messages, readScanCode } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { registerShop, stock } from './support/seed.ts';

const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('labels for a search: Code 128 of each row’s label code with its card, kind and price, on Avery sheets or a roll, printed alone', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Label Works');
  const cards = await pricedCards(request, 'dragon', 3, { distinctNames: true });
  await stock(request, account, [
    { card: cards[0]!, quantity: 2, foil: false, quality: 'NM' },
    { card: cards[1]!, quantity: 3, foil: false, quality: 'LP', language: 'ja' },
    { card: cards[2]!, quantity: 1, foil: false, quality: 'NM' },
  ]);
  const { inventory } = bodyOf(await api(request, account).call('inventoryList', { page: '1', filter: '' }));
  const rowOf = (id: string) => inventory.find((r) => r.card_scryfallid === id)!;
  await useSession(context, account);

  // From the inventory's search: the rows it finds.
  await page.goto('/inventory-management');
  await page.getByLabel(m.searchPlaceholder).fill(cards[1]!.name);
  await expect(page.getByRole('table').first().locator('tbody tr')).toHaveCount(1);
  await page.getByRole('link', { name: m.labelsButton }).click();
  await expect(page).toHaveURL(/\/inventory-management\/labels\?filter=/);
  await expect(page.getByText(m.labelsCount(1, 1))).toBeVisible();
  const label = page.locator('.label:not(.label-blank)');
  await expect(label).toHaveCount(1);
  const japanese = rowOf(cards[1]!.id);
  await expect(label).toContainText(cards[1]!.name);
  await expect(label).toContainText(
    `${japanese.card_setCode.toUpperCase()} ${japanese.card_collector_number} · LP · JA`,
  );
  await expect(label).toContainText(`$${japanese.price!.toFixed(2)}`);
  // The barcode is the row's label code, which the scanners read back as that row.
  await expect(label.getByRole('img', { name: `Barcode ${japanese.label_code}` })).toBeVisible();
  await expect(label.locator('svg rect').first()).toBeAttached();
  expect(readScanCode(japanese.label_code)).toEqual({ kind: 'label', row: japanese.inv_pkey });

  // One per copy; a used sheet's first positions left blank.
  await page.getByLabel(m.labelsPerCopy).check();
  await expect(page.getByText(m.labelsCount(3, 1))).toBeVisible();
  await page.getByLabel(m.labelsSkip).fill('4');
  await expect(page.locator('.label-blank')).toHaveCount(4);

  // Every row, on A4 sheets, then on a thermal roll: one label a page.
  await page.goto('/inventory-management/labels?per=copy&stock=avery-l7160');
  await expect(page.getByText(m.labelsCount(6, 1))).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: m.labelsPrint })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('labels-a4-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel(m.labelsStock).selectOption('thermal-225x125');
  await expect(page.getByText(m.labelsCount(6, 6))).toBeVisible();
  await expect(page.getByLabel(m.labelsSkip)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('labels-thermal.png') });
  // The browser's own print of the page (Chromium's PDF, print media): one page per thermal label.
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(6);
});

test('labels to reprint: printing keeps each label’s price; a price changed after puts the row on the list', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Reprint Row');
  const cards = await pricedCards(request, 'dragon', 2, { distinctNames: true });
  await stock(request, account, [
    { card: cards[0]!, quantity: 1, foil: false, quality: 'NM', asking_price: 2 },
    { card: cards[1]!, quantity: 1, foil: false, quality: 'NM', asking_price: 3 },
  ]);
  await useSession(context, account);
  await page.goto('/inventory-management/labels');
  await expect(page.getByText(m.labelsCount(2, 1))).toBeVisible();
  // Print (the dialog does nothing headless): both rows now keep the prices their labels show.
  const marked = page.waitForResponse((r) => r.url().endsWith('/api/shop/inventory/labels/printed'));
  await page.getByRole('button', { name: m.labelsPrint }).click();
  expect((await marked).status()).toBe(200);

  await page.goto('/inventory-management');
  await expect(page.getByRole('link', { name: /Labels to reprint/ })).toHaveCount(0);
  await page
    .getByRole('row', { name: new RegExp(cards[0]!.name) })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Inventory' });
  await edit.getByLabel(m.askingPrice).fill('2.50');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('link', { name: m.labelsReprintButton(1) }).click();
  await expect(page.getByText(m.labelsReprintScope(1))).toBeVisible();
  await expect(page.locator('.label:not(.label-blank)')).toHaveCount(1);
  await expect(page.locator('.label')).toContainText('$2.50');
  await page.getByRole('button', { name: m.labelsPrint }).click();
  await expect(page.getByText(m.labelsNoneFor.reprint)).toBeVisible();
});

test('labels for the rows ticked on Inventory, and for sealed products with their own UPC/EAN', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Chosen Labels');
  const cards = await pricedCards(request, 'dragon', 3, { distinctNames: true });
  await stock(
    request,
    account,
    cards.map((card) => ({ card, quantity: 2, foil: false, quality: 'NM' })),
  );
  const owner = api(request, account);
  bodyOf(
    await owner.call('sealedAdd', {
      name: 'Collector Booster Box',
      category: 'Booster Box',
      price: 250,
      quantity: 2,
      upc: '195166231891',
    }),
  );
  bodyOf(await owner.call('sealedAdd', { name: 'Loose Pack', category: 'Booster Pack', price: 5, quantity: 1 }));
  await useSession(context, account);

  // Two rows ticked, across the table: their labels alone.
  await page.goto('/inventory-management');
  await page.getByRole('checkbox', { name: m.labelsSelect(cards[0]!.name) }).check();
  await page.getByRole('checkbox', { name: m.labelsSelect(cards[2]!.name) }).check();
  await page.getByRole('link', { name: m.labelsSelectedButton(2) }).click();
  await expect(page.getByText(m.labelsSelectedScope(2))).toBeVisible();
  const labels = page.locator('.label:not(.label-blank)');
  await expect(labels).toHaveCount(2);
  await expect(labels.nth(0)).toContainText(cards[0]!.name);
  await expect(labels.nth(1)).toContainText(cards[2]!.name);
  // Kept through a reload (the choice travels with the page's history entry).
  await page.reload();
  await expect(labels).toHaveCount(2);
  const printed = page.waitForResponse((r) => r.url().endsWith('/api/shop/inventory/labels/printed'));
  await page.getByRole('button', { name: m.labelsPrint }).click();
  expect((await printed).request().postDataJSON()).toMatchObject({ ids: expect.any(Array) });
  expect(((await printed).request().postDataJSON() as { ids: number[] }).ids).toHaveLength(2);
  // A label per copy keeps the same two rows (two copies each).
  await page.getByLabel(m.labelsPerCopy).check();
  await expect(labels).toHaveCount(4);
  await expect(labels.filter({ hasText: cards[1]!.name })).toHaveCount(0);

  // Sealed: the box's own UPC-A, which Quick add and the register read as the product; none for a pack without one.
  await page.goto('/inventory-management');
  await page
    .getByRole('region', { name: messages.sealed.title })
    .getByRole('link', { name: m.labelsSealedButton })
    .click();
  await expect(page.getByText(m.labelsSealedScope(2, ''))).toBeVisible();
  const box = labels.filter({ hasText: 'Collector Booster Box' });
  await expect(box).toContainText('$250.00');
  await expect(box.getByRole('img', { name: 'Barcode 195166231891' })).toBeVisible();
  await expect(box.locator('svg rect').first()).toBeAttached();
  const pack = labels.filter({ hasText: 'Loose Pack' });
  await expect(pack).toContainText('Booster Pack');
  await expect(pack.getByRole('img')).toHaveCount(0);
  await page.getByLabel(m.labelsPerCopy).check();
  await expect(page.getByText(m.labelsCount(3, 1))).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: test.info().outputPath('labels-sealed-print.png'), fullPage: true });
});
