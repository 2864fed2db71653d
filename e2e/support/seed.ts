import { randomUUID } from 'node:crypto';
import type { Customer, RouteCallInput } from '@cardstock/contract';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createInvite, uniqueEmail, type Account } from './accounts.ts';
import { api, bodyOf } from './api.ts';
import { pricedCards } from './catalog.ts';
import { baseURL } from './env.ts';
import { waitForMail } from './mail.ts';

/**
 * The state a test starts from, made through the API as the spec's clients make it, one function a domain: a shop,
 * its stock, a public storefront, a sealed product, an order at the counter, a customer with credit, a sell list, a
 * pending reservation, a paired tablet. Each fails the test with the server's answer when the server refuses.
 */

/**
 * Registers a shop and its Owner (for tests about something else), on `request`'s server: the suite's, with an
 * invite from its CLI, unless `invite` is given (a server of the test's own makes its own).
 */
export async function registerShop(
  request: APIRequestContext,
  shopName = 'Owl & Goblin Games',
  {
    email = uniqueEmail(),
    password = 'a good password',
    invite,
  }: { email?: string; password?: string; invite?: string } = {},
): Promise<Account> {
  const { token } = bodyOf(
    await api(request).call('register', {
      email,
      password,
      shop_name: shopName,
      user_first_name: 'Olive',
      user_last_name: 'Owner',
      invite_code: invite ?? createInvite(),
      turnstileToken: 'test',
    }),
  );
  return { email, password, shopName, token };
}

/** `quantity` NM copies of `card` at the shop, each asking `price` dollars (the shop's own price, not its rule's). */
export async function stockAt(
  request: APIRequestContext,
  account: Account,
  card: { id: string },
  quantity: number,
  price: number,
): Promise<void> {
  await stock(request, account, [{ card, quantity }]);
  bodyOf(
    await api(request, account).call('inventoryEdit', {
      scryfall_id: card.id,
      finish: 'nonfoil',
      quality: 'NM',
      quantity,
      asking_price: price,
    }),
  );
}

/**
 * A member of `owner`'s shop in `role`, signed in: invited by the Owner, the mailed invitation accepted with a
 * password, then logged in as the login page does. The server knows them in that role (a role cookie alone does not).
 */
