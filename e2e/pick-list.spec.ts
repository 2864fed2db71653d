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

  await rows.nth(0).getByRole('checkbox').check();
  await expect(rows.nth(0)).toHaveClass(/pick-list-picked/);
  await expect(page.getByText(m.pickListSummary(4, 2, 1))).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: m.pickListPrint })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('pick-list-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // One order's list, from its number.
  await page.goto(`/order-management/pick-list?orders=${second}`);
  await expect(page.getByText(m.pickListSummary(1, 1, 0))).toBeVisible();
  await page.getByRole('link', { name: m.pickListAll }).click();
  await expect(page.getByText(m.pickListSummary(4, 2, 0))).toBeVisible();
});
