import { channelMessages, messages } from '@cardstock/contract';
import { fixtureCardLines, fixtureCardsFile } from '@cardstock/fixtures';
import { expect, test } from '@playwright/test';
import { startCardTraderFake, type CardTraderFake } from '../apps/server/test/cardtrader-fake.ts';
import { api, bodyOf } from './support/api.ts';
import { cli, logInAs } from './support/admin.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { registerShop, stockAt } from './support/seed.ts';

const m = channelMessages.screen;

/** Two nonfoil printings of the fixture from different sets: CardTrader has the first's set, not the second's. */
const printings = fixtureCardLines(400).map((l) => JSON.parse(l) as { id: string; set: string; finishes: string[] });
const onCardTrader = printings.find((c) => c.finishes.includes('nonfoil'))!;
const notOnCardTrader = printings.find((c) => c.finishes.includes('nonfoil') && c.set !== onCardTrader.set)!;

/** CardTrader's local stand-in, and a server of its own pointed at it. */
let cardTrader: CardTraderFake;
let server: OwnServer;

test.beforeAll(async () => {
  cardTrader = await startCardTraderFake();
  cardTrader.catalog([
    {
      id: 1,
      code: onCardTrader.set,
      name: 'On CardTrader',
      blueprints: [
        { id: 77, scryfall_id: onCardTrader.id, conditions: ['Near Mint', 'Slightly Played'], languages: ['en'] },
      ],
    },
  ]);
  server = await startOwnServer('channels', { CARDTRADER_API_URL: cardTrader.url });
  cli(server.dataDir, 'cards', 'import', fixtureCardsFile);
});
test.afterAll(async () => {
  server.stop();
  await cardTrader.close();
});

/** A new shop with `copies` of the printing CardTrader has at $10, connected to its own account (100 %, keep 0), pushed. */
async function connectedShop(name: string, token: string, copies: number) {
  cardTrader.issue(token, { name: `${name} App 20261129`, userId: name.length });
  const owner = await registerShop(server.request, `${name} Channels`, {
    invite: cli(server.dataDir, 'invite', 'create'),
  });
  const asOwner = api(server.request, owner);
  await stockAt(server.request, owner, onCardTrader, copies, 10);
  bodyOf(await asOwner.call('channelCardTrader', { api_token: token, enabled: true, price_percent: 100, keep: 0 }));
  bodyOf(await asOwner.call('channelSync', { channel: 'cardtrader' }));
  return { owner, asOwner, product: cardTrader.products(token)[0]! };
}

test('the Owner connects CardTrader from the Channels screen: a refused token says why, the right one shows the account', async ({
  page,
}) => {
  const token = 'ct-e2e-token-0123456789abcdef0123456789abcdef';
  cardTrader.issue(token, { name: 'Owl Games App 20261129', userId: 7 });
  const owner = await registerShop(server.request, 'Owl Channels', { invite: cli(server.dataDir, 'invite', 'create') });
  await stockAt(server.request, owner, onCardTrader, 3, 10);
  await stockAt(server.request, owner, notOnCardTrader, 2, 4);
  await logInAs(page, owner, server.base);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: /Marketplace Channels/ })
    .click();
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  const card = page.getByRole('region', { name: 'CardTrader' });
  await expect(card.getByText(m.notConnected)).toBeVisible();
  await expect(card.getByText(m.nothingListed)).toBeVisible();

  // A mistyped token: CardTrader's own reason, and nothing saved.
  await card.getByLabel('API token').fill('mistyped');
  await card.getByLabel(/List on CardTrader/).check();
  await card.getByRole('button', { name: 'Save CardTrader Settings' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'CardTrader refused the API token: You are not authorized to access this page',
  );
  await expect(card.getByText(m.notConnected)).toBeVisible();

  // The right one, a price rule and copies kept back for the counter.
  await card.getByLabel('API token').fill(token);
  await card.getByLabel('Price (% of the shop’s price)').fill('95');
  await card.getByLabel('Keep for the counter (copies per row)').fill('1');
  await card.getByRole('button', { name: 'Save CardTrader Settings' }).click();
  await expect(page.getByText(m.saved('CardTrader'))).toBeVisible();
  await expect(card.getByText(m.connectedAs('Owl Games App 20261129'))).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByLabel('API token')).toHaveValue('');
  await expect(card.getByText(m.tokenSaved)).toBeVisible();

  // Opened again: the settings as saved, and the token nowhere on the page.
  await page.reload();
  await expect(card.getByText(m.connectedAs('Owl Games App 20261129'))).toBeVisible();
  await expect(card.getByLabel('Price (% of the shop’s price)')).toHaveValue('95');
  await expect(card.getByLabel('Keep for the counter (copies per row)')).toHaveValue('1');
  expect(await page.content()).not.toContain(token);

  // Listed now, by hand (the interval does it on its own): the spare copies, and why the other row is not.
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(channelMessages.server.synced('CardTrader', 1, 0, 0))).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /^\d+$/ })).toHaveText(['1', '2']);
  const unlisted = card.getByRole('table', { name: 'Not listed' });
  await expect(
    unlisted.getByRole('row', { name: `${channelMessages.unlisted.noPrinting('CardTrader')} 1` }),
  ).toBeVisible();
  expect(cardTrader.products(token).map((p) => [p.blueprint_id, p.quantity, p.price_cents])).toEqual([[77, 2, 950]]);

  // Paused: no new token needed.
  await card.getByLabel(/List on CardTrader/).uncheck();
  await card.getByRole('button', { name: 'Save CardTrader Settings' }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
});

