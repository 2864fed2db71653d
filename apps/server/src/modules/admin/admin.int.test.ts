import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addPlatformStaff, buildShop, uniqueEmail } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { decodedMail, startSmtpServer, waitForMail } from '../../../test/smtp.ts';
import { importCatalogFile } from '../catalog/catalog-import.ts';

type Card = { id: string; name: string; finishes: string[]; prices: { usd: string | null } };
const cards = fixtureCardLines(300).map((l) => JSON.parse(l) as Card);
/** Nonfoil printings with a market price, so every row has a price to change. */
const priced = cards.filter((c) => c.finishes.includes('nonfoil') && c.prices.usd && Number(c.prices.usd) > 0.5);

describe(`the admin area on real data (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let superadmin: Awaited<ReturnType<typeof addPlatformStaff>>;
  let admin: Awaited<ReturnType<typeof addPlatformStaff>>;
  let a: Awaited<ReturnType<typeof buildShop>>;
  let b: Awaited<ReturnType<typeof buildShop>>;
  const ids = { a: 0, b: 0 };

  const as = (token: string) => ({
    get: (p: string) => server.request('GET', p, undefined, { authorization: `Bearer ${token}` }),
    send: (method: string, p: string, body: unknown = {}) =>
      server.request(method, p, body, { authorization: `Bearer ${token}` }),
  });
  const login = (email: string, password: string) =>
    server.request('POST', '/api/login', { email, password, turnstileToken: 't' });
  const shopId = async (email: string) =>
    (await server.ctx.db.selectFrom('users').select('shop_id').where('email', '=', email).executeTakeFirstOrThrow())
      .shop_id!;
  const storefront = (subdomain: string) =>
    server.request('POST', '/api/public/shop/inventory', { subdomain, page: '1' });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://cardstock.test' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'admin-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(300).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    superadmin = await addPlatformStaff(server, 'superadmin');
    admin = await addPlatformStaff(server, 'admin');
    a = await buildShop(server, { shop_name: 'Alpha Cards and Games' });
    b = await buildShop(server, { shop_name: 'Beta Dragon Den' });
    ids.a = await shopId(a.email);
    ids.b = await shopId(b.email);
    for (const [shop, sub] of [
      [a, `alpha-${ids.a}`],
      [b, `beta-${ids.b}`],
    ] as const) {
      await server.request('POST', '/api/shop/settings', { token: shop.token, subdomain: sub, shop_hidden: 0 });
    }
    for (const card of priced.slice(0, 3))
      await server.request('POST', '/api/shop/inventory/add', { token: a.token, scryfall_id: card.id, quantity: 4 });
    for (const card of priced.slice(3, 5))
      await server.request('POST', '/api/shop/inventory/add', { token: b.token, scryfall_id: card.id, quantity: 2 });
    // A pending order in shop B.
    await server.request('POST', '/api/device/order', {
      token: b.token,
      items: [{ scryfall_id: priced[3]!.id, quantity: 1 }],
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('tells the caller who they are and what they may change', async () => {
    const me = await as(admin.token).get('/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: admin.email, role: 'admin', can_manage: true, can_grant_superadmin: false });
    const staff = await addPlatformStaff(server, 'website_staff');
    expect((await as(staff.token).get('/api/admin/me')).body).toMatchObject({
      role: 'website_staff',
      can_manage: false,
    });
  });

  it('lists every shop with its owner and real counts, filtered and searched', async () => {
    const res = await as(admin.token).get('/api/admin/stores');
    expect(res.status).toBe(200);
    const beta = res.body.stores.find((s: { id: number }) => s.id === ids.b);
    expect(beta).toMatchObject({
      shop_name: 'Beta Dragon Den',
      subdomain: `beta-${ids.b}`,
      is_active: true,
      total_inventory: 2,
      pending_orders: 1,
      owner_email: b.email,
      owner_username: 'Ada Owner',
      settings: { allow_public_inventory: true, require_approval: true, max_inventory_items: 1000 },
    });
    const alpha = res.body.stores.find((s: { id: number }) => s.id === ids.a);
    expect(alpha).toMatchObject({ total_inventory: 3, pending_orders: 0 });

    // Search by name (any case) or subdomain; a LIKE wildcard is only a character.
    const byName = await as(admin.token).get('/api/admin/stores?q=DRAGON');
    expect(byName.body.stores.map((s: { id: number }) => s.id)).toEqual([ids.b]);
    const bySub = await as(admin.token).get(`/api/admin/stores?q=alpha-${ids.a}`);
    expect(bySub.body.stores.map((s: { id: number }) => s.id)).toEqual([ids.a]);
    expect((await as(admin.token).get('/api/admin/stores?q=%25')).body.stores).toEqual([]);
    expect((await as(admin.token).get('/api/admin/stores?status=inactive')).body.stores).toEqual([]);
    expect((await as(admin.token).get('/api/admin/stores?status=sometimes')).status).toBe(400);
  });

  it('deactivating a shop suspends it: login, sessions, tablets and storefront refused, nothing deleted', async () => {
    const code = await server.request('POST', '/api/user/create_code', { token: a.token, device_name: 'Till' });
    const paired = await server.request('POST', '/api/device/pair', { code: code.body.data.code, serial_number: 'S1' });
    const device = paired.body.device_token as string;
    const member = await addMember(server, a.email, 'Employee');
    expect((await storefront(`alpha-${ids.a}`)).status).toBe(200);

    const off = await as(admin.token).send('POST', `/api/admin/stores/${ids.a}/active`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(messages.adminServer.storeDeactivated('Alpha Cards and Games'));
    expect(off.body.store).toMatchObject({ id: ids.a, is_active: false, total_inventory: 3 });

    const refusedLogin = await login(a.email, a.password);
    expect(refusedLogin.status).toBe(403);
    expect(refusedLogin.body.message).toBe(messages.auth.shopSuspended);
    for (const token of [a.token, member.token]) {
      const res = await server.request('POST', '/api/shop/inventory', { token, page: '1' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.auth.shopSuspended);
    }
    const kiosk = await server.request('POST', '/api/device/session', { token: device });
    expect(kiosk.status).toBe(403);
    expect(kiosk.body.message).toBe(messages.auth.shopSuspended);
    const page = await storefront(`alpha-${ids.a}`);
    expect(page.status).toBe(404);
    expect(page.body.message).toBe(messages.storefrontServer.notFound);
    expect(
      (await server.request('POST', '/api/shopwebsite/inventory', { shopname: 'Alpha Cards and Games', page: '1' }))
        .status,
    ).toBe(404);
    expect(
      (await as(admin.token).get('/api/admin/stores?status=inactive')).body.stores.map((s: { id: number }) => s.id),
    ).toEqual([ids.a]);
    // Shop B is untouched.
    expect((await storefront(`beta-${ids.b}`)).status).toBe(200);

    const on = await as(admin.token).send('POST', `/api/admin/stores/${ids.a}/active`, { is_active: true });
    expect(on.body.message).toBe(messages.adminServer.storeActivated('Alpha Cards and Games'));
    expect((await login(a.email, a.password)).status).toBe(200);
    const list = await server.request('POST', '/api/shop/inventory', { token: a.token, page: '1' });
    expect(list.status).toBe(200);
    expect(list.body.inventory).toHaveLength(3);
    expect((await server.request('POST', '/api/device/session', { token: device })).status).toBe(200);
    expect((await storefront(`alpha-${ids.a}`)).body.inventory).toHaveLength(3);

    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('shop_id', '=', ids.a)
      .where('action', 'like', 'admin.shop.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.shop.deactivate', actor: admin.email },
      { action: 'admin.shop.activate', actor: admin.email },
    ]);
    expect(
      (await as(admin.token).send('POST', '/api/admin/stores/999999/active', { is_active: false })).body.message,
    ).toBe(messages.admin.storeNotFound);
    expect((await as(admin.token).get('/api/admin/stores/abc')).body.message).toBe(messages.admin.storeIdRequired);
  });

  it('lists inventory across shops, filtered by store, searched, sorted both ways', async () => {
    const all = await as(admin.token).get('/api/admin/inventory');
    expect(all.status).toBe(200);
    const mine = all.body.items.filter((i: { store_id: number }) => [ids.a, ids.b].includes(i.store_id));
    expect(mine).toHaveLength(5);
    expect(mine[0]).toMatchObject({
      card_name: expect.any(String),
      card_setCode: expect.stringMatching(/^[A-Z0-9]+$/),
      inv_quantity: expect.any(Number),
      price: expect.any(Number),
      asking_price: null,
      description: 'Nonfoil · NM',
      store_name: expect.stringMatching(/Alpha|Beta/),
    });

    const onlyB = await as(admin.token).get(`/api/admin/inventory?store_id=${ids.b}`);
    expect(onlyB.body.items.map((i: { store_id: number }) => i.store_id)).toEqual([ids.b, ids.b]);
    const byStoreName = await as(admin.token).get('/api/admin/inventory?q=beta%20dragon');
    expect(byStoreName.body.total).toBe(2);
    const byCard = await as(admin.token).get(`/api/admin/inventory?q=${encodeURIComponent(priced[0]!.name)}`);
    expect(byCard.body.items.map((i: { card_name: string }) => i.card_name)).toContain(priced[0]!.name);

    const prices = async (order: string) =>
      (await as(admin.token).get(`/api/admin/inventory?store_id=${ids.a}&sort=price&order=${order}`)).body.items.map(
        (i: { price: number }) => i.price,
      );
    const up = await prices('asc');
    expect(up).toEqual([...up].sort((x, y) => x - y));
    expect(await prices('desc')).toEqual([...up].reverse());
    const quantities = (await as(admin.token).get(`/api/admin/inventory?sort=quantity&order=desc`)).body.items.map(
      (i: { inv_quantity: number }) => i.inv_quantity,
    );
    expect(quantities).toEqual([...quantities].sort((x, y) => y - x));
    expect((await as(admin.token).get('/api/admin/inventory?sort=colour')).status).toBe(400);
  });

  it('bulk +10% sets asking prices that the storefront shows at once, audit-logged per shop; -10% lowers them', async () => {
    const before = await storefront(`beta-${ids.b}`);
    const beforePrices = new Map<string, number>(
      before.body.inventory.map((i: { card_name: string; price: number }) => [i.card_name, i.price]),
    );
    const res = await as(admin.token).send('POST', '/api/admin/inventory/bulk-price', { percent: 10, store_id: ids.b });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.adminServer.bulkPriceChanged(2, 10), updated: 2, skipped: 0 });
    // The storefront's kept page of shop B gives way to the new prices at once.
    const after = await storefront(`beta-${ids.b}`);
    for (const item of after.body.inventory as { card_name: string; price: number }[]) {
      expect(item.price).toBeCloseTo(Math.round(beforePrices.get(item.card_name)! * 110) / 100, 2);
    }
    // Shop A was not in the filter.
    const aRows = await server.ctx.db
      .selectFrom('inventory')
      .select('asking_price')
      .where('shop_id', '=', ids.a)
      .execute();
    expect(aRows.every((r) => r.asking_price === null)).toBe(true);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('shop_id', '=', ids.b)
      .where('action', '=', 'admin.inventory.bulk_price')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(admin.email);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({ percent: 10, items: 2 });

    const down = await as(admin.token).send('POST', '/api/admin/inventory/bulk-price', {
      percent: -10,
      store_id: ids.b,
    });
    expect(down.body.message).toBe(messages.adminServer.bulkPriceChanged(2, -10));
    const lowered = await storefront(`beta-${ids.b}`);
    for (const item of lowered.body.inventory as { card_name: string; price: number }[]) {
      const raised = Math.round(beforePrices.get(item.card_name)! * 110);
      expect(item.price).toBeCloseTo(Math.round(raised * 0.9) / 100, 2);
    }
    expect((await as(admin.token).send('POST', '/api/admin/inventory/bulk-price', { percent: 50 })).status).toBe(400);
  });

  it('edits and deletes an item of any shop, and the shop sees it', async () => {
    const [item] = (await as(admin.token).get(`/api/admin/inventory?store_id=${ids.a}`)).body.items;
    const edited = await as(admin.token).send('PATCH', `/api/admin/inventory/${item.id}`, {
      quantity: 9,
      asking_price: 12.34,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.item).toMatchObject({ id: item.id, inv_quantity: 9, asking_price: 12.34, price: 12.34 });
    const shopList = await server.request('POST', '/api/shop/inventory', { token: a.token, page: '1' });
    expect(shopList.body.inventory.find((r: { inv_pkey: number }) => r.inv_pkey === item.id)).toMatchObject({
      inv_quantity: 9,
      inv_asking_price: 12.34,
    });
    expect((await as(admin.token).send('PATCH', `/api/admin/inventory/${item.id}`, { quantity: -1 })).status).toBe(400);

    const removed = await as(admin.token).send('DELETE', `/api/admin/inventory/${item.id}`, undefined);
    expect(removed.body.message).toBe(messages.adminServer.itemDeleted(item.card_name));
    const again = await server.request('POST', '/api/shop/inventory', { token: a.token, page: '1' });
    expect(again.body.inventory.map((r: { inv_pkey: number }) => r.inv_pkey)).not.toContain(item.id);
    expect((await as(admin.token).send('DELETE', `/api/admin/inventory/${item.id}`, undefined)).status).toBe(404);
    const actions = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('shop_id', '=', ids.a)
      .where('action', 'like', 'admin.inventory.%')
      .orderBy('id')
      .execute();
    expect(actions.map((r) => r.action)).toEqual(['admin.inventory.edit', 'admin.inventory.delete']);
  });

  it('creates a store whose owner is mailed an invitation, sets a password and logs in', async () => {
    const email = uniqueEmail('new-owner');
    const sub = `gamma-${Date.now().toString(36)}`;
    const res = await as(admin.token).send('POST', '/api/admin/stores', {
      shop_name: 'Gamma Games',
      subdomain: sub,
      shop_description: 'Board games and cards',
      owner_email: email,
      owner_username: 'gammaboss',
      settings: { allow_public_inventory: true, require_approval: false, max_inventory_items: 250 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.adminServer.storeCreated('Gamma Games', email));
    expect(res.body.store).toMatchObject({
      shop_name: 'Gamma Games',
      subdomain: sub,
      is_active: true,
      owner_email: email,
      owner_username: 'gammaboss',
      settings: { allow_public_inventory: true, require_approval: false, max_inventory_items: 250 },
    });
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email));
    const token = decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
    expect((await server.request('POST', '/api/team/accept', { token, password: 'gamma password' })).status).toBe(200);
    const owner = await login(email, 'gamma password');
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ shop_name: 'Gamma Games', user_role: 'Owner' });
    expect((await storefront(sub)).status).toBe(200);
    // Like a registered shop, it starts on the free trial.
    const subscription = await server.request('GET', '/api/stripe/subscription', undefined, {
      authorization: `Bearer ${owner.body.token}`,
    });
    expect(subscription.status).toBe(200);
    expect(subscription.body.subscription.status).toBe('trialing');

    // Same subdomain or owner again: refused with the reason; the bounds of spec 001 §5 hold.
    const again = await as(admin.token).send('POST', '/api/admin/stores', {
      shop_name: 'Copy',
      subdomain: sub,
      owner_email: uniqueEmail(),
      owner_username: 'x',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.settingsServer.subdomainTaken);
    const sameOwner = await as(admin.token).send('POST', '/api/admin/stores', {
      shop_name: 'Copy',
      subdomain: `${sub}-2`,
      owner_email: email,
      owner_username: 'x',
    });
    expect(sameOwner.body.message).toBe(messages.adminServer.ownerEmailTaken);
    const missing = await as(admin.token).send('POST', '/api/admin/stores', { shop_name: 'No owner' });
    expect(missing.status).toBe(400);
    const tooBig = await as(admin.token).send('POST', '/api/admin/stores', {
      shop_name: 'Huge',
      subdomain: `${sub}-3`,
      owner_email: uniqueEmail(),
      owner_username: 'h',
      settings: { max_inventory_items: 10_001 },
    });
    expect(tooBig.body.message).toBe('Maximum inventory items must be from 1 to 10000.');
  });

  it('edits a store’s details and settings, and shows its real orders', async () => {
    const res = await as(admin.token).send('PATCH', `/api/admin/stores/${ids.b}`, {
      shop_description: 'Dragons welcome',
      settings: { allow_public_inventory: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({
      shop_description: 'Dragons welcome',
      settings: { allow_public_inventory: false },
    });
    expect((await storefront(`beta-${ids.b}`)).status).toBe(404);
    await as(admin.token).send('PATCH', `/api/admin/stores/${ids.b}`, { settings: { allow_public_inventory: true } });
    expect((await storefront(`beta-${ids.b}`)).status).toBe(200);
    const taken = await as(admin.token).send('PATCH', `/api/admin/stores/${ids.b}`, { subdomain: `alpha-${ids.a}` });
    expect(taken.status).toBe(409);

    const orders = await as(admin.token).get(`/api/admin/stores/${ids.b}/orders`);
    expect(orders.status).toBe(200);
    expect(orders.body.orders).toEqual([
      expect.objectContaining({
        order_number: expect.stringMatching(new RegExp(`^\\d{8}-${ids.b}-`)),
        status: 'pending',
        total_items: 1,
        source_name: b.email,
      }),
    ]);
    expect((await as(admin.token).get(`/api/admin/stores/${ids.a}/orders`)).body.orders).toEqual([]);
  });

  it('keeps superadmins: never deleted, deactivated or demoted; only a superadmin makes one', async () => {
    const users = (await as(admin.token).get('/api/admin/users')).body.users as { id: number; email: string }[];
    const top = users.find((u) => u.email === superadmin.email)!;
    expect(top).toMatchObject({ role: 'superadmin', is_active: true, stores_count: 0 });
    const owner = users.find((u) => u.email === b.email)!;
    expect(owner).toMatchObject({
      role: 'user',
      shop_name: 'Beta Dragon Den',
      shop_role: 'Owner',
      stores_count: 1,
      total_orders: 1,
    });

    for (const token of [admin.token, (await addPlatformStaff(server, 'superadmin')).token]) {
      for (const body of [{ role: 'admin' }, { is_active: false }]) {
        const res = await as(token).send('PATCH', `/api/admin/users/${top.id}`, body);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(messages.adminServer.superadminProtected);
      }
      const del = await as(token).send('DELETE', `/api/admin/users/${top.id}`, undefined);
      expect(del.status).toBe(403);
      expect(del.body.message).toBe(messages.adminServer.superadminProtected);
    }
    expect((await as(superadmin.token).get('/api/admin/me')).status).toBe(200);

    const member = await addMember(server, b.email, 'Watcher');
    const memberId = (await as(admin.token).get(`/api/admin/users?q=${member.email}`)).body.users[0].id;
    const grant = await as(admin.token).send('PATCH', `/api/admin/users/${memberId}`, { role: 'superadmin' });
    expect(grant.body.message).toBe(messages.adminServer.onlySuperadminGrants);
    const staff = await as(admin.token).send('PATCH', `/api/admin/users/${memberId}`, { role: 'website_staff' });
    expect(staff.body.user).toMatchObject({ role: 'website_staff' });
    expect((await as(member.token).get('/api/admin/stores')).status).toBe(200);
    const self = await as(admin.token).send(
      'PATCH',
      `/api/admin/users/${(await as(admin.token).get('/api/admin/users?q=' + admin.email)).body.users[0].id}`,
      { role: 'user' },
    );
    expect(self.body.message).toBe(messages.adminServer.notYourself);
  });

  it('deactivates and deletes users; a shop’s owner cannot be deleted', async () => {
    const member = await addMember(server, b.email, 'Employee');
    const id = (await as(admin.token).get(`/api/admin/users?q=${member.email}`)).body.users[0].id;
    await as(admin.token).send('PATCH', `/api/admin/users/${id}`, { is_active: false });
    expect((await login(member.email, 'member password')).body.message).toBe(messages.auth.accountDisabled);
    await as(admin.token).send('PATCH', `/api/admin/users/${id}`, { is_active: true });
    const back = await login(member.email, 'member password');
    expect(back.status).toBe(200);

    const deleted = await as(admin.token).send('DELETE', `/api/admin/users/${id}`, undefined);
    expect(deleted.body.message).toBe(messages.adminServer.userDeleted(member.email));
    expect((await server.request('POST', '/api/shop/inventory', { token: back.body.token, page: '1' })).status).toBe(
      401,
    );
    expect((await as(admin.token).get(`/api/admin/users?q=${member.email}`)).body.users).toEqual([]);

    const ownerId = (await as(admin.token).get(`/api/admin/users?q=${b.email}`)).body.users[0].id;
    const refused = await as(admin.token).send('DELETE', `/api/admin/users/${ownerId}`, undefined);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.adminServer.ownerDelete('Beta Dragon Den'));
  });

  it('reports over real orders, as CSV and PDF files', async () => {
    const [order] = (await as(admin.token).get(`/api/admin/stores/${ids.b}/orders`)).body.orders;
    await server.request('POST', '/api/order/confirm', { token: b.token, order_number: order.order_number });

    const report = await as(admin.token).get('/api/admin/reports?range=7d');
    expect(report.status).toBe(200);
    expect(report.body.overview).toMatchObject({ confirmed_orders: 1, cards_sold: 1 });
    expect(report.body.overview.revenue).toBe(order.total);
    expect(report.body.stores[0]).toMatchObject({ store_id: ids.b, confirmed_orders: 1, revenue: order.total });
    expect(report.body.revenue.by_day).toEqual([
      { date: order.created_at.slice(0, 10), orders: 1, revenue: order.total },
    ]);
    expect(report.body.users.by_role).toEqual(
      expect.arrayContaining([{ role: 'superadmin', count: expect.any(Number) }]),
    );

    const csv = await as(admin.token).get('/api/admin/reports/export?range=7d&tab=stores&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="cardstock-report-stores-7d-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('Store,Subdomain,Active,Orders,Confirmed orders,Cards sold,Revenue ($)');
    expect(lines[1]).toBe(`Beta Dragon Den,beta-${ids.b},Yes,1,1,1,${order.total.toFixed(2)}`);

    const pdf = await fetch(`${server.url}/api/admin/reports/export?range=30d&tab=overview&format=pdf`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await as(admin.token).get('/api/admin/reports?range=2w')).status).toBe(400);
  });

  it('shows live figures and the server’s own health', async () => {
    const res = await as(admin.token).get('/api/admin/analytics');
    expect(res.status).toBe(200);
    const stores = await server.ctx.db.selectFrom('shops').select('id').execute();
    expect(res.body.platform).toMatchObject({ stores: stores.length, active_stores: stores.length });
    expect(res.body.platform.inventory_items).toBeGreaterThan(0);
    // The grading is unit-tested (admin-health.test.ts); a busy test machine may well be at "warning".
    expect(res.body.server).toMatchObject({
      health: expect.stringMatching(/^(healthy|warning|critical)$/),
      database: testEngine,
    });
    expect(res.body.server.reasons.length === 0).toBe(res.body.server.health === 'healthy');
    expect(res.body.server.requests_last_minute).toBeGreaterThan(0);
  });

  it('shows invite codes, feedback and contact messages to staff', async () => {
    const created = await as(admin.token).send('POST', '/api/admin/invites', { note: 'for a new shop' });
    expect(created.status).toBe(200);
    const invites = (await as(admin.token).get('/api/admin/invites')).body.invites;
    expect(invites[0]).toMatchObject({ code: created.body.code, note: 'for a new shop', used_at: null });
    expect(invites.some((i: { used_by_email: string | null }) => i.used_by_email === a.email)).toBe(true);

    await server.request('POST', '/api/feedback', {
      token: a.token,
      feedback_text: 'Love the kiosk',
      feedback_type: 'feature',
    });
    const feedback = (await as(admin.token).get('/api/admin/feedback')).body.feedback;
    expect(feedback[0]).toMatchObject({
      type: 'feature',
      text: 'Love the kiosk',
      email: a.email,
      shop_name: 'Alpha Cards and Games',
    });

    await server.request('POST', '/api/contactus', {
      name: 'Casey',
      email: 'casey@example.com',
      message: 'Do you support Lorcana?',
      turnstileToken: 't',
    });
    const inbox = (await as(admin.token).get('/api/admin/contact-messages')).body.messages;
    expect(inbox[0]).toMatchObject({ name: 'Casey', email: 'casey@example.com', message: 'Do you support Lorcana?' });
  });
});
