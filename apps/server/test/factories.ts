import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fixtureCardLines, type FixtureCard } from '@cardstock/fixtures';
import { hashPassword } from '../src/lib/passwords.ts';
import { createAuthService } from '../src/modules/auth/auth.service.ts';
import { importCatalogFile } from '../src/modules/catalog/catalog-import.ts';
import { api, bodyOf, type CallInput } from './client.ts';
import type { TestServer } from './harness.ts';

/** A clock tests can move forward. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export const uniqueEmail = (prefix = 'owner') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export async function createInvite(server: TestServer, options: { expiresInDays?: number } = {}): Promise<string> {
  return createAuthService(server.ctx).createInvite(options);
}

export function registrationBody(invite: string, overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: 'correct horse',
    shop_name: 'Blue Dragon Games',
    shop_address: '12 Main St',
    shop_number: '555-0101',
    shop_city: 'Springfield',
    shop_zip: '12345',
    shop_country: 'United States',
    shop_state: 'IL',
    user_first_name: 'Ada',
    user_last_name: 'Owner',
    invite_code: invite,
    turnstileToken: 'test-token',
    ...overrides,
  };
}

/** A registered shop as the factories give it: its Owner's login and session token, and the shop's id. */
export interface Shop {
  id: number;
  email: string;
  password: string;
  shopName: string;
  token: string;
}

/** Registers a new shop with its Owner; returns the Owner's login and session token. */
export async function buildShop(server: TestServer, overrides: Record<string, unknown> = {}): Promise<Shop> {
  const invite = await createInvite(server);
  const body = registrationBody(invite, overrides);
  const res = await server.request('POST', '/api/register', body);
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
  const owner = await server.ctx.db
    .selectFrom('users')
    .select('shop_id')
    .where('email', '=', body.email)
    .executeTakeFirstOrThrow();
  return {
    id: Number(owner.shop_id),
    email: body.email,
    password: body.password,
    shopName: body.shop_name,
    token: res.body.token as string,
  };
}

/** A new shop with its Owner logged in (the domain name for `buildShop`). */
export const shop = buildShop;

/** Another member of a shop, logged in: `{ email, token }`. */
export async function addMember(server: TestServer, ownerEmail: string, role: 'Manager' | 'Employee' | 'Watcher') {
  const owner = await server.ctx.db
    .selectFrom('users')
    .select('shop_id')
    .where('email', '=', ownerEmail)
    .executeTakeFirstOrThrow();
  const email = uniqueEmail(role.toLowerCase());
  await server.ctx.db
    .insertInto('users')
    .values({
      shop_id: owner.shop_id,
      email,
      password_hash: await hashPassword('member password'),
      role,
      created_at: new Date().toISOString(),
    })
    .execute();
  const login = await server.request('POST', '/api/login', { email, password: 'member password', turnstileToken: 't' });
  return { email, token: login.body.token as string };
}

/** A platform account without a shop (admin area), logged in: `{ email, password, token }`. */
export async function addPlatformStaff(server: TestServer, platformRole: 'admin' | 'website_staff' | 'superadmin') {
  const email = uniqueEmail(platformRole.replace('_', '-'));
  const password = 'staff password';
  await server.ctx.db
    .insertInto('users')
    .values({
      shop_id: null,
      email,
      password_hash: await hashPassword(password),
      role: null,
      platform_role: platformRole,
      created_at: new Date().toISOString(),
    })
    .execute();
  const login = await server.request('POST', '/api/login', { email, password, turnstileToken: 't' });
  if (login.status !== 200) throw new Error(`staff login failed: ${login.status} ${login.text}`);
  return { email, password, token: login.body.token as string };
}

/** A platform account of `role`, logged in (the domain name for `addPlatformStaff`). */
export const platformStaff = addPlatformStaff;

/** A member of `owner`'s shop (a new shop when none is given), logged in. */
export async function member(
  server: TestServer,
  owner?: Pick<Shop, 'email'>,
  role: 'Manager' | 'Employee' | 'Watcher' = 'Employee',
) {
  return addMember(server, (owner ?? (await buildShop(server))).email, role);
}

const catalogs = new WeakMap<TestServer, { size: number; loading: Promise<FixtureCard[]> }>();

/**
 * The repository's card fixture (its first `n` printings, all by default) in the server's catalog,
 * imported once per server: a later call asking for no more cards than are loaded imports nothing.
 */
