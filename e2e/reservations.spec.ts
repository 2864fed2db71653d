import { randomUUID } from 'node:crypto';
import { messages, storefrontCartMessages, storefrontMessages } from '@cardstock/contract';
import { fixtureCardsFile } from '@cardstock/fixtures';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail, useSession, type Account } from './support/accounts.ts';
import { cli } from './support/admin.ts';
import { api, bodyOf, isCall, urlOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards, type PricedCard } from './support/catalog.ts';
import { movableClock } from './support/clock.ts';
import { e2eEnv } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { pendingOrders } from './support/orders.ts';
import { startOwnServer } from './support/own-server.ts';
import { counterOrder, publicShop, registerShop, sealedProduct, stock } from './support/seed.ts';

const cartText = storefrontCartMessages.cart;
const statusText = storefrontCartMessages.status;
const SEALED = 'Foundations Play Booster Box';
const HOLD_HOURS = 2;

interface ReservingShop {
  account: Account;
  subdomain: string;
  cards: PricedCard[];
}

/**
 * A public shop that takes reservations (switched on through the settings API): two priced cards, `copies` of each,
 * and a sealed product, two in stock, at $49.99.
 */
async function reservingShop(
  request: APIRequestContext,
  account: Account,
  { copies = 3, reservations = true } = {},
): Promise<ReservingShop> {
  const cards = await pricedCards(request, 'dragon', 2, { distinctNames: true });
  await stock(
    request,
    account,
    cards.map((card) => ({ card, quantity: copies })),
  );
  await sealedProduct(request, account, {
    name: SEALED,
    category: 'Booster Box',
    set_code: 'fdn',
    price: 49.99,
    quantity: 2,
  });
  const subdomain = await publicShop(request, account, {
    shop_description: 'Reserve online, pick up in store.',
    reservations_enabled: reservations,
    reservation_hold_hours: HOLD_HOURS,
  });
  return { account, subdomain, cards };
}

const addButton = (page: Page, name: string) => page.getByRole('button', { name: `Add ${name} to cart` });
const cartButton = (page: Page) => page.locator('.storefront-cart-button');
const cartDialog = (page: Page) => page.getByRole('dialog', { name: cartText.title });
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: cartText.checkoutTitle });
const doneDialog = (page: Page) => page.getByRole('dialog', { name: cartText.doneTitle });
const mailTo = (email: string, subject: string) =>
  waitForMail((mail) => JSON.stringify(mail.to ?? '').includes(email) && (mail.subject ?? '').includes(subject));

/** Fills the checkout and presses Reserve; the customer's name, e-mail and (optional) phone. */
async function reserve(page: Page, customer: { name: string; email: string; phone?: string }) {
  const checkout = checkoutDialog(page);
  await checkout.getByLabel(cartText.name).fill(customer.name);
  await checkout.getByLabel(cartText.email).fill(customer.email);
  if (customer.phone) await checkout.getByLabel(cartText.phone).fill(customer.phone);
  await checkout.getByRole('button', { name: cartText.reserve }).click();
}

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

