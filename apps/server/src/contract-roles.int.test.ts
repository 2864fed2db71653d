import { messages, permissions, roleAllows, routes, shopRoles, type RouteDef } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../test/client.ts';
import { addMember, buildShop } from '../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../test/harness.ts';

/** Routes any signed-in caller may use: their own session, their feedback, a kiosk's start. */
const open = new Set(['logout', 'feedback', 'deviceSession']);

const called = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, def]) => def.auth === 'session' || def.auth === 'device',
);
/** What a paired tablet may do (DESIGN §6): look at stock and order; price and submit a sell list (issue 25). */
const devicePermissions = new Set(['inventory:view', 'orders:place', 'buylist:sell']);

describe(`every route’s permission, for every role (${testEngine})`, () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let deviceToken = '';

  // An empty body: a refused role must hear 403 before its input is even looked at.
  // A GET has no body: the token goes in the Bearer header.
  const call = (def: RouteDef, token: string) =>
    def.method === 'GET'
      ? server.request(def.method, def.path, undefined, { authorization: `Bearer ${token}` })
      : server.request(def.method, def.path, { token });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const shop = await buildShop(server);
    tokens.Owner = shop.token;
    for (const role of ['Manager', 'Employee', 'Watcher'] as const)
      tokens[role] = (await addMember(server, shop.email, role)).token;
    const code = bodyOf(await api(server, shop).call('createDeviceCode', { device_name: 'Roles tablet' })).data.code;
    deviceToken = bodyOf(await api(server).call('pairDevice', { code, serial_number: 'R-1' })).device_token;
  });
  afterAll(() => server.close());

  it('names a permission for every shop route but the few every caller has', () => {
    const missing = called.filter(([name, def]) => !def.permission && !open.has(name)).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  for (const [name, def] of called.filter(([, d]) => d.permission)) {
    const permission = def.permission!;
    it(`${def.method} ${def.path} (${permission})`, async () => {
      for (const role of shopRoles) {
        const res = await call(def, tokens[role]!);
        if (roleAllows(role, permission)) {
          expect([401, 403], `${role} on ${name}`).not.toContain(res.status);
        } else {
          expect(res.status, `${role} on ${name}`).toBe(403);
          expect(res.body.message).toBe(messages.access.forbidden(role, permissions[permission].says));
        }
      }
      const asDevice = await call(def, deviceToken);
      if (def.auth === 'device' && devicePermissions.has(permission)) {
        expect([401, 403], `device on ${name}`).not.toContain(asDevice.status);
      } else {
        expect([401, 403], `device on ${name}`).toContain(asDevice.status);
      }
    });
  }

  it('lets anyone, without a session, use the public routes (a storefront’s visitors)', async () => {
    const publicRoutes = Object.entries(routes as Record<string, RouteDef>).filter(([name, def]) =>
      ['publicInventory', 'publicSealed', 'publicBuylist', 'publicOrder', 'publicOrderStatus'].includes(name)
        ? def.auth === 'none'
        : false,
    );
    expect(publicRoutes.map(([name]) => name)).toEqual([
      'publicInventory',
      'publicSealed',
      'publicBuylist',
      'publicOrder',
      'publicOrderStatus',
    ]);
    for (const [name, def] of publicRoutes) {
      // An unknown shop: not found, never "sign in first".
      const res = await server.request(def.method, def.path, {
        subdomain: 'no-such-shop',
        items: [{ sealed_id: 1, quantity: 1 }],
        name: 'Visitor',
        email: 'visitor@example.com',
        order_number: '20260101-1-0-1',
        turnstileToken: 't',
      });
      expect(res.status, `${name}: ${res.text}`).toBe(404);
    }
  });
});
