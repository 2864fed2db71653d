import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, stock, testClock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';

type Card = { id: string; name: string; finishes: string[]; prices: { usd: string | null } };
// A printing with a market price: a tablet's order of a card without one would be refused (422).
const card = fixtureCardLines(500)
  .map((l) => JSON.parse(l) as Card)
  .find((c) => c.finishes.includes('nonfoil') && Number(c.prices.usd) > 0)!;

describe(`devices and kiosk (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  const clock = testClock();

  // The spec's staff app sends this call's token as the body field `auth_token`.
  const createCode = (deviceName: string, token = shop.token) =>
    call(server, 'createDeviceCode', { auth_token: token, device_name: deviceName });
  const pair = (code: string, serial = 'TAB-0001') => call(server, 'pairDevice', { code, serial_number: serial });
  const devices = async (token = shop.token) => bodyOf(await api(server, token).call('devices')).data.devices;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' }, { clock });
    await catalog(server, 500);
    shop = await buildShop(server);
    await stock(server, shop, [{ card: card.id, quantity: 5 }]);
  });
  afterAll(() => server.close());

  it('makes a single-use code with a QR image of the kiosk address; a blank name is refused', async () => {
    const res = await createCode('Counter tablet');
    expectOk(res);
    expect(res.body).toMatchObject({
      success: true,
      data: { code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/) },
    });
    expect(res.body.data.qr_code_url).toMatch(/^data:image\/png;base64,/);
    expect(res.body.data.pair_url).toBe(`${server.ctx.config.publicUrl}/kiosk?code=${res.body.data.code}`);
    const blank = await createCode('   ');
    expectError(blank, 400);
    expect(blank.body.message).toBe('Please enter a device name.');
  });

  it('pairs a tablet once per code, typed any way; the device is listed with its IP and times', async () => {
    const { code } = bodyOf(await createCode('Front tablet')).data;
    const typed = code.toLowerCase().replace('-', ' ');
    const res = await pair(typed);
    expectOk(res);
    expect(res.body).toMatchObject({ shop_name: shop.shopName, device_name: 'Front tablet' });
    expect(res.body.device_token).toMatch(/^dev_[\w-]{43}$/);
    const again = await pair(code, 'TAB-0002');
    expectError(again, 400);
    expect(again.body.message).toBe(messages.devicesServer.codeUsed);
    expect((await pair('ZZZZ-ZZZZ')).body.message).toBe(messages.devicesServer.codeUnknown);
    const [listed] = (await devices()).filter((d) => d.name === 'Front tablet');
    expect(listed).toEqual({
      name: 'Front tablet',
      serial_number: 'TAB-0001',
      ip_address: '127.0.0.1',
      registered_on: expect.stringMatching(/Z$/),
      last_login: expect.stringMatching(/Z$/),
      is_active: true,
    });
  });

  it('refuses a code older than 9 minutes', async () => {
    const { code } = bodyOf(await createCode('Late tablet')).data;
    clock.advance(9 * 60_000 + 1000);
    const res = await pair(code);
    expectError(res, 400);
    expect(res.body.message).toBe(messages.devicesServer.codeExpired);
  });

  it('lets a paired tablet browse its own shop and place orders that arrive named after it, and nothing else', async () => {
    const { code } = bodyOf(await createCode('Kiosk 1')).data;
    const { device_token: token } = bodyOf(await pair(code, 'TAB-K1'));
    const kiosk = api(server, token);
    const session = await kiosk.call('deviceSession');
    expect(session.body).toEqual({ shop_name: shop.shopName, device_name: 'Kiosk 1' });
    const hits = bodyOf(await kiosk.call('search', { q: '*' })).data.hits;
    expect(hits.map((h) => h.scryfallId)).toEqual([card.id]);
    const order = await kiosk.call(
      'placeOrder',
      { items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2 }] },
      { headers: { 'idempotency-key': 'kiosk-1-cart-1' } },
    );
    expectOk(order);
    const pending = bodyOf(await api(server, shop).call('pendingOrders')).data.orders;
    expect(pending.find((o) => o.order_number === order.body.order_number)).toMatchObject({
      source: 'Kiosk 1',
      total_items: 2,
    });
    // Staff calls stay staff calls.
    expect((await kiosk.call('pendingOrders')).status).toBe(401);
    expect((await kiosk.call('inventoryAdd', { scryfall_id: card.id, quantity: 1 })).status).toBe(401);
    // Another shop's tablet sees only that shop.
    const other = await buildShop(server);
    const otherCode = bodyOf(await createCode('Other kiosk', other.token)).data.code;
    const otherKiosk = api(server, bodyOf(await pair(otherCode, 'TAB-O1')).device_token);
    expect(bodyOf(await otherKiosk.call('search', { q: '*' })).data.hits).toEqual([]);
    const stolen = await otherKiosk.call('placeOrder', { items: [{ scryfall_id: card.id, quantity: 1 }] });
    expect(stolen.status).toBe(409);
    expect(await devices(other.token)).toHaveLength(1);
  });

  it('removes a device: its token is refused at once with the reason, and it stays listed as inactive', async () => {
    const { code } = bodyOf(await createCode('Spare tablet')).data;
    const kiosk = api(server, bodyOf(await pair(code, 'TAB-S1')).device_token);
    expect((await kiosk.call('search', { q: '*' })).status).toBe(200);
    const owner = api(server, shop);
    const res = await owner.call('removeDevice', { device_name: 'Spare tablet', serial_number: 'TAB-S1' });
    expectOk(res);
    expect(res.body.message).toBe('Device "Spare tablet" removed.');
    const refused = await kiosk.call('search', { q: '*' });
    expectError(refused, 401);
    expect(refused.body.message).toBe(messages.devicesServer.revoked);
    expect((await devices()).find((d) => d.serial_number === 'TAB-S1')).toMatchObject({ is_active: false });
    const twice = await owner.call('removeDevice', { device_name: 'Spare tablet', serial_number: 'TAB-S1' });
    expect(twice.status).toBe(404);
  });

  it('refuses a device token it never made in the tablet’s words, not a staff login’s', async () => {
    for (const token of ['dev_not-a-token-of-ours', 'dev_']) {
      const refused = await api(server, token).call('deviceSession');
      expectError(refused, 401);
      expect(refused.body).toEqual({ message: messages.devicesServer.unknownToken, code: 'UNAUTHORIZED' });
    }
    // A staff token the server does not know is still a staff session's refusal.
    const staff = await api(server, 'not-a-session').call('search', { q: '*' });
    expectError(staff, 401);
    expect(staff.body.message).toBe(messages.auth.sessionExpired);
  });

  it('leaves devices to the Owner and Managers', async () => {
    const employee = await member(server, shop, 'Employee');
    const refused = await createCode('Employee tablet', employee.token);
    expectError(refused, 403);
    expect(refused.body.message).toBe('An Employee cannot manage devices.');
    expect((await api(server, employee).call('devices')).status).toBe(403);
    const manager = await member(server, shop, 'Manager');
    expect((await createCode('Manager tablet', manager.token)).status).toBe(200);
  });
});