test('a sale on CardTrader is in Order History; one of copies sold at the counter meanwhile needs attention on Order Management', async ({
  page,
}) => {
  const token = 'ct-e2e-orders-0123456789abcdef0123456789abcdef';
  const { owner, asOwner, product } = await connectedShop('Heron', token, 4);

  // A buyer pays for one on CardTrader; Sync now takes it (the interval would, on its own).
  const sale = cardTrader.sell(token, [{ product_id: product.id, quantity: 1 }]);
  await logInAs(page, owner, server.base);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.base}/channels`);
  await page.getByRole('region', { name: 'CardTrader' }).getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(channelMessages.server.synced('CardTrader', 0, 1, 0, 1, 0))).toBeVisible();

  await page.goto(`${server.base}/order-history`);
  const row = page.getByRole('row').filter({ hasText: 'CardTrader' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('CardTrader', { exact: true }).first()).toBeVisible();
  await row.getByRole('button', { name: 'Review' }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details.getByTestId('order-market-code')).toHaveText(sale.code);
  await expect(details.getByTestId('order-total')).toHaveText('$10.00');
  await details.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The counter sells the other three before CardTrader hears of it; there a buyer pays for two.
  bodyOf(
    await asOwner.call('inventoryEdit', {
      scryfall_id: onCardTrader.id,
      finish: 'nonfoil',
      quality: 'NM',
      quantity: 0,
      asking_price: 10,
    }),
  );
  const oversold = cardTrader.sell(token, [{ product_id: product.id, quantity: 2 }]);
  bodyOf(await asOwner.call('channelSync', { channel: 'cardtrader' }));

  await page.goto(`${server.base}/order-management`);
  const attention = page.getByRole('region', { name: messages.orders.attentionTitle });
  await expect(attention).toBeVisible();
  const flagged = attention.getByTestId('attention-order');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText(oversold.code);
  await expect(flagged.getByRole('note')).toContainText(messages.orders.missingTitle);
  await expect(flagged.getByRole('listitem')).toHaveText(
    new RegExp(`^2 × .+ \\(${onCardTrader.set.toUpperCase()}\\)$`),
  );
  await page.screenshot({ path: test.info().outputPath('needs-attention.png'), fullPage: true });

  await flagged.getByRole('button', { name: messages.orders.attentionClear }).click();
  await expect(page.getByText(/no longer needs attention/)).toBeVisible();
  await expect(attention).toHaveCount(0);
});

test('the Owner checks the listings against CardTrader: each difference put right is listed, products listed by hand are shown and left alone', async ({
  page,
}) => {
  const token = 'ct-e2e-reconcile-0123456789abcdef0123456789abcdef';
  const { owner, product } = await connectedShop('Crane', token, 3);
  // On CardTrader, by hand: the copies of Cardstock's product changed, and a product of the shop's own.
  product.quantity = 7;
  const byHand = cardTrader.listByHand(token, {
    blueprint_id: 77,
    quantity: 2,
    price_cents: 500,
    properties_hash: { condition: 'Slightly Played' },
    user_data_field: '',
  });

  await logInAs(page, owner, server.base);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.base}/channels`);
  const card = page.getByRole('region', { name: 'CardTrader' });
  await card.getByRole('button', { name: m.reconcileButton('CardTrader') }).click();
  await expect(page.getByText(channelMessages.server.reconciled('CardTrader', 1, 1))).toBeVisible();
  const corrections = card.getByRole('table', { name: m.correctionsCaption });
  await expect(corrections.getByRole('row')).toHaveCount(2);
  await expect(corrections.getByRole('row').nth(1)).toContainText(m.correctionActions.corrected);
  await expect(corrections.getByRole('row').nth(1)).toContainText('7 × 10.00');
  await expect(corrections.getByRole('row').nth(1)).toContainText('3 × 10.00');
  const handListed = card.getByRole('table', { name: m.handListedCaption('CardTrader', 1) });
  await expect(handListed.getByRole('row').nth(1)).toContainText(String(byHand.id));
  await page.screenshot({ path: test.info().outputPath('reconciled.png'), fullPage: true });
  expect(cardTrader.products(token).map((p) => p.quantity)).toEqual([3, 2]);
});
