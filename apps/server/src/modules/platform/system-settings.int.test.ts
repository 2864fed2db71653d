import { messages, type SystemSettingsGroups } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import {
  createInvite,
  platformStaff,
  registrationBody,
  shop as buildShop,
  type Shop,
} from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { SETTINGS_CACHE_MS } from './system-settings.ts';

const HOUR = 60 * 60 * 1000;

/** Admin calls with a Bearer token, and a settings save that changes only what `change` changes. */
function adminClient(server: TestServer, token: string) {
  const staff = api(server, token);
  const get = async (): Promise<SystemSettingsGroups> => bodyOf(await staff.call('adminSystemSettings'));
  return {
    get,
    save: (body: SystemSettingsGroups) => staff.call('adminSystemSettingsSave', body),
    async change(change: (s: SystemSettingsGroups) => void) {
      const settings = await get();
      change(settings);
      const res = await staff.call('adminSystemSettingsSave', settings);
      expectOk(res);
      return res;
    },
  };
}

describe(`system settings are kept and enforced (${testEngine})`, () => {
  let server: TestServer;
  let admin: ReturnType<typeof adminClient>;
  let adminLogin: { email: string; password: string };
  let shop: Shop;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const staff = await platformStaff(server, 'admin');
    adminLogin = staff;
    admin = adminClient(server, staff.token);
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  const register = (overrides: Record<string, unknown> = {}) =>
    createInvite(server).then((invite) => call(server, 'register', registrationBody(invite, overrides)));
  const login = (who: { email: string; password: string }) =>
    call(server, 'login', { email: who.email, password: who.password, turnstileToken: 't' });
  const inventory = () => call(server, 'inventoryList', { token: shop.token, page: '1' });

  it('starts from the defaults, in four groups', async () => {
    expect(await admin.get()).toEqual({
      platform: {
        site_name: 'Cardstock',
        site_description: expect.any(String),
        maintenance_mode: false,
        allow_new_registrations: true,
        max_stores_per_user: 3,
      },
      security: {
        require_email_verification: false,
        password_min_length: 6,
        enable_two_factor: false,
        session_timeout_hours: 24,
      },
      notifications: { email_notifications: true, admin_email: '', smtp_server: '', smtp_port: 587 },
      api: { rate_limit_per_minute: 600, enable_api_logging: false, api_version: 'v1' },
    });
  });

  it('refuses values outside the bounds of spec 001 §5, naming them', async () => {
    const current = await admin.get();
    const cases: [(s: SystemSettingsGroups) => void, string][] = [
      [(s) => (s.platform.max_stores_per_user = 11), 'Max stores per user must be from 1 to 10.'],
      [(s) => (s.security.password_min_length = 5), 'Minimum password length must be from 6 to 32.'],
      [(s) => (s.security.session_timeout_hours = 169), 'Session timeout must be from 1 to 168.'],
      [(s) => (s.api.rate_limit_per_minute = 9), 'Rate limit must be from 10 to 1000.'],
      [(s) => (s.notifications.smtp_port = 0), 'SMTP port must be from 1 to 65535.'],
      [(s) => (s.notifications.admin_email = 'not-mail'), 'Admin email must be a valid e-mail address.'],
    ];
    for (const [change, message] of cases) {
      const body = structuredClone(current);
      change(body);
      const res = await admin.save(body);
      expectError(res, 400);
      expect(res.body.message).toBe(message);
    }
    expect(await admin.get()).toEqual(current);
  });

  it('saves every field, audit-logged', async () => {
    const res = await admin.change((s) => {
      s.platform.site_name = 'Cardstock Staging';
      s.platform.max_stores_per_user = 2;
      s.notifications.admin_email = 'ops@example.com';
      s.notifications.smtp_port = 2525;
      s.api.enable_api_logging = true;
    });
    expect(res.body.message).toBe(messages.adminServer.settingsSaved);
    expect(await admin.get()).toMatchObject({
      platform: { site_name: 'Cardstock Staging', max_stores_per_user: 2 },
      notifications: { admin_email: 'ops@example.com', smtp_port: 2525 },
      api: { enable_api_logging: true },
    });
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'admin.settings')
      .execute();
    expect(audit.map((r) => r.actor)).toContain(adminLogin.email);
  });

  it('allow_new_registrations gates registration', async () => {
    await admin.change((s) => (s.platform.allow_new_registrations = false));
    const closed = await register();
    expectError(closed, 403);
    expect(closed.body).toEqual({ message: messages.auth.registrationClosed, code: 'FORBIDDEN' });
    await admin.change((s) => (s.platform.allow_new_registrations = true));
    expect((await register()).status).toBe(200);
  });

  it('password_min_length is the rule for new passwords', async () => {
    await admin.change((s) => (s.security.password_min_length = 12));
    const short = await register({ password: 'elevenchars' });
    expectError(short, 400);
    expect(short.body).toEqual({
      message: messages.auth.passwordTooShort(12),
      code: 'VALIDATION',
      errors: [{ field: 'password', message: messages.auth.passwordTooShort(12) }],
    });
    expect((await register({ password: 'twelve chars' })).status).toBe(200);
    await admin.change((s) => (s.security.password_min_length = 6));
  });

  it('session_timeout_hours sets how long a new session lasts', async () => {
    await admin.change((s) => (s.security.session_timeout_hours = 2));
    const res = await login(shop);
    const session = await server.ctx.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(res.status).toBe(200);
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBeCloseTo(2 * HOUR, -3);
    await admin.change((s) => (s.security.session_timeout_hours = 24));
  });

  it('maintenance mode answers shop calls 503 with a sentence; staff, probes and the admin area stay open', async () => {
    await admin.change((s) => (s.platform.maintenance_mode = true));
    const list = await inventory();
    expectError(list, 503);
    expect(list.body).toEqual({ message: messages.auth.maintenance, code: 'MAINTENANCE' });
    expect(list.headers.get('retry-after')).toBe('60');
    const storefront = await call(server, 'publicInventory', { subdomain: 'anything', page: '1' });
    expectError(storefront, 503);
    expect(storefront.body.code).toBe('MAINTENANCE');
    const ownerLogin = await login(shop);
    expectError(ownerLogin, 503);
    expect(ownerLogin.body).toEqual({ message: messages.auth.maintenance, code: 'MAINTENANCE' });

    const staffLogin = await login(adminLogin);
    expectOk(staffLogin);
    expect(staffLogin.body.is_admin).toBe(true);
    expect((await call(server, 'health')).status).toBe(200);
    expect((await call(server, 'publicConfig')).status).toBe(200);

    await admin.change((s) => (s.platform.maintenance_mode = false));
    expect((await inventory()).status).toBe(200);
  });

  it('another process sees a saved setting within the cache time', async () => {
    // Written behind this process's back (as another server process would): seen once the cache expires.
    await server.ctx.db
      .updateTable('system_settings')
      .set({ value: 'true' })
      .where('key', '=', 'maintenance_mode')
      .execute();
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_MS + 100));
    expect((await inventory()).status).toBe(503);
    await admin.change((s) => (s.platform.maintenance_mode = false));
  });
});

