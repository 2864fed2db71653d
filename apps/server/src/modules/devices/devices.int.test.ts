import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildShop, testClock } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from '../catalog/catalog-import.ts';

type Card = { id: string; name: string; finishes: string[] };
const card = fixtureCardLines(500)
  .map((l) => JSON.parse(l) as Card)
  .find((c) => c.finishes.includes('nonfoil'))!;
type Shop = Awaited<ReturnType<typeof buildShop>>;

describe(`devices and kiosk (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  const clock = testClock();

  const createCode = (deviceName: string, token = shop.token) =>
    server.request('POST', '/api/user/create_code', { auth_token: token, device_name: deviceName });
  const pair = (code: string, serial = 'TAB-0001') =>
    server.request('POST', '/api/device/pair', { code, serial_number: serial });
  const devices = async (token = shop.token) =>
    (await server.request('POST', '/api/shop/devices', { token })).body.data.devices as Record<string, unknown>[];

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' }, { clock });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'devices-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(500).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    shop = await buildShop(server);
    await server.request('POST', '/api/shop/inventory/add', { token: shop.token, scryfall_id: card.id, quantity: 5 });
  });
  afterAll(() => server.close());

  it('makes a single-use code with a QR image of the kiosk address; a blank name is refused', async () => {
    const res = await createCode('Counter tablet');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/) },
    });
    expect(res.body.data.qr_code_url).toMatch(/^data:image\/png;base64,/);
    expect(res.body.data.pair_url).toBe(`${server.ctx.config.publicUrl}/kiosk?code=${res.body.data.code}`);
    const blank = await createCode('   ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please enter a device name.');
  });

  it('pairs a tablet once per code, typed any way; the device is listed with its IP and times', async () => {
    const { code } = (await createCode('Front tablet')).body.data;
    const typed = code.toLowerCase().replace('-', ' ');
    const res = await pair(typed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shop_name: shop.shopName, device_name: 'Front tablet' });
    expect(res.body.device_token).toMatch(/^dev_[\w-]{43}$/);
    const again = await pair(code, 'TAB-0002');
    expect(again.status).toBe(400);
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
    const { code } = (await createCode('Late tablet')).body.data;
    clock.advance(9 * 60_000 + 1000);
    const res = await pair(code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.devicesServer.codeExpired);
  });

  it('lets a paired tablet browse its own shop and place orders that arrive named after it, and nothing else', async () => {
    const { code } = (await createCode('Kiosk 1')).body.data;
    const { device_token: token } = (await pair(code, 'TAB-K1')).body;
    const session = await server.request('POST', '/api/device/session', { token });
    expect(session.body).toEqual({ shop_name: shop.shopName, device_name: 'Kiosk 1' });
    const hits = (await server.request('POST', '/api/search', { token, q: '*' })).body.data.hits;
    expect(hits.map((h: { scryfallId: string }) => h.scryfallId)).toEqual([card.id]);
    const order = await server.request(
      'POST',
      '/api/device/order',
      { token, items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2 }] },
      { 'idempotency-key': 'kiosk-1-cart-1' },
    );
    expect(order.status).toBe(200);
    const pending = (await server.request('POST', '/api/pending', { token: shop.token })).body.data.orders;
    expect(pending.find((o: { order_number: string }) => o.order_number === order.body.order_number)).toMatchObject({
      source: 'Kiosk 1',
      total_items: 2,
    });
    // Staff calls stay staff calls.
    expect((await server.request('POST', '/api/pending', { token })).status).toBe(401);
    expect(
      (await server.request('POST', '/api/shop/inventory/add', { token, scryfall_id: card.id, quantity: 1 })).status,
    ).toBe(401);
    // Another shop's tablet sees only that shop.
    const other = await buildShop(server);
    const otherCode = (await createCode('Other kiosk', other.token)).body.data.code;
    const otherToken = (await pair(otherCode, 'TAB-O1')).body.device_token;
    expect((await server.request('POST', '/api/search', { token: otherToken, q: '*' })).body.data.hits).toEqual([]);
    const stolen = await server.request('POST', '/api/device/order', {
      token: otherToken,
      items: [{ scryfall_id: card.id, quantity: 1 }],
    });
    expect(stolen.status).toBe(409);
    expect(await devices(other.token)).toHaveLength(1);
  });

  it('removes a device: its token is refused at once with the reason, and it stays listed as inactive', async () => {
    const { code } = (await createCode('Spare tablet')).body.data;
    const { device_token: token } = (await pair(code, 'TAB-S1')).body;
    expect((await server.request('POST', '/api/search', { token, q: '*' })).status).toBe(200);
    const res = await server.request('POST', '/api/shop/devices/remove', {
      token: shop.token,
      device_name: 'Spare tablet',
      serial_number: 'TAB-S1',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Device "Spare tablet" removed.');
    const refused = await server.request('POST', '/api/search', { token, q: '*' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(messages.devicesServer.revoked);
    expect((await devices()).find((d) => d.serial_number === 'TAB-S1')).toMatchObject({ is_active: false });
    const twice = await server.request('POST', '/api/shop/devices/remove', {
      token: shop.token,
      device_name: 'Spare tablet',
      serial_number: 'TAB-S1',
    });
    expect(twice.status).toBe(404);
  });

  it('leaves devices to the Owner and Managers', async () => {
    const employee = await addMember(server, shop.email, 'Employee');
    const refused = await createCode('Employee tablet', employee.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('An Employee cannot manage devices.');
    expect((await server.request('POST', '/api/shop/devices', { token: employee.token })).status).toBe(403);
    const manager = await addMember(server, shop.email, 'Manager');
    expect((await createCode('Manager tablet', manager.token)).status).toBe(200);
  });
});