test('a customer reserves two cards and a sealed product, the shop confirms it, the mails and the status page follow', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const shop = await reservingShop(request, await registerShop(request, 'Dragon’s Hoard Games'));
  const [first, second] = shop.cards as [PricedCard, PricedCard];
  const email = uniqueEmail('customer');
  const idempotencyKeys: string[] = [];
  page.on('request', (r) => {
    if (isCall(r, 'publicOrder')) idempotencyKeys.push(r.headers()['idempotency-key'] ?? '');
  });
  // The cart joins a page React adopts from the server's drawing: no mismatch, no error on the way.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(`/shop/${shop.subdomain}`);
  await expect(cartButton(page)).toHaveAccessibleName(storefrontMessages.cart.buttonLabel(0));
  await addButton(page, first.name).click();
  await addButton(page, first.name).click();
  await addButton(page, second.name).click();
  await page
    .getByRole('region', { name: storefrontMessages.sealedTitle })
    .getByRole('button', { name: `Add ${SEALED} to cart` })
    .click();
  await expect(cartButton(page)).toHaveAccessibleName(storefrontMessages.cart.buttonLabel(4));

  // The cart is kept in the browser: a reload finds it, with the lines merged.
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName(storefrontMessages.cart.buttonLabel(4));
  await cartButton(page).click();
  const cart = cartDialog(page);
  await expect(cart.getByRole('listitem')).toHaveCount(3);
  await expect(cart.getByLabel(cartText.quantity(first.name))).toHaveValue('2');
  // Never more than the page showed: three copies in stock.
  await cart.getByRole('button', { name: cartText.increase(first.name) }).click();
  await expect(cart.getByLabel(cartText.quantity(first.name))).toHaveValue('3');
  await expect(cart.getByRole('button', { name: cartText.increase(first.name) })).toBeDisabled();
  await expect(cart.getByText(cartText.stockLimit(3))).toBeVisible();
  await cart.getByRole('button', { name: cartText.decrease(first.name) }).click();
  await expect(cart.getByLabel(cartText.quantity(first.name))).toHaveValue('2');
  await expect(cart.getByText(cartText.priceNote)).toBeVisible();
  // Escape closes the drawer and gives the focus back to the cart button.
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  await expect(cartButton(page)).toBeFocused();

  await cartButton(page).click();
  await cartDialog(page).getByRole('button', { name: cartText.checkout }).click();
  await expect(checkoutDialog(page).getByLabel(cartText.name)).toBeFocused();
  await reserve(page, { name: 'Casey Customer', email, phone: '+1 555 0100' });

  const done = doneDialog(page);
  await expect(done).toBeVisible();
  const orderNumber = (await done.locator('.reserved-number').textContent())!;
  expect(orderNumber).toMatch(/^\d{8}-\d+-0-\d+$/);
  await expect(done.locator('.reserved-callout')).toHaveText(orderNumber.split('-').at(-1)!);
  await expect(done.getByText(cartText.doneHeld(HOLD_HOURS))).toBeVisible();
  await expect(done.getByText(cartText.doneMailed(email))).toBeVisible();
  expect(idempotencyKeys).toHaveLength(1);
  expect(idempotencyKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
  await done.getByRole('button', { name: cartText.done }).click();
  await expect(cartButton(page)).toHaveAccessibleName(storefrontMessages.cart.buttonLabel(0));
  expect(problems).toEqual([]);

  const confirmation = await mailTo(email, `Your reservation ${orderNumber}`);
  expect(confirmation.text).toContain(orderNumber);
  expect(confirmation.text).toContain(`Pickup callout: ${orderNumber.split('-').at(-1)}`);

  // The status page, from the confirmation's link: waiting for the shop.
  await page.goto(`/shop/${shop.subdomain}/order?number=${orderNumber}&email=${encodeURIComponent(email)}`);
  const result = page.locator('.order-status-result');
  await expect(result.getByText(statusText.pending)).toBeVisible();
  await expect(result.getByRole('row').filter({ hasText: SEALED })).toBeVisible();
  await expect(result.getByRole('row').filter({ hasText: first.name })).toContainText('2');

  // The shop confirms it in Order Management.
  const staff = await browser.newContext();
  await useSession(staff, shop.account);
  const staffPage = await staff.newPage();
  await staffPage.route('https://cards.scryfall.io/**', (route) => route.abort());
  await staffPage.goto('/order-management');
  await staffPage.getByRole('row').filter({ hasText: orderNumber }).getByRole('button', { name: 'Review' }).click();
  const review = staffPage.getByRole('dialog', { name: 'Review Order' });
  await review.getByRole('button', { name: 'Accept' }).click();
  await expect(staffPage.getByText(messages.orders.confirmed)).toBeVisible();
  await staff.close();

  const ready = await mailTo(email, `Your order ${orderNumber} is ready for pickup`);
  expect(ready.text).toContain(orderNumber);
  await page.reload();
  await expect(result.getByText(statusText.confirmed)).toBeVisible();

  // The mails' link (the number in the path) asks only for the e-mail; a wrong one finds nothing.
  await page.goto(`/shop/${shop.subdomain}/order/${orderNumber}`);
  await expect(page.getByLabel(statusText.number)).toHaveValue(orderNumber);
  await expect(page.getByLabel(statusText.email)).toBeFocused();
  await page.getByLabel(statusText.email).fill('someone-else@example.com');
  await page.getByRole('button', { name: statusText.lookUp }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.reservationsServer.statusNotFound);
  await page.getByLabel(statusText.email).fill(email);
  await page.getByRole('button', { name: statusText.lookUp }).click();
  await expect(result.getByText(statusText.confirmed)).toBeVisible();

  // On the shop's own host the page is /order, and Back to the shop goes to its storefront at /.
  await page.goto(`http://${shop.subdomain}.localhost:${e2eEnv.port}/order?number=${orderNumber}&email=${email}`);
  await expect(result.getByText(statusText.confirmed)).toBeVisible();
  await page.getByRole('link', { name: statusText.backToShop }).click();
  await expect(page.getByRole('heading', { level: 1, name: shop.account.shopName })).toBeVisible();
  await expect(addButton(page, second.name)).toBeVisible();
});