describe(`rate_limit_per_minute caps API calls per client (${testEngine})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    // No RATE_LIMIT_SCALE: the limit as an operator sets it.
    server = await startServer();
  });
  afterAll(() => server.close());

  it('refuses the call past the limit with 429 and Retry-After, and a new limit applies at once', async () => {
    const staff = await platformStaff(server, 'superadmin');
    const admin = adminClient(server, staff.token);
    const shopA = await buildShop(server, { shop_name: 'Budget A' });
    const shopB = await buildShop(server, { shop_name: 'Budget B' });
    await admin.change((s) => (s.api.rate_limit_per_minute = 10));

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(server, 'cardSearch', { q: 'zz' })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await call(server, 'publicConfig');
    expectError(refused, 429);
    expect(refused.body).toEqual({ message: messages.auth.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Each signed-in client has its own budget: a shop's PCs and tablets often share one address.
    for (const shop of [shopA, shopB]) {
      const calls: number[] = [];
      for (let i = 0; i < 11; i++)
        calls.push((await call(server, 'inventoryList', { token: shop.token, page: '1' })).status);
      expect(calls).toEqual([...Array<number>(10).fill(200), 429]);
    }

    // The admin area is never throttled, so the limit can always be lifted.
    await admin.change((s) => (s.api.rate_limit_per_minute = 1000));
    expect((await call(server, 'publicConfig')).status).toBe(200);
  });

  it('counts calls with an unknown token by their address: an invented token per call buys no fresh budget (issue 38)', async () => {
    const staff = await platformStaff(server, 'superadmin');
    const admin = adminClient(server, staff.token);
    const shop = await buildShop(server, { shop_name: 'Budget C' });
    // A limit no other test used, so this address's minute starts afresh.
    await admin.change((s) => (s.api.rate_limit_per_minute = 11));
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await call(server, 'inventoryList', { token: `invented-${i}-${Date.now()}`, page: '1' })).status);
    expect(statuses).toEqual([...Array<number>(11).fill(401), 429, 429]);
    // A live session still has its own budget beside its address's.
    expect((await call(server, 'inventoryList', { token: shop.token, page: '1' })).status).toBe(200);
    await admin.change((s) => (s.api.rate_limit_per_minute = 1000));
  });
});
