import { adminPermissions, messages, platformRoleAllows, routes, type RouteDef } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addPlatformStaff, buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

const adminRoutes = Object.entries(routes as Record<string, RouteDef>).filter(([, def]) => def.auth === 'admin');

describe(`every /api/admin route refuses whoever its platform role does not allow (${testEngine})`, () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let storeId = 0;

  /** An empty body: a refusal must come before the input is looked at. */
  const call = (def: RouteDef, token: string | undefined) =>
    server.request(
      def.method,
      def.path.replace(':id', String(storeId)),
      def.method === 'GET' || def.method === 'DELETE' ? undefined : {},
      token ? { authorization: `Bearer ${token}` } : {},
    );

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const shop = await buildShop(server);
    tokens.owner = shop.token;
    tokens.manager = (await addMember(server, shop.email, 'Manager')).token;
    for (const role of ['website_staff', 'admin', 'superadmin'] as const)
      tokens[role] = (await addPlatformStaff(server, role)).token;
    storeId = (
      await server.ctx.db
        .selectFrom('users')
        .select('shop_id')
        .where('email', '=', shop.email)
        .executeTakeFirstOrThrow()
    ).shop_id!;
  });
  afterAll(() => server.close());

  it('lives under /api/admin/ and names a platform permission on every admin route', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(20);
    for (const [name, def] of adminRoutes) {
      expect(def.path, name).toMatch(/^\/api\/admin\//);
      expect(Object.keys(adminPermissions), name).toContain(def.adminPermission);
    }
    // Nothing else under /api/admin/ escapes the check.
    const stray = Object.entries(routes as Record<string, RouteDef>).filter(
      ([, def]) => def.path.startsWith('/api/admin') && def.auth !== 'admin',
    );
    expect(stray).toEqual([]);
  });

  for (const [name, def] of adminRoutes) {
    it(`${def.method} ${def.path} (${def.adminPermission})`, async () => {
      // A shop owner and a shop manager have no platform role: 403, and a sentence saying why.
      for (const who of ['owner', 'manager']) {
        const res = await call(def, tokens[who]);
        expect(res.status, `${who} on ${name}`).toBe(403);
        expect(res.body).toEqual({ message: messages.adminServer.staffOnly, code: 'FORBIDDEN' });
      }
      const anonymous = await call(def, undefined);
      expect(anonymous.status, `no token on ${name}`).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHORIZED');
      for (const role of ['website_staff', 'admin', 'superadmin'] as const) {
        const res = await call(def, tokens[role]);
        if (platformRoleAllows(role, def.adminPermission!)) {
          expect([401, 403], `${role} on ${name}: ${res.text}`).not.toContain(res.status);
          expect(res.status, `${role} on ${name}: ${res.text}`).toBeLessThan(500);
        } else {
          expect(res.status, `${role} on ${name}`).toBe(403);
          expect(res.body).toEqual({
            message: messages.access.forbidden(role, adminPermissions[def.adminPermission!].says),
            code: 'FORBIDDEN',
          });
        }
      }
    });
  }
});
