import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { registerShop, stock } from './support/seed.ts';

const m = messages.orders;

test.beforeAll(() => importFixtureCatalog());

test('a pick list of the pending orders: lines by location, each with its callout, ticked as picked, printed alone', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Pick Place');
  const cards = await pricedCards(request, 'goblin', 3, { distinctNames: true });
  const places = ['Binder 10', 'Binder 2', undefined];
  await stock(
    request,
    account,
    cards.map((card, i) => ({
      card,
      quantity: 4,
      foil: false,
      quality: 'NM',
      ...(places[i] ? { location: places[i] } : {}),
    })),
  );
  const owner = api(request, account);
  const first = bodyOf(
    await owner.call('placeOrder', { items: cards.map((card) => ({ scryfall_id: card.id, quantity: 1 })) }),
  ).order_number;
  const second = bodyOf(
    await owner.call('placeOrder', { items: [{ scryfall_id: cards[0]!.id, quantity: 2 }] }),
  ).order_number;

  await useSession(context, account);
  await page.goto('/order-management');
  await page.getByRole('link', { name: m.pickListButton }).click();
  await expect(page.getByRole('heading', { name: m.pickListTitle })).toBeVisible();
  await expect(page.getByText(m.pickListSummary(4, 2, 0))).toBeVisible();
  // Binder 2 before Binder 10 (read as numbers), the row kept nowhere last.
  const groups = page.locator('.pick-list-location');
  await expect(groups).toHaveText(['Binder 2', 'Binder 10', m.pickListNoLocation]);
  const rows = page.locator('.pick-list tbody tr:not(.pick-list-location)');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(cards[1]!.name);
  await expect(rows.nth(0)).toContainText(`#${first.split('-').at(-1)}`);
  await expect(rows.nth(1)).toContainText(first);
  await expect(rows.nth(2)).toContainText(second);
  await expect(rows.nth(2).locator('.pick-list-quantity')).toHaveText('2');
  await expect(rows.nth(3)).toContainText(cards[2]!.name);

  // A second tablet on the same list hears the tick without a reload.
  const tablet = await context.newPage();
  await tablet.goto('/order-management/pick-list');
  const tabletRows = tablet.locator('.pick-list tbody tr:not(.pick-list-location)');
  await expect(tabletRows).toHaveCount(4);

  await rows.nth(0).getByRole('checkbox').check();
  await expect(rows.nth(0)).toHaveClass(/pick-list-picked/);
  await expect(page.getByText(m.pickListSummary(4, 2, 1))).toBeVisible();
  await expect(tabletRows.nth(0)).toHaveClass(/pick-list-picked/, { timeout: 2000 });
  await expect(tabletRows.nth(0).getByRole('checkbox')).toBeChecked();
  await tablet.close();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: m.pickListPrint })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('pick-list-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The tick is kept: a reload shows it, and Order Management shows the first order's progress.
  await page.reload();
  await expect(rows.nth(0).getByRole('checkbox')).toBeChecked();
  await page.goto('/order-management');
  const firstRow = page.getByRole('row').filter({ hasText: first });
  await expect(firstRow).toContainText(m.pickedProgress(1, 3));
  await expect(page.getByRole('row').filter({ hasText: second })).not.toContainText('Picked');
  await page.screenshot({ path: test.info().outputPath('order-management-picked.png'), fullPage: true });

  // A list of the orders ticked on Order Management.
  await page.getByRole('checkbox', { name: m.selectOrder(second) }).check();
  await page.getByRole('link', { name: m.pickListSelected(1) }).click();
  await expect(page.getByText(m.pickListSummary(1, 1, 0))).toBeVisible();
  await page.getByRole('link', { name: m.pickListAll }).click();
  await expect(page.getByText(m.pickListSummary(4, 2, 1))).toBeVisible();
  // Unticked again, it is no longer picked anywhere.
  await rows.nth(0).getByRole('checkbox').uncheck();
  await expect(page.getByText(m.pickListSummary(4, 2, 0))).toBeVisible();
  await page.reload();
  await expect(page.getByText(m.pickListSummary(4, 2, 0))).toBeVisible();
});

test('a new order chimes and shows a badge on any staff page, as this device is set', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Chime Place');
  const [card] = await pricedCards(request, 'goblin', 1);
  await stock(request, account, [{ card: card!, quantity: 4, foil: false, quality: 'NM' }]);
  const owner = api(request, account);
  // Counts the notes the page starts: what reaches the speakers.
  await page.addInitScript(() => {
    const notes = { started: 0 };
    (window as unknown as { notes: typeof notes }).notes = notes;
    const start: OscillatorNode['start'] = Reflect.get(OscillatorNode.prototype, 'start');
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      notes.started += 1;
      Reflect.apply(start, this, [when]);
    };
  });
  const notes = () => page.evaluate(() => (window as unknown as { notes: { started: number } }).notes.started);

  await useSession(context, account);
  await page.goto('/order-management');
  const sound = page.getByRole('checkbox', { name: m.newOrderSound });
  const badge = page.getByRole('checkbox', { name: m.newOrderBadge });
  await expect(sound).not.toBeChecked();
  await expect(badge).toBeChecked();
  // Turned on, it is heard once (two notes) so the staff member knows it.
  await sound.check();
  await expect.poll(notes).toBe(2);

  // Elsewhere in the app, an order placed on a tablet: a chime and a badge within a second, and the tab's title.
  await page.getByRole('link', { name: messages.nav.dashboard, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForTimeout(300);
  bodyOf(await owner.call('placeOrder', { items: [{ scryfall_id: card!.id, quantity: 1 }] }));
  const pill = page.getByRole('link', { name: m.newOrdersBadge(1) });
  await expect(pill).toBeVisible({ timeout: 1000 });
  await expect.poll(notes).toBe(4);
  await expect(page).toHaveTitle(/^\(1\) /);
  await page.screenshot({ path: test.info().outputPath('new-order-badge.png') });
  bodyOf(await owner.call('placeOrder', { items: [{ scryfall_id: card!.id, quantity: 1 }] }));
  await expect(page.getByRole('link', { name: m.newOrdersBadge(2) })).toBeVisible({ timeout: 1000 });

  // Seen on Order Management: the badge goes.
  await page.getByRole('link', { name: m.newOrdersBadge(2) }).click();
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await expect(page.locator('.new-orders-badge')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(/);

  // Set off, the setting is kept on this device: no sound, no badge.
  await sound.uncheck();
  await badge.uncheck();
  await page.reload();
  await expect(sound).not.toBeChecked();
  await expect(badge).not.toBeChecked();
  await page.goto('/inventory-management');
  await page.waitForTimeout(300);
  const before = await notes();
  bodyOf(await owner.call('placeOrder', { items: [{ scryfall_id: card!.id, quantity: 1 }] }));
  await page.waitForTimeout(1500);
  await expect(page.locator('.new-orders-badge')).toHaveCount(0);
  expect(await notes()).toBe(before);
});
