import { randomUUID } from 'node:crypto';
import {
  buylistMessages,
  customerMessages,
  formatUsd,
  storefrontMessages,
  type BuyOrder,
  type RouteCallInput,
} from '@cardstock/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useSession, type Account } from './support/accounts.ts';
import { api, bodyOf, urlOf } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { customer, pairedTablet, publicShop, registerShop, sellList } from './support/seed.ts';

const s = buylistMessages.screen;
const k = buylistMessages.kiosk;
const w = buylistMessages.weBuy;
const c = customerMessages.screen;

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

/** Five single printings with a market price (the fixture catalog's): name, the set the printing list shows. */
const sellCards = [
  { name: 'Fire Bowman', set: 'Portal Three Kingdoms' },
  { name: 'Field Marshal', set: 'Tenth Edition' },
  { name: 'Gisela, the Broken Blade', set: 'Eldritch Moon' },
  { name: 'Hero of Bladehold', set: 'Mirrodin Besieged #8' },
  { name: 'Daxos the Returned', set: 'Commander 2015' },
];

/** A printing's id by name and set code, from the catalog. */
async function printingId(request: APIRequestContext, name: string, set: string): Promise<string> {
  const client = api(request);
  const hit = bodyOf(await client.call('cardSearch', { q: name })).data.find((c) => c.name === name)!;
  return bodyOf(await client.call('cardPrints', { id: hit.id })).data.find((p) => p.set === set)!.id;
}