test('a card that ran out after it was added: the server’s message names it, the form keeps what was typed', async ({
  page,
  request,
}) => {
  const shop = await reservingShop(request, await registerShop(request, 'Last Copy Cards'), { copies: 2 });
  const [card] = shop.cards as [PricedCard];
  await page.goto(`/shop/${shop.subdomain}`);
  await addButton(page, card.name).click();
  await addButton(page, card.name).click();
  await expect(addButton(page, card.name)).toBeDisabled();

  // The counter sells one of the two copies meanwhile.
  await counterOrder(request, shop.account, [{ card, quantity: 1 }]);

  await cartButton(page).click();
  await cartDialog(page).getByRole('button', { name: cartText.checkout }).click();
  const email = uniqueEmail('late');
  await reserve(page, { name: 'Lou Late', email });
  const checkout = checkoutDialog(page);
  const refusal = messages.ordersServer.notEnough(card.name, 1);
  await expect(checkout.getByRole('alert')).toHaveText(refusal);
  await expect(checkout.getByLabel(cartText.name)).toHaveValue('Lou Late');
  await expect(checkout.getByLabel(cartText.email)).toHaveValue(email);

  // Back in the cart the line says why; one copy goes through.
  await checkout.getByRole('button', { name: cartText.back }).click();
  const line = cartDialog(page).getByRole('listitem').filter({ hasText: card.name });
  await expect(line.getByRole('alert')).toHaveText(refusal);
  await line.getByRole('button', { name: cartText.decrease(card.name) }).click();
  await expect(line.getByRole('alert')).toHaveCount(0);
  await cartDialog(page).getByRole('button', { name: cartText.checkout }).click();
  await expect(checkoutDialog(page).getByLabel(cartText.email)).toHaveValue(email);
  await checkoutDialog(page).getByRole('button', { name: cartText.reserve }).click();
  await expect(doneDialog(page).locator('.reserved-number')).toHaveText(/^\d{8}-\d+-0-\d+$/);
});

test('a lost answer: Reserve again sends the same Idempotency-Key and gets the first order, not a second', async ({
  page,
  request,
}) => {
  const shop = await reservingShop(request, await registerShop(request, 'Flaky Line Games'));
  const [card] = shop.cards as [PricedCard];
  const keys: string[] = [];
  let dropped = false;
  await page.route(urlOf('publicOrder'), async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    // The first one reaches the server, which takes the order; its answer is lost on the way back.
    const response = await route.fetch();
    if (dropped) return route.fulfill({ response });
    dropped = true;
    expect(response.status()).toBe(200);
    return route.abort('connectionreset');
  });
  await page.goto(`/shop/${shop.subdomain}`);
  await addButton(page, card.name).click();
  await cartButton(page).click();
  await cartDialog(page).getByRole('button', { name: cartText.checkout }).click();
  await reserve(page, { name: 'Flo Flaky', email: uniqueEmail('flaky') });
  await expect(checkoutDialog(page).getByRole('alert')).toHaveText(cartText.network);
  await checkoutDialog(page).getByRole('button', { name: cartText.reserve }).click();
  const number = await doneDialog(page).locator('.reserved-number').textContent();

  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const orders = await pendingOrders(request, shop.account);
  expect(orders.map((o) => o.order_number)).toEqual([number]);
});

test('a shop that takes no reservations shows no Add to cart and no cart', async ({ page, request }) => {
  const shop = await reservingShop(request, await registerShop(request, 'Look But Do Not Touch'), {
    reservations: false,
  });
  await page.goto(`/shop/${shop.subdomain}`);
  await expect(page.locator('.storefront-grid > li')).toHaveCount(2);
  await expect(page.getByRole('region', { name: storefrontMessages.sealedTitle })).toContainText(SEALED);
  await expect(page.getByRole('button', { name: /to cart$/ })).toHaveCount(0);
  await expect(cartButton(page)).toHaveCount(0);
});

