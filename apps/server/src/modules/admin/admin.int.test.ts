import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, type AdminInventoryQuery } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, expectOk } from '../../../test/client.ts';
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

  /** The typed client as a caller; `raw` sends what the contract's types refuse (to see the server refuse it too). */
  const as = (who: string | { token: string }) => api(server, who);
  const raw = (method: string, path: string, body?: unknown) =>
    server.request(method, path, body, { authorization: `Bearer ${admin.token}` });
  const login = (email: string, password: string) =>
    api(server).call('login', { email, password, turnstileToken: 't' });
  const userId = async (email: string) => bodyOf(await as(admin).call('adminUsers', { q: email })).users[0]!.id;
  const shopId = async (email: string) =>
    (await server.ctx.db.selectFrom('users').select('shop_id').where('email', '=', email).executeTakeFirstOrThrow())
      .shop_id!;
  const storefront = (subdomain: string) => api(server).call('publicInventory', { subdomain, page: '1' });

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
      bodyOf(await as(shop).call('settingsSave', { subdomain: sub, shop_hidden: 0 }));
    }
    for (const card of priced.slice(0, 3))
      bodyOf(await as(a).call('inventoryAdd', { scryfall_id: card.id, quantity: 4 }));
    for (const card of priced.slice(3, 5))
      bodyOf(await as(b).call('inventoryAdd', { scryfall_id: card.id, quantity: 2 }));
    // A pending order in shop B.
    bodyOf(await as(b).call('placeOrder', { items: [{ scryfall_id: priced[3]!.id, quantity: 1 }] }));
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('tells the caller who they are and what they may change', async () => {
    const me = bodyOf(await as(admin).call('adminMe'));
    expect(me).toMatchObject({ email: admin.email, role: 'admin', can_manage: true, can_grant_superadmin: false });
    const staff = await addPlatformStaff(server, 'website_staff');
    expect(bodyOf(await as(staff).call('adminMe'))).toMatchObject({
      role: 'website_staff',
      can_manage: false,
    });
  });

  it('lists every shop with its owner and real counts, filtered and searched', async () => {
    const { stores } = bodyOf(await as(admin).call('adminStores'));
    const beta = stores.find((s) => s.id === ids.b);
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
    const alpha = stores.find((s) => s.id === ids.a);
    expect(alpha).toMatchObject({ total_inventory: 3, pending_orders: 0 });

    // Search by name (any case) or subdomain; a LIKE wildcard is only a character.
    const storeIds = async (query: { q?: string; status?: 'all' | 'active' | 'inactive' }) =>
      bodyOf(await as(admin).call('adminStores', query)).stores.map((s) => s.id);
    expect(await storeIds({ q: 'DRAGON' })).toEqual([ids.b]);
    expect(await storeIds({ q: `alpha-${ids.a}` })).toEqual([ids.a]);
    expect(await storeIds({ q: '%' })).toEqual([]);
    expect(await storeIds({ status: 'inactive' })).toEqual([]);
    expect((await raw('GET', '/api/admin/stores?status=sometimes')).status).toBe(400);
  });

  it('deactivating a shop suspends it: login, sessions, tablets and storefront refused, nothing deleted', async () => {
    const code = bodyOf(await as(a).call('createDeviceCode', { device_name: 'Till' })).data.code;
    const device = bodyOf(await api(server).call('pairDevice', { code, serial_number: 'S1' })).device_token;
    const member = await addMember(server, a.email, 'Employee');
    const unusedCode = bodyOf(await as(a).call('createDeviceCode', { device_name: 'Spare till' })).data.code;
    expect((await storefront(`alpha-${ids.a}`)).status).toBe(200);

    const off = bodyOf(await as(admin).call('adminStoreSetActive', { id: ids.a, is_active: false }));
    expect(off.message).toBe(messages.adminServer.storeDeactivated('Alpha Cards and Games'));
    expect(off.store).toMatchObject({ id: ids.a, is_active: false, total_inventory: 3 });

    const refusedLogin = await login(a.email, a.password);
    expectError(refusedLogin, 403);
    expect(refusedLogin.body).toEqual({ message: messages.auth.shopSuspended, code: 'SHOP_SUSPENDED' });
    for (const who of [a, member]) {
      const res = await as(who).call('inventoryList', { page: '1' });
      expectError(res, 403);
      expect(res.body).toEqual({ message: messages.auth.shopSuspended, code: 'SHOP_SUSPENDED' });
    }
    const kiosk = await as(device).call('deviceSession');
    expectError(kiosk, 403);
    // The tablet's customer reads it in the tablet's words (the Owner's screens say whom to write to).
    expect(kiosk.body).toEqual({ message: messages.devicesServer.shopSuspended, code: 'SHOP_SUSPENDED' });
    const pairing = await api(server).call('pairDevice', { code: unusedCode, serial_number: 'S2' });
    expectError(pairing, 403);
    expect(pairing.body).toEqual({ message: messages.devicesServer.shopSuspended, code: 'SHOP_SUSPENDED' });
    const page = await storefront(`alpha-${ids.a}`);
    expectError(page, 404);
    expect(page.body.message).toBe(messages.storefrontServer.notFound);
    expect(
      (await api(server).call('shopWebsiteInventory', { shopname: 'Alpha Cards and Games', page: '1' })).status,
    ).toBe(404);
    expect(bodyOf(await as(admin).call('adminStores', { status: 'inactive' })).stores.map((s) => s.id)).toEqual([
      ids.a,
    ]);
    // Shop B is untouched.
    expect((await storefront(`beta-${ids.b}`)).status).toBe(200);

    const on = bodyOf(await as(admin).call('adminStoreSetActive', { id: ids.a, is_active: true }));
    expect(on.message).toBe(messages.adminServer.storeActivated('Alpha Cards and Games'));
    expectOk(await login(a.email, a.password));
    expect(bodyOf(await as(a).call('inventoryList', { page: '1' })).inventory).toHaveLength(3);
    expectOk(await as(device).call('deviceSession'));
    expect(bodyOf(await storefront(`alpha-${ids.a}`)).inventory).toHaveLength(3);

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
    const unknown = await as(admin).call('adminStoreSetActive', { id: 999999, is_active: false });
    expectError(unknown, 404);
    expect(unknown.body.message).toBe(messages.admin.storeNotFound);
    expect((await raw('GET', '/api/admin/stores/abc')).body.message).toBe(messages.admin.storeIdRequired);
  });

  it('lists inventory across shops, filtered by store, searched, sorted both ways', async () => {
    const inventory = async (query: AdminInventoryQuery = {}) => bodyOf(await as(admin).call('adminInventory', query));
    const mine = (await inventory()).items.filter((i) => [ids.a, ids.b].includes(i.store_id));
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

    expect((await inventory({ store_id: ids.b })).items.map((i) => i.store_id)).toEqual([ids.b, ids.b]);
    expect((await inventory({ q: 'beta dragon' })).total).toBe(2);
    expect((await inventory({ q: priced[0]!.name })).items.map((i) => i.card_name)).toContain(priced[0]!.name);

    const prices = async (order: 'asc' | 'desc') =>
      (await inventory({ store_id: ids.a, sort: 'price', order })).items.map((i) => i.price ?? 0);
    const up = await prices('asc');
    expect(up).toEqual([...up].sort((x, y) => x - y));
    expect(await prices('desc')).toEqual([...up].reverse());
    const quantities = (await inventory({ sort: 'quantity', order: 'desc' })).items.map((i) => i.inv_quantity);
    expect(quantities).toEqual([...quantities].sort((x, y) => y - x));
    expect((await raw('GET', '/api/admin/inventory?sort=colour')).status).toBe(400);
  });

  it('bulk +10% sets asking prices that the storefront shows at once, audit-logged per shop; -10% lowers them', async () => {
    const shelf = async () => bodyOf(await storefront(`beta-${ids.b}`)).inventory;
    const beforePrices = new Map((await shelf()).map((i) => [i.card_name, i.price ?? 0]));
    const res = bodyOf(await as(admin).call('adminInventoryBulkPrice', { percent: 10, store_id: ids.b }));
    expect(res).toEqual({ message: messages.adminServer.bulkPriceChanged(2, 10), updated: 2, skipped: 0 });
    // The storefront's kept page of shop B gives way to the new prices at once.
    for (const item of await shelf()) {
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

    const down = bodyOf(await as(admin).call('adminInventoryBulkPrice', { percent: -10, store_id: ids.b }));
    expect(down.message).toBe(messages.adminServer.bulkPriceChanged(2, -10));
    for (const item of await shelf()) {
      const raised = Math.round(beforePrices.get(item.card_name)! * 110);
      expect(item.price).toBeCloseTo(Math.round(raised * 0.9) / 100, 2);
    }
    expect((await raw('POST', '/api/admin/inventory/bulk-price', { percent: 50 })).status).toBe(400);
  });

  it('edits and deletes an item of any shop, and the shop sees it', async () => {
    const [item] = bodyOf(await as(admin).call('adminInventory', { store_id: ids.a })).items;
    const edited = bodyOf(
      await as(admin).call('adminInventoryEdit', { id: item!.id, quantity: 9, asking_price: 12.34 }),
    );
    expect(edited.item).toMatchObject({ id: item!.id, inv_quantity: 9, asking_price: 12.34, price: 12.34 });
    const shopRows = async () => bodyOf(await as(a).call('inventoryList', { page: '1' })).inventory;
    expect((await shopRows()).find((r) => r.inv_pkey === item!.id)).toMatchObject({
      inv_quantity: 9,
      inv_asking_price: 12.34,
    });
    expect((await as(admin).call('adminInventoryEdit', { id: item!.id, quantity: -1 })).status).toBe(400);

    const removed = bodyOf(await as(admin).call('adminInventoryDelete', { id: item!.id }));
    expect(removed.message).toBe(messages.adminServer.itemDeleted(item!.card_name));
    expect((await shopRows()).map((r) => r.inv_pkey)).not.toContain(item!.id);
    expect((await as(admin).call('adminInventoryDelete', { id: item!.id })).status).toBe(404);
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
    const res = await as(admin).call('adminStoreCreate', {
      shop_name: 'Gamma Games',
      subdomain: sub,
      shop_description: 'Board games and cards',
      owner_email: email,
      owner_username: 'gammaboss',
      settings: { allow_public_inventory: true, require_approval: false, max_inventory_items: 250 },
    });
    expectOk(res);
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
    expectOk(await api(server).call('teamAccept', { token, password: 'gamma password' }));
    const owner = bodyOf(await login(email, 'gamma password'));
    expect(owner).toMatchObject({ shop_name: 'Gamma Games', user_role: 'Owner' });
    expectOk(await storefront(sub));
    // Like a registered shop, it starts on the free trial.
    expect(bodyOf(await as(owner.token).call('billingSubscription')).subscription?.status).toBe('trialing');

    // Same subdomain or owner again: refused with the reason; the bounds of spec 001 §5 hold.
    const again = await as(admin).call('adminStoreCreate', {
      shop_name: 'Copy',
      subdomain: sub,
      owner_email: uniqueEmail(),
      owner_username: 'x',
    });
    expectError(again, 409);
    expect(again.body.message).toBe(messages.settingsServer.subdomainTaken);
    const sameOwner = await as(admin).call('adminStoreCreate', {
      shop_name: 'Copy',
      subdomain: `${sub}-2`,
      owner_email: email,
      owner_username: 'x',
    });
    expectError(sameOwner, 409);
    expect(sameOwner.body.message).toBe(messages.adminServer.ownerEmailTaken);
    expect((await raw('POST', '/api/admin/stores', { shop_name: 'No owner' })).status).toBe(400);
    const tooBig = await as(admin).call('adminStoreCreate', {
      shop_name: 'Huge',
      subdomain: `${sub}-3`,
      owner_email: uniqueEmail(),
      owner_username: 'h',
      settings: { max_inventory_items: 10_001 },
    });
    expectError(tooBig, 400);
    expect(tooBig.body.message).toBe('Maximum inventory items must be from 1 to 10000.');
  });

  it('edits a store’s details and settings, and shows its real orders', async () => {
    const res = bodyOf(
      await as(admin).call('adminStoreUpdate', {
        id: ids.b,
        shop_description: 'Dragons welcome',
        settings: { allow_public_inventory: false },
      }),
    );
    expect(res.store).toMatchObject({
      shop_description: 'Dragons welcome',
      settings: { allow_public_inventory: false },
    });
    expect((await storefront(`beta-${ids.b}`)).status).toBe(404);
    bodyOf(await as(admin).call('adminStoreUpdate', { id: ids.b, settings: { allow_public_inventory: true } }));
    expectOk(await storefront(`beta-${ids.b}`));
    const taken = await as(admin).call('adminStoreUpdate', { id: ids.b, subdomain: `alpha-${ids.a}` });
    expect(taken.status).toBe(409);

    const orders = bodyOf(await as(admin).call('adminStoreOrders', { id: ids.b }));
    expect(orders.orders).toEqual([
      expect.objectContaining({
        order_number: expect.stringMatching(new RegExp(`^\\d{8}-${ids.b}-`)),
        status: 'pending',
        total_items: 1,
        source_name: b.email,
        source_kind: 'staff',
      }),
    ]);
    expect(bodyOf(await as(admin).call('adminStoreOrders', { id: ids.a })).orders).toEqual([]);
  });

  it('keeps superadmins: never deleted, deactivated or demoted; only a superadmin makes one', async () => {
    const { users } = bodyOf(await as(admin).call('adminUsers'));
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

    for (const who of [admin, await addPlatformStaff(server, 'superadmin')]) {
      for (const change of [{ role: 'admin' as const }, { is_active: false }]) {
        const res = await as(who).call('adminUserUpdate', { id: top.id, ...change });
        expectError(res, 403);
        expect(res.body.message).toBe(messages.adminServer.superadminProtected);
      }
      const del = await as(who).call('adminUserDelete', { id: top.id });
      expectError(del, 403);
      expect(del.body.message).toBe(messages.adminServer.superadminProtected);
    }
    expectOk(await as(superadmin).call('adminMe'));

    const member = await addMember(server, b.email, 'Watcher');
    const memberId = await userId(member.email);
    const grant = await as(admin).call('adminUserUpdate', { id: memberId, role: 'superadmin' });
    expectError(grant, 403);
    expect(grant.body.message).toBe(messages.adminServer.onlySuperadminGrants);
    const staff = bodyOf(await as(admin).call('adminUserUpdate', { id: memberId, role: 'website_staff' }));
    expect(staff.user).toMatchObject({ role: 'website_staff' });
    expectOk(await as(member).call('adminStores'));
    const self = await as(admin).call('adminUserUpdate', { id: await userId(admin.email), role: 'user' });
    expectError(self, 403);
    expect(self.body.message).toBe(messages.adminServer.notYourself);
  });

  it('deactivates and deletes users; a shop’s owner cannot be deleted', async () => {
    const member = await addMember(server, b.email, 'Employee');
    const id = await userId(member.email);
    bodyOf(await as(admin).call('adminUserUpdate', { id, is_active: false }));
    const disabled = await login(member.email, 'member password');
    expectError(disabled, 403);
    expect(disabled.body.message).toBe(messages.auth.accountDisabled);
    bodyOf(await as(admin).call('adminUserUpdate', { id, is_active: true }));
    const back = bodyOf(await login(member.email, 'member password'));

    const deleted = bodyOf(await as(admin).call('adminUserDelete', { id }));
    expect(deleted.message).toBe(messages.adminServer.userDeleted(member.email));
    expect((await as(back.token).call('inventoryList', { page: '1' })).status).toBe(401);
    expect(bodyOf(await as(admin).call('adminUsers', { q: member.email })).users).toEqual([]);

    const refused = await as(admin).call('adminUserDelete', { id: await userId(b.email) });
    expectError(refused, 409);
    expect(refused.body.message).toBe(messages.adminServer.ownerDelete('Beta Dragon Den'));
  });

  it('reports over real orders, as CSV and PDF files', async () => {
    const [order] = bodyOf(await as(admin).call('adminStoreOrders', { id: ids.b })).orders;
    bodyOf(await as(b).call('confirmOrder', { order_number: order!.order_number }));

    const report = bodyOf(await as(admin).call('adminReport', { range: '7d' }));
    expect(report.overview).toMatchObject({ confirmed_orders: 1, cards_sold: 1 });
    expect(report.overview.revenue).toBe(order!.total);
    expect(report.stores[0]).toMatchObject({ store_id: ids.b, confirmed_orders: 1, revenue: order!.total });
    expect(report.revenue.by_day).toEqual([{ date: order!.created_at.slice(0, 10), orders: 1, revenue: order!.total }]);
    expect(report.users.by_role).toEqual(expect.arrayContaining([{ role: 'superadmin', count: expect.any(Number) }]));

    const csv = await as(admin).call('adminReportExport', { range: '7d', tab: 'stores', format: 'csv' });
    expectOk(csv);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="cardstock-report-stores-7d-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('Store,Subdomain,Active,Orders,Confirmed orders,Cards sold,Revenue ($)');
    expect(lines[1]).toBe(`Beta Dragon Den,beta-${ids.b},Yes,1,1,1,${order!.total.toFixed(2)}`);

    const pdf = await fetch(`${server.url}/api/admin/reports/export?range=30d&tab=overview&format=pdf`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await raw('GET', '/api/admin/reports?range=2w')).status).toBe(400);
  });

  it('writes a shop name a spreadsheet would run as a formula as text in the report CSV', async () => {
    const name = '=HYPERLINK("https://evil.example","Click")';
    await buildShop(server, { shop_name: name });
    for (const tab of ['stores', 'users'] as const) {
      const csv = await as(admin).call('adminReportExport', { range: '7d', tab, format: 'csv' });
      expectOk(csv);
      const cells = csv.text.split('\n').flatMap((line) => line.split(','));
      // Quoted as CSV ("" for each quote), after a ' so the spreadsheet shows it instead of running it.
      if (tab === 'stores') expect(csv.text).toContain(`"'=HYPERLINK(""https://evil.example""`);
      expect(
        cells.filter((cell) => /^"?=/.test(cell)),
        tab,
      ).toEqual([]);
    }
  });

  it('shows live figures and the server’s own health', async () => {
    const res = bodyOf(await as(admin).call('adminAnalytics'));
    const stores = await server.ctx.db.selectFrom('shops').select('id').execute();
    expect(res.platform).toMatchObject({ stores: stores.length, active_stores: stores.length });
    expect(res.platform.inventory_items).toBeGreaterThan(0);
    // The grading is unit-tested (admin-health.test.ts); a busy test machine may well be at "warning".
    expect(res.server).toMatchObject({
      health: expect.stringMatching(/^(healthy|warning|critical)$/),
      database: testEngine,
    });
    expect(res.server.reasons.length === 0).toBe(res.server.health === 'healthy');
    expect(res.server.requests_last_minute).toBeGreaterThan(0);
  });

  it('shows invite codes, feedback and contact messages to staff', async () => {
    const created = bodyOf(await as(admin).call('adminInviteCreate', { note: 'for a new shop' }));
    const { invites } = bodyOf(await as(admin).call('adminInvites'));
    expect(invites[0]).toMatchObject({ code: created.code, note: 'for a new shop', used_at: null });
    expect(invites.some((i) => i.used_by_email === a.email)).toBe(true);

    bodyOf(await as(a).call('feedback', { feedback_text: 'Love the kiosk', feedback_type: 'feature' }));
    const { feedback } = bodyOf(await as(admin).call('adminFeedback'));
    expect(feedback[0]).toMatchObject({
      type: 'feature',
      text: 'Love the kiosk',
      email: a.email,
      shop_name: 'Alpha Cards and Games',
    });

    bodyOf(
      await api(server).call('contactUs', {
        name: 'Casey',
        email: 'casey@example.com',
        message: 'Do you support Lorcana?',
        turnstileToken: 't',
      }),
    );
    const inbox = bodyOf(await as(admin).call('adminContactMessages')).messages;
    expect(inbox[0]).toMatchObject({ name: 'Casey', email: 'casey@example.com', message: 'Do you support Lorcana?' });
  });
});
