import { defaultPricingRule, messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk, type CallInput } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';

type Card = { id: string; finishes: string[]; prices: { usd: string | null } };
const card = fixtureCardLines(2000)
  .map((l) => JSON.parse(l) as Card)
  .find((c) => c.finishes.includes('nonfoil') && c.prices.usd !== null && Number(c.prices.usd) >= 1)!;

describe(`shop settings (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  type Settings = Omit<CallInput<'settingsSave'>, 'shop_hidden'> &
    Partial<Pick<CallInput<'settingsSave'>, 'shop_hidden'>>;
  const get = (token = shop.token) => api(server, token).call('settingsGet');
  const save = (body: Settings, token = shop.token) =>
    api(server, token).call('settingsSave', { shop_hidden: 1, ...body });
  const sub = () => `shop-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://cardstock.test' });
    await catalog(server, 2000);
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  it('starts private, without a subdomain, with the default pricing rule', async () => {
    const res = await get();
    expectOk(res);
    expect(res.body).toMatchObject({
      name: shop.shopName,
      subdomain: null,
      shop_hidden: 1,
      is_public: false,
      public_url: null,
      public_access_data: { enabled: false, storefront_path: null },
      pricing: defaultPricingRule,
    });
  });

  it('saves a subdomain (lower-cased), visibility, description and pricing; the public address follows', async () => {
    const name = sub();
    const res = await save({
      subdomain: ` ${name.toUpperCase()} `,
      shop_hidden: 0,
      shop_description: 'Singles and sealed since 1999.',
      pricing: { ...defaultPricingRule, markup_percent: 0, floor_cents: 0 },
    });
    expectOk(res);
    expect(res.body.message).toBe(messages.settingsServer.saved);
    expect((await get()).body).toMatchObject({
      subdomain: name,
      shop_hidden: 0,
      is_public: true,
      shop_description: 'Singles and sealed since 1999.',
      public_url: `https://${name}.cardstock.test`,
      public_access_data: { enabled: true, storefront_path: `/shop/${name}` },
      pricing: { markup_percent: 0, floor_cents: 0 },
    });
    // The new rule prices the inventory at once.
    await api(server, shop).call('inventoryAdd', { scryfall_id: card.id, quantity: 1 });
    const row = bodyOf(await call(server, 'inventoryList', { Authorization: shop.token, page: '1' })).inventory[0];
    expect(row?.price).toBe(Math.round(Number(card.prices.usd) * 100) / 100);
  });

  it('refuses malformed, reserved and taken subdomains with the reason, and changes nothing', async () => {
    const before = bodyOf(await get());
    for (const [subdomain, message] of [
      ['ab', 'A subdomain has 3 to 63 characters: a-z, 0-9 and hyphens, not at either end.'],
      ['-shop', 'A subdomain has 3 to 63 characters: a-z, 0-9 and hyphens, not at either end.'],
      ['my_shop', 'A subdomain has 3 to 63 characters: a-z, 0-9 and hyphens, not at either end.'],
      ['admin', 'That subdomain is reserved for Cardstock itself. Choose another.'],
      ['WWW', 'That subdomain is reserved for Cardstock itself. Choose another.'],
    ] as const) {
      const res = await save({ subdomain });
      expect(res.status, subdomain).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const other = await buildShop(server);
    // The subdomain the test before saved: a text, or the call below fails as it would have with null.
    const taken = await save({ subdomain: before.subdomain as string }, other.token);
    expectError(taken, 409);
    expect(taken.body.message).toBe(messages.settingsServer.subdomainTaken);
    const badRule = await save({ subdomain: '', pricing: { ...defaultPricingRule, rounding_cents: 0 } });
    expectError(badRule, 400);
    expect(badRule.body.message).toBe('Rounding must be at least 1 cent.');
    expect((await get()).body).toEqual(before);
  });

  it('lets the Owner and Managers change settings, nobody else', async () => {
    const manager = await member(server, shop, 'Manager');
    expect((await get(manager.token)).status).toBe(200);
    const employee = await member(server, shop, 'Employee');
    const refused = await save({ subdomain: sub() }, employee.token);
    expectError(refused, 403);
    expect(refused.body.message).toBe('An Employee cannot change shop settings.');
  });

  it('gives the /shop/ address when the platform runs on a bare IP address', async () => {
    const onIp = await startServer({ PUBLIC_URL: 'http://127.0.0.1:8080' });
    try {
      const owner = await buildShop(onIp);
      const name = sub();
      const client = api(onIp, owner);
      await client.call('settingsSave', { subdomain: name, shop_hidden: 0 });
      const res = bodyOf(await client.call('settingsGet'));
      expect(res.public_url).toBe(`http://127.0.0.1:8080/shop/${name}`);
    } finally {
      await onIp.close();
    }
  });

  it('keeps online reservations off by default, with a 48-hour hold, and saves the switch and the hold time', async () => {
    const fresh = await buildShop(server);
    expect((await get(fresh.token)).body).toMatchObject({ reservations_enabled: false, reservation_hold_hours: 48 });
    expectOk(await save({ subdomain: '', reservations_enabled: true, reservation_hold_hours: 72 }, fresh.token));
    expect((await get(fresh.token)).body).toMatchObject({ reservations_enabled: true, reservation_hold_hours: 72 });
    // Left out, both stay as they are.
    expectOk(await save({ subdomain: '' }, fresh.token));
    expect((await get(fresh.token)).body).toMatchObject({ reservations_enabled: true, reservation_hold_hours: 72 });
    for (const hours of [1, 336]) {
      expectOk(await save({ subdomain: '', reservation_hold_hours: hours }, fresh.token));
      expect((await get(fresh.token)).body).toMatchObject({ reservation_hold_hours: hours });
    }
    expectOk(await save({ subdomain: '', reservations_enabled: false }, fresh.token));
    expect((await get(fresh.token)).body).toMatchObject({ reservations_enabled: false, reservation_hold_hours: 336 });
  });

  it('refuses a hold time outside 1 to 336 whole hours, and a switch that is not true or false, changing nothing', async () => {
    const fresh = await buildShop(server);
    const bad: [Record<string, unknown>, string][] = [
      [{ reservation_hold_hours: 0 }, 'The hold time must be at least 1 hour.'],
      [{ reservation_hold_hours: 337 }, 'The hold time must be at most 336 hours (14 days).'],
      [{ reservation_hold_hours: 2.5 }, 'The hold time must be whole hours.'],
      [{ reservation_hold_hours: 'soon' }, 'The hold time must be a number of hours.'],
      [{ reservations_enabled: 'yes' }, 'reservations_enabled must be true or false.'],
    ];
    for (const [body, message] of bad) {
      const res = await server.request('POST', '/api/shop/settings', {
        token: fresh.token,
        subdomain: '',
        shop_hidden: 1,
        ...body,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await get(fresh.token)).body).toMatchObject({ reservations_enabled: false, reservation_hold_hours: 48 });
  });

  it('removes the subdomain with an empty one', async () => {
    expect((await save({ subdomain: '' })).status).toBe(200);
    expect((await get()).body).toMatchObject({ subdomain: null, is_public: false, public_url: null });
  });
});