test('the status page shows a rejection’s reason; an expired reservation (clock moved) gives its stock back and is listed in Order Management', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const clock = movableClock(`${e2eEnv.dataDir}/reservations-clock-${randomUUID().slice(0, 8)}`);
  const server = await startOwnServer('reservations-expiry', {
    ...clock.env,
    SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
  });
  try {
    cli(server.dataDir, 'cards', 'import', fixtureCardsFile);
    const { request } = server;
    const account = await registerShop(request, 'Hourglass Games', { invite: cli(server.dataDir, 'invite', 'create') });
    const shop = await reservingShop(request, account, { copies: 1 });
    const [card, other] = shop.cards as [PricedCard, PricedCard];
    const shopUrl = `${server.base}/shop/${shop.subdomain}`;

    /** Reserves one card through the storefront and answers the order number. */
    async function reserveOne(name: string, email: string): Promise<string> {
      await page.goto(shopUrl);
      await addButton(page, name).click();
      await cartButton(page).click();
      await cartDialog(page).getByRole('button', { name: cartText.checkout }).click();
      await reserve(page, { name: 'Rae Reserver', email });
      const number = (await doneDialog(page).locator('.reserved-number').textContent())!;
      await doneDialog(page).getByRole('button', { name: cartText.done }).click();
      return number;
    }

    const email = uniqueEmail('hold');
    const held = await reserveOne(card.name, email);
    const rejectedNumber = await reserveOne(other.name, email);
    // The last copy is held: the storefront shows none left and no Add to cart.
    await page.goto(shopUrl);
    const tile = page.locator('.storefront-grid > li').filter({ hasText: card.name });
    await expect(tile.getByText(storefrontMessages.outOfStock)).toBeVisible();
    await expect(addButton(page, card.name)).toHaveCount(0);

    bodyOf(
      await api(request, account).call('rejectOrder', {
        order_number: rejectedNumber,
        reason: 'That copy was damaged.',
      }),
    );
    await page.goto(`${shopUrl}/order?number=${rejectedNumber}&email=${encodeURIComponent(email)}`);
    const result = page.locator('.order-status-result');
    await expect(result.getByText(statusText.rejected)).toBeVisible();
    await expect(result.getByText(statusText.rejectedReason('That copy was damaged.'))).toBeVisible();

    // The hold time passes: the lookup ends the reservation, and the card is on sale again.
    clock.advance((HOLD_HOURS + 1) * 3_600_000);
    await page.goto(`${shopUrl}/order?number=${held}&email=${encodeURIComponent(email)}`);
    await expect(result.getByText(statusText.expired)).toBeVisible();
    await mailTo(email, `Your reservation ${held} at Hourglass Games expired`);
    await page.goto(shopUrl);
    await expect(tile.getByText(storefrontMessages.inStock(1))).toBeVisible();
    await expect(addButton(page, card.name)).toBeEnabled();

    // The shop sees where it went: not pending any more, listed with the expired reservations, reviewable.
    const staff = await browser.newContext();
    await useSession(staff, account);
    const staffPage = await staff.newPage();
    await staffPage.route('https://cards.scryfall.io/**', (route) => route.abort());
    await staffPage.goto(`${server.base}/order-management`);
    await expect(staffPage.getByText(messages.orders.pendingEmpty)).toBeVisible();
    const expiredList = staffPage.getByRole('region', { name: messages.orders.expiredTitle });
    const expiredRow = expiredList.getByRole('row').filter({ hasText: held });
    await expect(expiredRow).toContainText('Expired');
    await expect(expiredList.getByRole('row').filter({ hasText: rejectedNumber })).toHaveCount(0);
    await expiredRow.getByRole('button', { name: 'Review' }).click();
    const details = staffPage.getByRole('dialog', { name: 'Order Details' });
    await expect(details).toContainText(card.name);
    await expect(details).toContainText('Rae Reserver');
    await expect(details).toContainText(messages.orders.expiredAt);
    await staff.close();
  } finally {
    server.stop();
  }
});