export function catalog(server: TestServer, n = Infinity): Promise<FixtureCard[]> {
  const loaded = catalogs.get(server);
  const wanted = fixtureCardLines(n);
  if (loaded && loaded.size >= wanted.length) {
    return loaded.loading.then((cards) => cards.slice(0, wanted.length));
  }
  const loading = (async () => {
    await loaded?.loading;
    const file = path.join(fs.mkdtempSync(path.join(server.dataDir, 'catalog-')), 'cards.ndjson');
    fs.writeFileSync(file, wanted.join('\n'));
    await importCatalogFile(server.ctx.db, file);
    return wanted.map((line) => JSON.parse(line) as FixtureCard);
  })();
  catalogs.set(server, { size: wanted.length, loading });
  return loading;
}

/**
 * The catalog's nonfoil printings of the first `n`, one per card name, so each line of a sale or an answer is told
 * apart by its name.
 */
export async function namedNonfoilCards(server: TestServer, n: number): Promise<FixtureCard[]> {
  const named = new Map<string, FixtureCard>();
  for (const card of await catalog(server, n))
    if (card.finishes.includes('nonfoil') && !named.has(card.name)) named.set(card.name, card);
  return [...named.values()];
}

/** One stock line: a card (a fixture printing or its id) and how many, in which finish and condition. */
export type StockLine = { card: FixtureCard | string } & Omit<CallInput<'inventoryAdd'>, 'scryfall_id' | 'token'>;

/** A fixture printing with a nonfoil USD price: what an order needs to have a price from the shop's rule. */
export async function pricedCard(server: TestServer, index = 0): Promise<FixtureCard> {
  const priced = (await catalog(server)).filter(
    (c) => c.finishes.includes('nonfoil') && c.prices.usd !== null && Number(c.prices.usd) > 0.5,
  );
  const card = priced[index];
  if (!card) throw new Error(`the fixture has no priced printing #${index}`);
  return card;
}

/**
 * Adds `lines` to the inventory of `owner`'s shop (a new shop when none is given), through the API;
 * the catalog is loaded when it is not. Without lines, 4 NM of one priced printing.
 */
export async function stock(server: TestServer, owner?: Shop, lines?: StockLine[]) {
  if (!catalogs.has(server)) await catalog(server);
  const target = owner ?? (await buildShop(server));
  const wanted = lines ?? [{ card: await pricedCard(server), quantity: 4 }];
  const client = api(server, target);
  for (const { card, ...line } of wanted) {
    bodyOf(await client.call('inventoryAdd', { scryfall_id: typeof card === 'string' ? card : card.id, ...line }));
  }
  return { shop: target, lines: wanted };
}

/** `copies` NM nonfoil copies of `card` in `owner`'s shop at the shop's own price of `price` dollars, through the API. */
export async function stockAtPrice(
  server: TestServer,
  owner: Shop,
  card: { id: string },
  copies: number,
  price: number,
) {
  const client = api(server, owner);
  bodyOf(await client.call('inventoryAdd', { scryfall_id: card.id, quantity: copies }));
  bodyOf(
    await client.call('inventoryEdit', {
      scryfall_id: card.id,
      finish: 'nonfoil',
      quality: 'NM',
      quantity: copies,
      asking_price: price,
    }),
  );
}

/** One order line: a card and how many, nonfoil unless told. */
export type OrderLine = { card: FixtureCard | string; quantity: number; finish?: 'nonfoil' | 'foil' };

/**
 * Places an order at `owner`'s shop (a new shop when none is given) as its Owner. The lines (one
 * priced printing when none are given) are stocked first, NM, unless `stocked` says they already are.
 */
export async function order(
  server: TestServer,
  owner?: Shop,
  lines?: OrderLine[],
  options: { stocked?: boolean } = {},
) {
  const target = owner ?? (await buildShop(server));
  const wanted = lines ?? [{ card: await pricedCard(server), quantity: 1 }];
  if (!options.stocked) {
    await stock(
      server,
      target,
      wanted.map(({ card, quantity, finish }) => ({ card, quantity, foil: finish === 'foil' })),
    );
  }
  const items = wanted.map(({ card, quantity, finish = 'nonfoil' }) => ({
    scryfall_id: typeof card === 'string' ? card : card.id,
    quantity,
    finish,
  }));
  const placed = bodyOf(await api(server, target).call('placeOrder', { items }));
  return { shop: target, orderNumber: placed.order_number, items };
}

/** A shop with a subdomain, public: its storefront answers at `subdomain`. */
export async function publicShop(server: TestServer, owner?: Shop) {
  const target = owner ?? (await buildShop(server));
  const subdomain = `shop-${randomUUID().slice(0, 8)}`;
  bodyOf(await api(server, target).call('settingsSave', { subdomain, shop_hidden: 0 }));
  return { ...target, subdomain };
}