/** Finds a card by name on a sell list and adds the printing of that set. */
async function addToSellList(page: Page, name: string, set: string) {
  await page.getByRole('searchbox', { name: s.searchCards }).fill(name);
  await page
    .getByRole('list', { name: 'Cards found' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await page.getByRole('button', { name: new RegExp(`^${name}, ${set}`) }).click();
  await expect(
    page.getByRole('list', { name: 'Sell list lines' }).getByRole('listitem', { name: new RegExp(`^${name} `) }),
  ).toBeVisible();
}

const pendingOf = async (request: APIRequestContext, account: Account): Promise<BuyOrder[]> =>
  bodyOf(await api(request, account).call('buylistPending')).data.buy_orders;

test('a paired kiosk submits a sell list of five cards; staff regrade one line and accept it for store credit; the seller spends some of it at the counter; statistics show the buy', async ({
  page,
  context,
  request,
  browser,
}) => {
  // Five cards found and priced on a tablet, then reviewed, accepted and checked in the inventory: a long walk.
  test.setTimeout(150_000);
  const account = await registerShop(request, `Sell Spot ${randomUUID().slice(0, 6)}`);
  const tablet = await pairedTablet(browser, request, account, { viewport: { width: 1280, height: 900 } });

  await tablet.getByRole('button', { name: k.sellMode }).click();
  await expect(tablet.getByRole('button', { name: k.sellMode })).toHaveAttribute('aria-pressed', 'true');
  await expect(tablet.getByText(k.sellEyebrow, { exact: true })).toBeVisible();
  await expect(tablet.getByText(s.sellListEmpty)).toBeVisible();
  for (const card of sellCards) await addToSellList(tablet, card.name, card.set);
  const lines = tablet.getByRole('list', { name: 'Sell list lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(5);
  // Two copies of the first card: the offer is per copy, the totals count both.
  await lines.first().getByLabel('Quantity').fill('2');
  await expect(tablet.getByTestId('sell-total-credit')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(lines.first()).toContainText(/Cash \$\d+\.\d\d/);

  // Nobody named: the list is not sent.
  await tablet.getByRole('button', { name: s.submit }).click();
  await expect(tablet.getByRole('alert')).toHaveText(s.nameRequired);
  await tablet.getByLabel('Name', { exact: true }).fill('Sam Seller');
  await tablet.getByRole('button', { name: s.submit }).click();
  await expect(tablet.getByRole('alert')).toHaveText(s.contactRequired);
  await tablet.getByLabel('E-mail', { exact: true }).fill('sam@example.com');
  const sent = tablet.waitForRequest(urlOf('buylistSubmit'));
  await tablet.getByRole('button', { name: s.submit }).click();
  expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(tablet.getByText(k.calloutLead)).toBeVisible();
  await expect(tablet.getByText(k.calloutNote)).toBeVisible();

  const [order] = await pendingOf(request, account);
  expect(order!.items).toHaveLength(5);
  expect(order!.customer?.name).toBe('Sam Seller');
  await expect(tablet.getByText(order!.callout, { exact: true })).toBeVisible();
  // The next seller starts where this one did: in "Sell to us", with an empty list.
  await tablet.getByRole('button', { name: k.newList }).click();
  await expect(tablet.getByRole('button', { name: k.sellMode })).toHaveAttribute('aria-pressed', 'true');
  await expect(tablet.getByText(s.sellListEmpty)).toBeVisible();
  await tablet.context().close();

  // The staff review it at the Buylist screen.
  await useSession(context, account);
  await page.goto('/buylist');
  const row = page.getByRole('row', { name: `Sell list ${order!.callout}` });
  await expect(row).toContainText('Sam Seller');
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: `Sell list ${order!.callout}` });
  const bowman = dialog.getByRole('row', { name: 'Fire Bowman' });
  const before = await bowman.getByTestId('line-credit').textContent();
  const totalBefore = await dialog.getByTestId('buy-total-credit').textContent();
  await bowman.getByLabel('Condition of Fire Bowman').selectOption('HP');
  await expect(bowman.getByTestId('line-credit')).not.toHaveText(before!);
  await expect(dialog.getByTestId('buy-total-credit')).not.toHaveText(totalBefore!);
  await expect(bowman).toContainText('Graded');

  await dialog.getByLabel(/Store credit/).check();
  const total = (await dialog.getByTestId('buy-total-credit').textContent())!;
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept buy order' });
  await expect(confirm).toContainText(s.confirmAccept('credit', total, 'Sam Seller'));
  await confirm.getByRole('button', { name: `Add ${total} credit` }).click();
  await expect(page.getByText(new RegExp(`accepted: \\${total} store credit added`))).toBeVisible();
  await expect(page.getByText(s.pendingEmpty)).toBeVisible();

  // History shows what was paid.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('row', { name: `Sell list ${order!.callout}` })).toContainText(`${total} credit`);

  // The cards are in the inventory: the quantities bought, each with what a copy cost.
  const inventory = bodyOf(await api(request).call('inventoryList', { Authorization: account.token, page: '1' }));
  const held = Object.fromEntries(inventory.inventory.map((r) => [r.card_name, r.inv_quantity]));
  expect(held).toEqual({
    'Fire Bowman': 2,
    'Field Marshal': 1,
    'Gisela, the Broken Blade': 1,
    'Hero of Bladehold': 1,
    'Daxos the Returned': 1,
  });
  for (const row of inventory.inventory) expect(row.inv_cost, row.card_name).toBeGreaterThan(0);
  const bowmanCost = inventory.inventory.find((r) => r.card_name === 'Fire Bowman')!.inv_cost!;
  await page.goto('/inventory-management');
  const stocked = page.getByRole('row').filter({ hasText: 'Fire Bowman' });
  await expect(stocked).toContainText(s.costPerCopy(bowmanCost));
  await stocked.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog').getByTestId('inventory-cost')).toHaveText(s.costPerCopy(bowmanCost));

  // The seller's balance shows the credit, entered on the ledger against the buy order.
  const credited = Number(total.replace(/[$,]/g, ''));
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Sam Seller' }).click();
  await expect(page.getByTestId('customer-balance')).toHaveText(formatUsd(credited));
  const ledger = page.getByRole('table', { name: c.ledger }).getByRole('row');
  await expect(ledger.nth(1)).toContainText(c.kinds.trade_in);
  await expect(ledger.nth(1)).toContainText(order!.buy_number);

  // Sam then buys a Fire Bowman at the counter, paying part of it with that credit.
  await page.goto('/ordering');
  await page
    .getByRole('article', { name: 'Fire Bowman' })
    .getByRole('button', { name: 'Add Fire Bowman to cart' })
    .click();
  await page.getByLabel(c.picker).fill('Sam');
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: /Sam Seller/ })
    .click();
  await expect(page.getByTestId('order-customer')).toHaveText('Sam Seller');
  await page.getByLabel(c.payWithCredit).fill('0.10');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Order placed/ })).toBeVisible();
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Sam Seller' }).click();
  await expect(page.getByTestId('customer-balance')).toHaveText(formatUsd(Math.round(credited * 100 - 10) / 100));
  await expect(ledger.nth(1)).toContainText(c.kinds.order);
  // Order Management marks the order paid partly with credit.
  await page.goto('/order-management');
  await expect(page.getByRole('row').filter({ hasText: c.creditBadge('$0.10') })).toHaveCount(1);

  // Statistics show the buy: one buy order, six copies, the credit issued, no cash.
  await page.goto('/stats');
  const buying = page.getByRole('region', { name: 'Buying' });
  const figure = (label: string) =>
    buying
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .getByRole('definition');
  await expect(figure('Buy Orders')).toHaveText('1');
  await expect(figure('Cards Bought')).toHaveText('6');
  await expect(figure('Credit Issued')).toHaveText(formatUsd(credited));
  await expect(figure('Cash Paid')).toHaveText('$0.00');
});