export async function member(
  request: APIRequestContext,
  owner: Account,
  role: 'Manager' | 'Employee' | 'Watcher',
): Promise<Account> {
  const email = uniqueEmail();
  const password = 'a member password';
  bodyOf(await api(request, owner).call('teamInvite', { name: `${role} Member`, email, role }));
  const mail = await waitForMail((m) => !Array.isArray(m.to) && m.to?.text === email);
  const token = /accept-invite\?token=([^\s&"]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.text}`);
  bodyOf(await api(request).call('teamAccept', { token: decodeURIComponent(token), password }));
  const session = bodyOf(await api(request).call('login', { email, password, turnstileToken: 'test' }));
  return { email, password, shopName: owner.shopName, token: session.token };
}

/** One stock line: a printing (or its id) and how many, with whatever else Add takes (finish, condition, language). */
export type StockLine = { card: { id: string } | string } & Omit<
  RouteCallInput<'inventoryAdd'>,
  'scryfall_id' | 'token'
>;

/** Adds `lines` to the shop's singles, each as the Add call takes it (no finish or condition: nonfoil, NM). */
export async function stock(request: APIRequestContext, account: Account, lines: StockLine[]): Promise<void> {
  const client = api(request, account);
  for (const { card, ...line } of lines)
    bodyOf(await client.call('inventoryAdd', { scryfall_id: typeof card === 'string' ? card : card.id, ...line }));
}

/**
 * Puts `quantity` copies (nonfoil, NM) of the newest priced printing of card `name` into the shop's singles (a card
 * without a market price cannot be sold); the printing's id.
 */
export async function stockCard(
  request: APIRequestContext,
  account: Account,
  name: string,
  quantity: number,
): Promise<string> {
  const [card] = await pricedCards(request, name, 1);
  expect(card?.name).toBe(name);
  await stock(request, account, [{ card: card!, quantity, foil: false, quality: 'NM' }]);
  return card!.id;
}

/** The shop's copies in stock, all rows (or the rows of one printing) together. */
export async function copiesInStock(request: APIRequestContext, account: Account, cardId?: string): Promise<number> {
  const { inventory } = bodyOf(await api(request, account).call('inventoryList', { page: '1', filter: '' }));
  return inventory
    .filter((row) => cardId === undefined || row.card_scryfallid === cardId)
    .reduce((n, row) => n + row.inv_quantity, 0);
}

/** Makes the shop's storefront public under a new subdomain, with `settings` saved beside it; the subdomain. */
export async function publicShop(
  request: APIRequestContext,
  account: Account,
  settings: Omit<RouteCallInput<'settingsSave'>, 'token' | 'subdomain' | 'shop_hidden'> = {},
): Promise<string> {
  const subdomain = `shop-${randomUUID().slice(0, 8)}`;
  bodyOf(await api(request, account).call('settingsSave', { subdomain, shop_hidden: 0, ...settings }));
  return subdomain;
}

/** A sealed product in the shop's stock. */
export async function sealedProduct(
  request: APIRequestContext,
  account: Account,
  product: Omit<RouteCallInput<'sealedAdd'>, 'token'>,
): Promise<void> {
  bodyOf(await api(request, account).call('sealedAdd', product));
}

/** One order line: a printing (or its id) and how many, nonfoil unless told. */
export type OrderLine = { card: { id: string } | string } & Omit<
  RouteCallInput<'placeOrder'>['items'][number],
  'scryfall_id' | 'sealed_id'
>;
const cartLines = (lines: OrderLine[]) =>
  lines.map(({ card, ...line }) => ({ scryfall_id: typeof card === 'string' ? card : card.id, ...line }));

/** An order placed at the counter (as staff or a paired tablet place it), pending; `confirmed` confirms it too. */
export async function counterOrder(
  request: APIRequestContext,
  account: Account,
  lines: OrderLine[],
  { confirmed = false } = {},
): Promise<string> {
  const client = api(request, account);
  const { order_number } = bodyOf(await client.call('placeOrder', { items: cartLines(lines) }));
  if (confirmed) bodyOf(await client.call('confirmOrder', { order_number }));
  return order_number;
}

/** A customer of the shop, given `credit` dollars of store credit (an adjustment with a reason) when asked. */
export async function customer(
  request: APIRequestContext,
  account: Account,
  fields: RouteCallInput<'customersCreate'>['customer'],
  { credit }: { credit?: number } = {},
): Promise<Customer> {
  const client = api(request, account);
  const made = bodyOf(await client.call('customersCreate', { customer: fields })).customer;
  if (credit === undefined) return made;
  return bodyOf(
    await client.call('customersAdjust', { customer_id: made.id, amount: credit, reason: 'Opening credit' }),
  ).customer;
}

/** A sell list the shop took for a seller, pending review: its buy number and callout. */
export async function sellList(
  request: APIRequestContext,
  account: Account,
  items: RouteCallInput<'buylistSubmit'>['items'],
  seller: RouteCallInput<'buylistSubmit'>['customer'],
): Promise<{ buy_number: string; callout: string }> {
  const { buy_number, callout } = bodyOf(
    await api(request, account).call('buylistSubmit', { items, customer: seller }),
  );
  return { buy_number, callout };
}

/** A reservation made on a storefront (reservations on), pending until the shop confirms it: its order number. */
export async function pendingReservation(
  request: APIRequestContext,
  subdomain: string,
  lines: OrderLine[],
  reserver: { name: string; email: string; phone?: string },
  idempotencyKey: string = randomUUID(),
): Promise<string> {
  const reserved = await api(request).call(
    'publicOrder',
    { subdomain, items: cartLines(lines), ...reserver, turnstileToken: 'test' },
    { headers: { 'idempotency-key': idempotencyKey } },
  );
  return bodyOf(reserved).order_number;
}

/** A pairing code for a named tablet, as Device Management makes it, and the address its QR code holds. */
export async function pairingCode(
  request: APIRequestContext,
  account: Account,
  deviceName = 'Counter tablet',
): Promise<{ code: string; pairUrl: string }> {
  const { data } = bodyOf(await api(request, account).call('createDeviceCode', { device_name: deviceName }));
  return { code: data.code, pairUrl: data.pair_url };
}

/** A tablet paired through the API with its serial number, as the kiosk pairs: its device token. */
export async function pairedDevice(
  request: APIRequestContext,
  account: Account,
  deviceName: string,
  serialNumber: string,
): Promise<string> {
  const { code } = await pairingCode(request, account, deviceName);
  return bodyOf(await api(request).call('pairDevice', { code, serial_number: serialNumber })).device_token;
}

/** A tablet: a browser context of its own, no cookies, no staff session; every alert it raises, accepted. */
export async function openTablet(
  browser: Browser,
  viewport = { width: 1024, height: 768 },
): Promise<{ tablet: Page; alerts: string[] }> {
  const context = await browser.newContext({ baseURL, viewport });
  const tablet = await context.newPage();
  await tablet.route('https://cards.scryfall.io/**', (route) => route.abort());
  const alerts: string[] = [];
  tablet.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return { tablet, alerts };
}

/** A tablet paired with the shop from its QR code's address, on the kiosk's first screen. */
export async function pairedTablet(
  browser: Browser,
  request: APIRequestContext,
  account: Account,
  {
    deviceName = 'Counter tablet',
    viewport,
  }: { deviceName?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const { pairUrl } = await pairingCode(request, account, deviceName);
  const { tablet } = await openTablet(browser, viewport);
  const address = new URL(pairUrl);
  await tablet.goto(address.pathname + address.search);
  await expect(tablet.getByRole('heading', { name: account.shopName })).toBeVisible();
  // The single-use code leaves the address once the tablet holds its token.
  await expect(tablet).toHaveURL(/\/kiosk$/);
  return tablet;
}
