import type { Executor } from '../../db/database.ts';

/** Columns that hold secrets (hashes of passwords and tokens, a marketplace's sealed API token): never exported. */
const secret = new Set(['password_hash', 'token_hash', 'token_sealed']);
const withoutSecrets = <T extends object>(rows: T[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !secret.has(column))));

/**
 * Everything Cardstock holds about one shop, table by table: the one list
 * that the Owner's export reads and that deleting a shop empties.
 */
export const shopDataRepository = {
  async read(db: Executor, shopId: number) {
    const [shop, users, inventory, sealed, orders, orderLines, devices, deviceCodes] = await Promise.all([
      db.selectFrom('shops').selectAll().where('id', '=', shopId).execute(),
      db.selectFrom('users').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('inventory').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sealed_products').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('orders').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('order_lines').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('devices').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('device_codes').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
    ]);
    const [invitations, subscriptions, payments, feedback, audit] = await Promise.all([
      db
        .selectFrom('team_invitations')
        .innerJoin('users', 'users.id', 'team_invitations.user_id')
        .selectAll('team_invitations')
        .where('users.shop_id', '=', shopId)
        .orderBy('team_invitations.id')
        .execute(),
      db.selectFrom('subscriptions').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('billing_payments').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('feedback').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('audit_log').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
    ]);
    // Buying from customers (issue 25): its customers and their store-credit ledger, its word on printings, buy orders.
    const [customers, ledger, buyCards, buyOrders, buyLines] = await Promise.all([
      db.selectFrom('customers').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('credit_ledger').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('buy_cards').selectAll().where('shop_id', '=', shopId).orderBy('card_id').execute(),
      db.selectFrom('buy_orders').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('buy_lines').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
    ]);
    // The register's sales and what paid them (issue 44).
    const [sales, saleTenders, saleReturns, saleReturnLines, saleReturnRefunds] = await Promise.all([
      db.selectFrom('sales').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_tenders').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_returns').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_return_lines').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('sale_return_refunds').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
    ]);
    // The register's cash drawers and their cash movements (decision 038).
    const [drawers, drawerMoves] = await Promise.all([
      db.selectFrom('cash_drawers').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
      db.selectFrom('drawer_moves').selectAll().where('shop_id', '=', shopId).orderBy('id').execute(),
    ]);
    // Its marketplace channels (issue 42): the settings, never the API token.
    const [channels, listings, channelOrders] = await Promise.all([
      db.selectFrom('shop_channels').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('channel_listings').selectAll().where('shop_id', '=', shopId).orderBy('tag').execute(),
      db.selectFrom('channel_orders').selectAll().where('shop_id', '=', shopId).orderBy('created_at').execute(),
    ]);
    return {
      shop: withoutSecrets(shop)[0],
      users: withoutSecrets(users),
      team_invitations: withoutSecrets(invitations),
      inventory,
      sealed_products: sealed,
      orders,
      order_lines: orderLines,
      devices: withoutSecrets(devices),
      device_codes: deviceCodes,
      subscriptions,
      billing_payments: payments,
      feedback,
      audit_log: audit,
      customers,
      credit_ledger: ledger,
      buy_cards: buyCards,
      buy_orders: buyOrders,
      buy_lines: buyLines,
      sales,
      sale_tenders: saleTenders,
      sale_returns: saleReturns,
      sale_return_lines: saleReturnLines,
      sale_return_refunds: saleReturnRefunds,
      cash_drawers: drawers,
      drawer_moves: drawerMoves,
      shop_channels: withoutSecrets(channels),
      channel_listings: listings,
      channel_orders: channelOrders,
    };
  },

  /**
   * Deletes the shop and everything of it, in the order foreign keys need:
   * what hangs on its people, then its own tables, then its people, then the
   * shop. Run it inside a transaction.
   */
  async delete(db: Executor, shopId: number): Promise<void> {
    const people = db.selectFrom('users').select('id').where('shop_id', '=', shopId);
    await db.deleteFrom('sessions').where('user_id', 'in', people).execute();
    await db.deleteFrom('password_resets').where('user_id', 'in', people).execute();
    await db.deleteFrom('account_unlocks').where('user_id', 'in', people).execute();
    await db.deleteFrom('team_invitations').where('user_id', 'in', people).execute();
    await db
      .updateTable('invite_codes')
      .set({ used_by_user_id: null })
      .where('used_by_user_id', 'in', people)
      .execute();
    await db
      .deleteFrom('feedback')
      .where((eb) => eb.or([eb('shop_id', '=', shopId), eb('user_id', 'in', people)]))
      .execute();
    for (const table of [
      'sale_return_refunds',
      'sale_return_lines',
      'sale_returns',
      'sale_tenders',
      'sales',
      'order_lines',
      'orders',
      'order_counters',
      'buy_lines',
      'buy_orders',
      'buy_cards',
      'credit_ledger',
      'customers',
      'inventory',
      'sealed_products',
      'csv_uploads',
      'devices',
      'device_codes',
      'billing_payments',
      'subscriptions',
      'audit_log',
      'drawer_moves',
      'cash_drawers',
      'shop_events',
      'quick_adds',
      'channel_orders',
      'channel_listings',
      'shop_channels',
    ] as const)
      await db.deleteFrom(table).where('shop_id', '=', shopId).execute();
    await db.deleteFrom('users').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('shops').where('id', '=', shopId).execute();
  },
};
