import { hashPassword } from '../src/lib/passwords.ts';
import { randomUUID } from 'node:crypto';
import { createAuthService } from '../src/modules/auth/auth.service.ts';
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

/** Registers a new shop with its Owner; returns the Owner's login and session token. */
export async function buildShop(server: TestServer, overrides: Record<string, unknown> = {}) {
  const invite = await createInvite(server);
  const body = registrationBody(invite, overrides);
  const res = await server.request('POST', '/api/register', body);
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return { email: body.email, password: body.password, shopName: body.shop_name, token: res.body.token as string };
}

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
