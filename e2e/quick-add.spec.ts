import fs from 'node:fs';
import { messages, readScanCode } from '@cardstock/contract';
import { fixtureCards, type FixtureCard } from '@cardstock/fixtures';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { member, registerShop } from './support/seed.ts';

const m = messages.inventory;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

/**
 * Printings of the fixture a scanner's "SET NUMBER" names alone: the only printing of its set and number, its number
 * no other number's start (so "74" is not "74a"'s), read by the code reader as a set and number.
 */
function codedPrintings(): FixtureCard[] {
  const cards = fixtureCards();
  const key = (c: FixtureCard) => `${c.set}|${c.collector_number.toLowerCase()}`;
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  return cards.filter(
    (c) => counts.get(key(c)) === 1 && readScanCode(`${c.set} ${c.collector_number}`)?.kind === 'set_number',
  );
}

const codeOf = (c: FixtureCard) => `${c.set.toUpperCase()} ${c.collector_number}`;

test('a scanner session: 50 codes typed with Enter, shortcuts switch the defaults, a picker chooses, Ctrl+Z takes one back', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Scanner Station');
  await useSession(context, account);
  const coded = codedPrintings();
  const used = new Set<string>();
  const take = (n: number, finish: 'nonfoil' | 'foil') => {
    const picked = coded.filter((c) => c.finishes.includes(finish) && !used.has(c.id)).slice(0, n);
    picked.forEach((c) => used.add(c.id));
    expect(picked).toHaveLength(n);
    return picked;
  };
  const plain = take(25, 'nonfoil');
  const foil = take(15, 'foil');
  const german = take(8, 'nonfoil');

  await page.goto('/inventory-management');
  await page.getByRole('link', { name: m.quickAddButton }).click();
  await expect(page).toHaveURL(/\/inventory-management\/quick-add$/);
  const box = page.getByLabel(m.quickAddCodeLabel);
  await expect(box).toBeFocused();
  await expect(page.getByText(m.quickAddEmpty)).toBeVisible();
  const scan = (code: string) => page.keyboard.type(`${code}\n`);

  // As a scanner types: a code and Enter, without waiting for the answers.
  for (const card of plain) await scan(codeOf(card));
  // Foil, LP: a shortcut alone and Enter each, shown pressed at once.
  await scan('f');
  await scan('2');
  await expect(
    page.getByRole('group', { name: m.quickAddFinish }).getByRole('button', { name: 'Foil', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('group', { name: m.quickAddCondition }).getByRole('button', { name: 'LP' }),
  ).toHaveAttribute('aria-pressed', 'true');
  for (const card of foil) await scan(codeOf(card).toLowerCase());
  await scan('n');
  await scan('1');
  await scan('l');
  await expect(page.getByLabel(m.quickAddLanguage)).toHaveValue('de');
  for (const card of german) await scan(codeOf(card));
  await expect(page.getByText(m.quickAddTotals(48, '', 0).split(',')[0]!)).toBeVisible();

  // A number with four printings: the picker, keyboard only.
  await scan('FEM 74');
  const picker = page.getByRole('dialog', { name: m.quickAddPickTitle('FEM 74') });
  await expect(picker.getByRole('option')).toHaveCount(4);
  await expect(picker.getByRole('listbox')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('quick-add-picker.png') });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(box).toBeFocused();
  // A code that names nothing stays on the list, in red, with why; the session goes on.
  await scan('ZZZ 999');
  await expect(page.locator('.quick-add-failed')).toContainText('ZZZ 999');
  await scan(codeOf(plain[0]!));
  await expect(page.getByText(/^50 copies added/)).toBeVisible();
  const rows = page.locator('.quick-add-session tbody tr');
  await expect(rows.first()).toContainText(plain[0]!.name);
  // The picked printing, with the defaults of its scan (German since `l`).
  await expect(rows.filter({ hasText: 'Thallid' }).first()).toContainText(/FEM 74b.*German/);
  await page.screenshot({ path: test.info().outputPath('quick-add-session.png'), fullPage: true });

  // Ctrl+Z: the last copy goes back off the stock, struck through on the list.
  await page.keyboard.press('Control+z');
  await expect(page.getByText(/^49 copies added/)).toBeVisible();
  await expect(rows.first()).toHaveClass(/quick-add-undone/);

  // What the stock holds: exactly the session's copies, in the finishes, conditions and languages chosen.
  const { inventory } = bodyOf(await api(request, account).call('inventoryList', { page: '1', filter: '' }));
  const kind = (c: FixtureCard) => inventory.find((r) => r.card_scryfallid === c.id);
  expect(inventory.reduce((n, r) => n + r.inv_quantity, 0)).toBe(49);
  expect(kind(plain[0]!)).toMatchObject({
    inv_finish: 'nonfoil',
    inv_quality: 'NM',
    inv_language: 'en',
    inv_quantity: 1,
  });
  for (const card of foil)
    expect(kind(card)).toMatchObject({ inv_finish: 'foil', inv_quality: 'LP', inv_language: 'en' });
  for (const card of german)
    expect(kind(card)).toMatchObject({ inv_finish: 'nonfoil', inv_quality: 'NM', inv_language: 'de' });

  // The session as a CSV: a line per row, its copies counted.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m.quickAddDownload }).click(),
  ]);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe(
    'Name,Set code,Collector number,Scryfall ID,Finish,Condition,Language,Quantity,Price,Location,Kind,Label',
  );
  expect(csv).toHaveLength(1 + 49);

  // A reload keeps the session and the defaults.
  await page.reload();
  await expect(page.getByText(/^49 copies added/)).toBeVisible();
  await expect(page.getByLabel(m.quickAddLanguage)).toHaveValue('de');

  // A long session shows its latest lines (a table redrawn whole at every scan would slow the scanner), all on asking.
  const lines = page.locator('.quick-add-session tbody tr');
  const kept = await lines.count();
  // Older lines put into the kept session as the next page loads (the page leaving writes its own session first).
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('older-lines-added')) return;
    sessionStorage.setItem('older-lines-added', '1');
    const session = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
    const older = Array.from({ length: 80 }, (_, i) => ({
      kind: 'failed',
      id: `older-${i}`,
      code: `OLD ${i}`,
      message: 'An earlier code.',
    }));
    sessionStorage.setItem(key, JSON.stringify([...session, ...older]));
  }, 'cardstock:quick-add-session');
  await page.reload();
  await expect(page.getByText(m.quickAddShowingLatest(100, kept + 80))).toBeVisible();
  await expect(lines).toHaveCount(100);
  await page.getByRole('button', { name: m.quickAddShowAll }).click();
  await expect(lines).toHaveCount(kept + 80);
  await expect(page.getByText(/^49 copies added/)).toBeVisible();
});

test('a label scanned in quick add adds to exactly its row; a Watcher sees no Quick add', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Label Lane');
  const [card] = codedPrintings().filter((c) => c.finishes.includes('foil'));
  const owner = api(request, account);
  bodyOf(await owner.call('inventoryAdd', { scryfall_id: card!.id, quantity: 1, foil: true, quality: 'HP' }));
  const row = bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).inventory[0]!;
  await useSession(context, account);
  await page.goto('/inventory-management/quick-add');
  await page.getByLabel(m.quickAddCodeLabel).fill(row.label_code);
  await page.keyboard.press('Enter');
  await expect(page.locator('.quick-add-session tbody tr').first()).toContainText('HP');
  expect(bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).inventory[0]).toMatchObject({
    inv_pkey: row.inv_pkey,
    inv_quantity: 2,
  });

  const watcher = await member(request, account, 'Watcher');
  await context.clearCookies();
  await useSession(context, watcher, 'Watcher');
  await page.goto('/inventory-management');
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  await expect(page.getByRole('link', { name: m.quickAddButton })).toHaveCount(0);
  await page.goto('/inventory-management/quick-add');
  await expect(page.getByRole('alert')).toHaveText(m.quickAddNotAllowed);
});
