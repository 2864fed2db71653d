import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultBuyRules, routes, type RouteDef } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardTraderFake, type CardTraderFake } from '../test/cardtrader-fake.ts';
import { api, bodyOf } from '../test/client.ts';
import { uploadCsv } from '../test/csv-import.ts';
import { addMember, buildShop } from '../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from './modules/catalog/catalog-import.ts';

type Card = { id: string; finishes: string[] };
const [mine, theirs] = fixtureCardLines(400)
  .map((l) => JSON.parse(l) as Card)
  .filter((c) => c.finishes.includes('nonfoil')) as [Card, Card];

/** Routes that act on the caller alone: logging out, sending feedback. */
const own = new Set(['logout', 'feedback']);

describe(`one shop’s token against another shop, on every route (${testEngine})`, () => {
  let server: TestServer;
  let cardTrader: CardTraderFake;
  let a: Awaited<ReturnType<typeof buildShop>>;
  let b: Awaited<ReturnType<typeof buildShop>>;
  /** Text that only shop A's data contains: none of it may reach shop B. */
  const secrets: string[] = [];
  const ids = {
    sealed: 0,
    pending: '',
    confirmed: '',
    /** A's sale on a marketplace that needs attention: copies it sold that A no longer had. */
    attention: '',
    /** A's online reservation, confirmed: ready for pickup. */
    reservation: '',
    member: '',
    device: '',
    upload: 'shop-a-upload-0001',
    buyPending: '',
    buyAccepted: '',
    buyLine: 0,
    customer: 0,
    /** A's quick add, and the label code of the row it went to. */
    quickAdd: 0,
    label: '',
    row: 0,
    drawer: 0,
    /** A's sale at the register, paid by card, and its line. */
    sale: '',
    saleLine: 0,
  };

  /** Every row of shop A that a call could change, as one comparable value. */
  async function snapshotOfA() {
    const db = server.ctx.db;
    const shopId = (
      await db.selectFrom('users').select('shop_id').where('email', '=', a.email).executeTakeFirstOrThrow()
    ).shop_id!;
    const rows = await Promise.all([
      db
        .selectFrom('inventory')
        .select(['id', 'card_id', 'quantity', 'asking_price', 'location', 'label_printed_at', 'label_cents'])
        .where('shop_id', '=', shopId)
        .orderBy('id')
        .execute(),
      db.selectFrom('sealed_products').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db
        .selectFrom('orders')
        .select(['order_number', 'status', 'picked_lines'])
        .where('shop_id', '=', shopId)
        .orderBy('id')
        .execute(),
      db.selectFrom('devices').select(['name', 'is_active']).where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('users').select(['email', 'role']).where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('shops').selectAll().where('id', '=', shopId).execute(),
      db.selectFrom('subscriptions').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('billing_payments').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('csv_uploads').select(['id', 'rows_read', 'state']).where('shop_id', '=', shopId).execute(),
      db.selectFrom('buy_orders').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('buy_lines').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('buy_cards').selectAll().where('shop_id', '=', shopId).orderBy('card_id').execute(),
      db.selectFrom('customers').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('credit_ledger').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sales').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_returns').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_return_lines').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_return_refunds').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('cash_drawers').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('drawer_moves').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('quick_adds').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('shop_channels').selectAll().where('shop_id', '=', shopId).orderBy('channel').execute(),
      db.selectFrom('channel_listings').selectAll().where('shop_id', '=', shopId).orderBy('tag').execute(),
      db.selectFrom('channel_orders').selectAll().where('shop_id', '=', shopId).orderBy('market_id').execute(),
    ]);
    return JSON.stringify(rows);
  }

  /** A body for each route that names shop A's things wherever the call takes an id. */
  const bodies = (): Record<string, Record<string, unknown>> => ({
    inventoryList: { Authorization: b.token, page: '1', filter: '' },
    inventoryAdd: { scryfall_id: mine.id, quantity: 1 },
    inventoryEdit: { scryfall_id: theirs.id, finish: 'nonfoil', quality: 'NM', quantity: 99, asking_price: 0.01 },
    inventoryReprice: { filter: '', action: 'set', value: 0.01 },
    inventoryLocate: { filter: '', location: 'Taken' },
    inventoryLocations: {},
    // A's label scanned in B, and A's addition undone by B: neither names anything of B's.
    inventoryQuickAdd: { code: ids.label },
    inventoryQuickAddUndo: { undo_id: ids.quickAdd },
    // A's row marked printed by B: B has no such row.
    inventoryLabelsPrinted: { ids: [ids.row] },
    inventoryLabelsOutdated: {},
    // A's pending order, picked by B: B has no such order.
    pickList: { order_numbers: [ids.pending] },
    pickMark: { order_number: ids.pending, line: 1, picked: true },
    inventoryPriceChanges: { min_percent: 1 },
    inventoryPriceChangesKeep: { min_percent: 1 },
    inventoryDeleteAll: {},
    inventoryExport: { auth_token: b.token },
    inventoryImport: {},
    inventoryImportProgress: { import_id: ids.upload },
    sealedList: { page: '1', filter: '' },
    // A's product's UPC: one per shop, so B's own product may have it too.
    sealedAdd: { name: 'B box', category: 'Bundle', price: 10, quantity: 1, upc: '036000291452' },
    sealedEdit: { id: ids.sealed, name: 'Taken', category: 'Bundle', set_code: null, price: 1, quantity: 0 },
    sealedDelete: { id: ids.sealed },
    search: { q: '*' },
    shopSuggest: { q: 'a secret' },
    shopExport: {},
    settingsGet: {},
    settingsSave: { subdomain: '', shop_hidden: 1 },
    statsSummary: {},
    statsTotalCards: {},
    statsInventoryValue: {},
    statsLowStock: {},
    shopActivity: { actor: a.email },
    statsOrdersOverTime: {},
    statsTopSelling: { limit: 10 },
    statsLatestSold: { limit: 20 },
    statsSalesReport: { from: '2026-11-01', to: '2026-11-30' },
    statsBuysOverTime: {},
    customersSearch: { q: 'secret' },
    customersGet: { customer_id: ids.customer },
    customersCreate: { customer: { name: 'B’s own', email: 'secret-customer-a@example.com' } },
    customersUpdate: { customer_id: ids.customer, customer: { name: 'Taken', email: 'taken@example.com' } },
    customersAdjust: { customer_id: ids.customer, amount: 50, reason: 'Taken' },
    teamList: {},
    teamInvite: { name: 'New Hire', email: `hire-${Date.now()}@example.com`, role: 'Employee' },
    teamUpdateRole: { email: ids.member, role: 'Watcher' },
    teamRemove: { email: ids.member },
    createDeviceCode: { device_name: 'B tablet' },
    devices: {},
    removeDevice: { device_name: 'A tablet', serial_number: ids.device },
    deviceSession: {},
    // A's customer's credit, spent by B: the customer is not found.
    placeOrder: {
      items: [{ scryfall_id: theirs.id, finish: 'nonfoil', quantity: 1 }],
      customer_id: ids.customer,
      store_credit: 1,
    },
    // A's card and A's customer's credit, rung up by B: B holds neither.
    registerSale: {
      items: [{ scryfall_id: theirs.id, finish: 'nonfoil', quantity: 1 }],
      customer_id: ids.customer,
      tenders: [{ kind: 'store_credit', amount: 1 }],
    },
    // A's pending order, rung up by B: B has no such order.
    registerOrderSale: { order_number: ids.pending, tenders: [{ kind: 'card', amount: 1 }] },
    registerSettings: {},
    // A's product's UPC, scanned at B's register: B has no such product (and is not told A's).
    registerLookup: { code: '036000291452' },
    pendingOrders: {},
    confirmOrder: { order_number: ids.pending },
    rejectOrder: { order_number: ids.pending },
    pickedUpOrder: { order_number: ids.reservation },
    noShowOrder: { order_number: ids.reservation },
    orderHistory: {},
    expiredOrders: {},
    rejectedOrders: {},
    attentionOrders: {},
    // A's order that needs attention: B cannot mark it dealt with.
    attentionClear: { order_number: ids.attention },
    buylistOffer: { items: [{ scryfall_id: theirs.id, quality: 'NM', quantity: 1 }] },
    buylistSubmit: { items: [{ scryfall_id: theirs.id, quality: 'NM', quantity: 1 }], customer_id: ids.customer },
    buylistPending: {},
    buylistHistory: {},
    buylistGrade: { buy_number: ids.buyPending, lines: [{ line_id: ids.buyLine, quality: 'D', quantity: 0 }] },
    buylistAccept: { buy_number: ids.buyPending, payout: 'cash' },
    buylistReject: { buy_number: ids.buyPending, reason: 'B says no' },
    buylistRules: {},
    buylistRulesUpdate: { rules: { ...defaultBuyRules, cash_percent: 1 } },
    buylistCards: {},
    buylistCardSet: { scryfall_id: theirs.id, not_buying: true },
    buylistCardRemove: { scryfall_id: theirs.id },
    billingSubscription: {},
    billingPayments: {},
    billingUpgrade: {},
    billingCancel: {},
    billingResume: {},
    billingPortal: {},
    // A's drawer: B opens, moves and closes only its own, and finds no report of A's.
    // A's channel: B reads and sets only its own (no token sent, so CardTrader is not asked).
    channels: {},
    channelCardTrader: { enabled: false, price_percent: 50, keep: 7 },
    channelSync: { channel: 'cardtrader' },
    channelReconcile: { channel: 'cardtrader' },
    registerDrawerOpen: { float: 1 },
    registerDrawerMove: { kind: 'paid_out', amount: 1, reason: 'B takes' },
    registerDrawerClose: { counted: 1 },
    registerDrawerCurrent: {},
    registerDrawerReport: { drawer_id: ids.drawer },
    // A's sale: B finds none by its number, and returns nothing of it.
    // A's sale's receipt, mailed by B: B has no such sale (and A's customer's address is never used).
    registerReceiptMail: { sale_number: ids.sale, email: 'b-asks@example.com' },
    registerSales: {},
    // B's stream of events (its own shop's; events.int.test.ts listens to both shops and hears none of A's there).
    events: {},
    registerSaleFind: { sale_number: ids.sale },
    registerReturn: {
      sale_number: ids.sale,
      lines: [{ line: ids.saleLine, quantity: 1, restock: true }],
      refund: [{ kind: 'card', amount: 99 }],
    },
  });

  beforeAll(async () => {
    cardTrader = await startCardTraderFake();
    cardTrader.issue('a-secret-cardtrader-token', { name: 'A Secret Trader App', userId: 313 });
    server = await startServer({ RATE_LIMIT_SCALE: '100', CARDTRADER_API_URL: cardTrader.url });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tenancy-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(400).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    a = await buildShop(server, { shop_name: 'Shop A Secretive Games' });
    b = await buildShop(server);
    const asA = api(server, a);

    bodyOf(await asA.call('inventoryAdd', { scryfall_id: theirs.id, quantity: 5, location: 'A secret binder' }));
    const quick = bodyOf(await asA.call('inventoryQuickAdd', { code: theirs.id }));
    ids.quickAdd = quick.undo_id;
    ids.label = quick.row!.label_code;
    ids.row = quick.row!.inv_pkey;
    ids.sealed = bodyOf(
      await asA.call('sealedAdd', {
        name: 'A secret box',
        category: 'Booster Box',
        price: 99,
        quantity: 2,
        upc: '036000291452',
      }),
    ).item.id;
    const order = async () =>
      bodyOf(await asA.call('placeOrder', { items: [{ scryfall_id: theirs.id, quantity: 1 }] })).order_number;
    ids.confirmed = await order();
    bodyOf(await asA.call('confirmOrder', { order_number: ids.confirmed }));
    ids.pending = await order();
    // As a CardTrader sale of copies A had sold at the counter leaves it (channels-orders.int.test.ts takes one so).
    ids.attention = await order();
    bodyOf(await asA.call('confirmOrder', { order_number: ids.attention }));
    await server.ctx.db
      .updateTable('orders')
      .set({
        source_kind: 'marketplace',
        source_name: 'CardTrader',
        market_code: 'A-SECRET-MARKET-CODE',
        missing: JSON.stringify([{ card_name: 'A secret missing card', set_code: 'ASC', quantity: 1 }]),
      })
      .where('order_number', '=', ids.attention)
      .execute();
    // A's reservation from its storefront, ready for pickup: B may neither pick it up nor release its copies.
    const storefront = `a-${randomUUID().slice(0, 8)}`;
    bodyOf(await asA.call('settingsSave', { subdomain: storefront, shop_hidden: 0, reservations_enabled: true }));
    ids.reservation = bodyOf(
      await api(server).call(
        'publicOrder',
        {
          subdomain: storefront,
          items: [{ scryfall_id: theirs.id, quantity: 1 }],
          name: 'A Reserver',
          email: 'a-reserver@example.com',
          turnstileToken: 't',
        },
        { headers: { 'idempotency-key': 'tenancy-a-pickup' } },
      ),
    ).order_number;
    bodyOf(await asA.call('confirmOrder', { order_number: ids.reservation }));
    ids.member = (await addMember(server, a.email, 'Employee')).email;
    const code = bodyOf(await asA.call('createDeviceCode', { device_name: 'A tablet' })).data.code;
    ids.device = 'A-SERIAL-7';
    bodyOf(await api(server).call('pairDevice', { code, serial_number: ids.device }));
    bodyOf(await asA.call('billingUpgrade'));
    // A's upload kept for its commit: B may neither see its progress nor import it.
    const kept = await uploadCsv(server, a, `Quantity,Scryfall ID\n1,${theirs.id}\n`, {
      dry_run: 'true',
      import_id: ids.upload,
    });
    expect(kept.status).toBe(200);
    const payment = bodyOf(await asA.call('billingPayments')).payments[0]!.id;
    ids.customer = bodyOf(
      await asA.call('customersCreate', {
        customer: { name: 'A Secret Customer', email: 'secret-customer-a@example.com', phone: '555 313 3131' },
      }),
    ).customer.id;
    bodyOf(await asA.call('customersAdjust', { customer_id: ids.customer, amount: 20, reason: 'A secret gift' }));
    // A's buying: a hotlist card with fixed offers, a seller, an accepted and a pending buy order.
    bodyOf(await asA.call('buylistCardSet', { scryfall_id: theirs.id, hotlist: true, fixed_cash: 1, fixed_credit: 2 }));
    const seller = { name: 'A Secret Seller', email: 'a-secret-seller@example.com' };
    const sell = async () =>
      bodyOf(
        await asA.call('buylistSubmit', {
          items: [{ scryfall_id: theirs.id, quality: 'NM', quantity: 1 }],
          customer: seller,
        }),
      ).buy_number;
    ids.buyAccepted = await sell();
    bodyOf(await asA.call('buylistAccept', { buy_number: ids.buyAccepted, payout: 'credit' }));
    ids.buyPending = await sell();
    const [pendingBuy] = bodyOf(await asA.call('buylistPending')).data.buy_orders;
    ids.buyLine = pendingBuy!.items[0]!.line_id;
    // A's closed drawer, with a count only A knows, and A's drawer still open.
    ids.drawer = bodyOf(await asA.call('registerDrawerOpen', { float: 313.13 })).drawer.id;
    bodyOf(await asA.call('registerDrawerClose', { counted: 313.31 }));
    bodyOf(await asA.call('registerDrawerOpen', { float: 131.31 }));
    bodyOf(await asA.call('registerDrawerMove', { kind: 'paid_in', amount: 20, reason: 'A secret paid in' }));
    const sale = bodyOf(
      await asA.call('registerSale', {
        items: [{ sealed_id: ids.sealed, quantity: 1 }],
        tenders: [{ kind: 'card', amount: 99, reference: 'A-SECRET-TERMINAL' }],
      }),
    );
    ids.sale = sale.sale_number;
    bodyOf(
      await asA.call('channelCardTrader', {
        api_token: 'a-secret-cardtrader-token',
        enabled: true,
        price_percent: 93.13,
        keep: 3,
      }),
    );
    ids.saleLine = sale.lines[0]!.line;
    secrets.push(
      theirs.id,
      'A secret box',
      ids.pending,
      ids.confirmed,
      ids.attention,
      'A-SECRET-MARKET-CODE',
      'A secret missing card',
      ids.reservation,
      ids.member,
      ids.device,
      'Shop A Secretive Games',
      payment,
      'A Secret Customer',
      '313.31',
      '131.31',
      '555 313 3131',
      'A secret gift',
      'A secret paid in',
      ids.buyPending,
      ids.buyAccepted,
      seller.name,
      seller.email,
      'A-SECRET-TERMINAL',
      'A secret binder',
      'A Secret Trader App',
      'a-secret-cardtrader-token',
      '93.13',
    );
  });
  afterAll(async () => {
    await server.close();
    await cardTrader.close();
  });

  it('has a body for every route that takes a token', () => {
    const known = Object.keys(bodies());
    const routesWithToken = Object.entries(routes as Record<string, RouteDef>)
      .filter(([name, def]) => (def.auth === 'session' || def.auth === 'device') && !own.has(name))
      .map(([name]) => name);
    expect(routesWithToken.filter((name) => !known.includes(name))).toEqual([]);
  });

  it('shows shop B none of shop A’s data and changes none of it, on every route', async () => {
    const before = await snapshotOfA();
    const calls = bodies();
    for (const [name, def] of Object.entries(routes as Record<string, RouteDef>)) {
      const body = calls[name];
      if (!body || own.has(name)) continue;
      const res =
        def.method === 'GET'
          ? await server.request(def.method, def.path, undefined, { authorization: `Bearer ${b.token}` })
          : await server.request(def.method, def.path, { token: b.token, ...body });
      // What B itself sent may come back (a "not found" names it); nothing else of A's may.
      const sent = JSON.stringify(body);
      for (const secret of secrets.filter((s) => !sent.includes(s)))
        expect(res.text, `${name} answered with shop A's ${secret}`).not.toContain(secret);
    }
    expect(await snapshotOfA()).toBe(before);
  });

  it('keeps the storefront’s reservation routes to the shop their subdomain names', async () => {
    const storefrontOf = async (shop: typeof a) => {
      const subdomain = `t-${randomUUID().slice(0, 8)}`;
      bodyOf(await api(server, shop).call('settingsSave', { subdomain, shop_hidden: 0, reservations_enabled: true }));
      return subdomain;
    };
    const [atA, atB] = [await storefrontOf(a), await storefrontOf(b)];
    const customer = { name: 'Tess Tenant', email: 'tess@example.com', turnstileToken: 't' };
    const key = { headers: { 'idempotency-key': 'tenancy-reservation-1' } };
    const card = [{ scryfall_id: theirs.id, finish: 'nonfoil' as const, quantity: 1 }];
    const placed = bodyOf(await api(server).call('publicOrder', { subdomain: atA, items: card, ...customer }, key));
    const before = await snapshotOfA();
    // At B's storefront, A's card and sealed product are not for sale, A's key answers nothing of A's, and A's
    // order is not found.
    const answers = [
      await api(server).call(
        'publicOrder',
        { subdomain: atB, items: [{ sealed_id: ids.sealed, quantity: 1 }], ...customer },
        { headers: { 'idempotency-key': randomUUID() } },
      ),
      await api(server).call('publicOrder', { subdomain: atB, items: card, ...customer }, key),
      await api(server).call('publicOrderStatus', {
        subdomain: atB,
        order_number: placed.order_number,
        email: customer.email,
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([409, 409, 404]);
    for (const res of answers)
      for (const secret of [...secrets, placed.order_number].filter((s) => s !== theirs.id))
        expect(res.text).not.toContain(secret);
    expect(await snapshotOfA()).toBe(before);
  });
});