test('a Watcher sees pending buy orders and the rules but cannot grade, accept or change them', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, `Watch Post ${randomUUID().slice(0, 6)}`);
  const id = await printingId(request, 'Field Marshal', '10e');
  const submitted = await sellList(request, account, [{ scryfall_id: id, quality: 'NM', quantity: 1 }], {
    name: 'Wendy Walk-in',
    phone: '555 0100',
  });
  await useSession(context, account, 'Watcher');
  await page.goto('/buylist');
  await expect(page.getByText(s.viewOnly)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'New buy' })).toHaveCount(0);
  await page
    .getByRole('row', { name: `Sell list ${submitted.callout}` })
    .getByRole('button', { name: 'Review' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Sell list ${submitted.callout}` });
  await expect(dialog).toContainText('Field Marshal');
  await expect(dialog.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByText(s.rulesViewOnly)).toBeVisible();
  await expect(page.getByLabel('Cash', { exact: true })).toHaveValue('50');
  await expect(page.getByRole('button', { name: 'Save rules' })).toHaveCount(0);
  // The tabs answer the keyboard: an arrow moves to the next one and opens it.
  await page.getByRole('tab', { name: 'Rules' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Cards' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Cards' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Add a card' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Cards' }).press('Home');
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
});

test('a buy order decided elsewhere while under review says so and leaves the list', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, `Two Desks ${randomUUID().slice(0, 6)}`);
  const id = await printingId(request, 'Gisela, the Broken Blade', 'emn');
  const submitted = await sellList(request, account, [{ scryfall_id: id, quality: 'NM', quantity: 1 }], {
    name: 'Dee Double',
    email: 'dee@example.com',
  });
  await useSession(context, account);
  await page.goto('/buylist');
  await page
    .getByRole('row', { name: `Sell list ${submitted.callout}` })
    .getByRole('button', { name: 'Review' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Sell list ${submitted.callout}` });
  await expect(dialog).toContainText('Dee Double');

  // Another desk pays it out in cash meanwhile; grading here is refused and the list refreshed.
  bodyOf(await api(request, account).call('buylistAccept', { buy_number: submitted.buy_number, payout: 'cash' }));
  await dialog.getByLabel('Condition of Gisela, the Broken Blade').selectOption('LP');
  await expect(page.getByText(s.changedElsewhere)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(s.pendingEmpty)).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('row', { name: `Sell list ${submitted.callout}` })).toContainText('Accepted');
});

test('the rules change an offer; a hotlist card shows on the We buy page with its offer', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await registerShop(request, `Rule Room ${randomUUID().slice(0, 6)}`);
  const subdomain = await publicShop(request, account);
  await useSession(context, account);
  await page.goto('/buylist');

  // A sell list at the PC prices Gisela by the rules (50% cash).
  await page.getByRole('tab', { name: 'New buy' }).click();
  await addToSellList(page, 'Gisela, the Broken Blade', 'Eldritch Moon');
  const cash = page.getByTestId('sell-total-cash');
  await expect(cash).toHaveText(/^\$\d+\.\d\d$/);
  const at50 = Number((await cash.textContent())!.replace('$', ''));

  // The Rules tab: a bad value is refused in words, then 80% cash is saved.
  await page.getByRole('tab', { name: 'Rules' }).click();
  const cashShare = page.getByLabel('Cash', { exact: true });
  await cashShare.fill('abc');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Cash percentage must be a number.')).toBeVisible();
  await cashShare.fill('80');
  // Japanese copies are bought at half the English offer.
  await page.getByText('Share of the English offer per language').click();
  await page.getByLabel('Japanese').fill('50');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText(buylistMessages.server.rulesSaved)).toBeVisible();
  const rules = bodyOf(await api(request, account).call('buylistRules'));
  expect(rules.data.rules.cash_percent).toBe(80);
  expect(rules.data.rules.language_percent).toEqual({ ja: 50 });

  // The same card is now offered more.
  const id = await printingId(request, 'Gisela, the Broken Blade', 'emn');
  const offerOf = async (items: RouteCallInput<'buylistOffer'>['items']) =>
    bodyOf(await api(request, account).call('buylistOffer', { items }));
  const offer = await offerOf([{ scryfall_id: id, quality: 'NM', quantity: 1 }]);
  expect(offer.data.total_cash).toBeGreaterThan(at50);
  const japanese = await offerOf([{ scryfall_id: id, quality: 'NM', language: 'ja', quantity: 1 }]);
  expect(japanese.data.total_cash).toBeLessThan(offer.data.total_cash);

  // Gisela on the hotlist, from the Cards tab.
  await page.getByRole('tab', { name: 'Cards' }).click();
  await expect(page.getByText(s.cardsEmpty)).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const add = page.getByRole('dialog', { name: 'Add a card to the buylist' });
  await add.getByRole('searchbox').fill('Gisela');
  await add
    .getByRole('button', { name: /^Gisela, the Broken Blade/ })
    .first()
    .click();
  await add.getByRole('button', { name: /^Gisela, the Broken Blade, Eldritch Moon/ }).click();
  const edit = page.getByRole('dialog', { name: /^Gisela, the Broken Blade/ });
  await expect(edit.getByLabel('On the hotlist')).toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  const listed = page.getByRole('row', { name: 'Gisela, the Broken Blade' });
  await expect(listed).toContainText('Hotlist');
  const credit = (await listed.locator('td').nth(5).textContent())!;

  // The storefront links its We buy page, which lists Gisela with that offer.
  await page.goto(`/shop/${subdomain}`);
  await page.getByRole('link', { name: storefrontMessages.weBuyLink }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${subdomain}/buylist$`));
  await expect(page.getByRole('heading', { name: new RegExp(`^${w.title}`) })).toBeVisible();
  const tile = page.getByRole('list', { name: 'Hotlist' }).getByRole('listitem', { name: 'Gisela, the Broken Blade' });
  await expect(tile).toContainText(credit);
});

test('staff take a sell list at the PC for one of the shop’s customers, found by name', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, `Known Seller ${randomUUID().slice(0, 6)}`);
  const rowan = await customer(request, account, { name: 'Rowan Regular', email: 'rowan@example.com' });
  await useSession(context, account);
  await page.goto('/buylist');
  await page.getByRole('tab', { name: 'New buy' }).click();
  await addToSellList(page, 'Field Marshal', 'Tenth Edition');

  await page.getByRole('searchbox', { name: s.knownCustomer }).fill('rowan');
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: /Rowan Regular/ })
    .click();
  await expect(page.getByTestId('sell-customer')).toHaveText('Rowan Regular');
  // Picked, nobody has to be typed in: the name and contact fields are gone.
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: s.submit }).click();
  await expect(page.getByText('Callout', { exact: true })).toBeVisible();

  const [order] = await pendingOf(request, account);
  expect(order?.customer?.id).toBe(rowan.id);
  expect(order?.customer?.name).toBe('Rowan Regular');
});

test('Accept pressed right after typing a quantity opens the confirmation with the new offer; an Employee sees the limit on the review', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, `Quick Hands ${randomUUID().slice(0, 6)}`);
  const id = await printingId(request, 'Gisela, the Broken Blade', 'emn');
  const submitted = await sellList(request, account, [{ scryfall_id: id, quality: 'NM', quantity: 1 }], {
    name: 'Quinn Quick',
    email: 'quinn@example.com',
  });
  // The shop's Employee limit: $1, below this payout.
  const owner = api(request, account);
  const { rules } = bodyOf(await owner.call('buylistRules')).data;
  bodyOf(await owner.call('buylistRulesUpdate', { rules: { ...rules, employee_accept_limit_cents: 100 } }));
  await useSession(context, account, 'Employee');
  await page.goto('/buylist');
  await page
    .getByRole('row', { name: `Sell list ${submitted.callout}` })
    .getByRole('button', { name: 'Review' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Sell list ${submitted.callout}` });
  await expect(dialog.getByTestId('buy-employee-limit')).toHaveText(s.overEmployeeLimit('$1.00'));

  // Two copies typed, then Accept straight away: the box commits the quantity as it loses focus, and the very
  // same click opens the confirmation, naming the new (doubled) offer.
  await dialog.getByLabel('Quantity of Gisela, the Broken Blade').fill('2');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept buy order' });
  await expect(confirm).toBeVisible();
  const total = (await dialog.getByTestId('buy-total-credit').textContent())!;
  const [order] = await pendingOf(request, account);
  expect(order?.items[0]?.quantity).toBe(2);
  expect(total).toBe(formatUsd(order!.total_credit));
  await expect(confirm).toContainText(s.confirmAccept('credit', total, 'Quinn Quick'));
  await page.screenshot({ path: test.info().outputPath('buy-review-1440.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('buy-review-390.png'), fullPage: true });
});

test('the pending list shows the seller’s contact under their name, not the e-mail of the staff who took the list', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, `Whose Mail ${randomUUID().slice(0, 6)}`);
  const id = await printingId(request, 'Field Marshal', '10e');
  const withPhone = await sellList(request, account, [{ scryfall_id: id, quality: 'NM', quantity: 1 }], {
    name: 'Pat Phone',
    phone: '555 0199',
  });
  await useSession(context, account);
  await page.goto('/buylist');
  const row = page.getByRole('row', { name: `Sell list ${withPhone.callout}` });
  await expect(row).toContainText('Pat Phone');
  await expect(row).toContainText('555 0199');
  await expect(row).not.toContainText(account.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('buylist-pending-390.png') });
});
