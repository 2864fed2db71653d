import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { lowStockLimits } from '@cardstock/contract';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** `%text%` for LIKE, with the wildcards of the text itself escaped (`\` is the escape character). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" on both engines (PostgreSQL's LIKE is case-sensitive, SQLite's is not). */
export const contains = (column: RawBuilder<unknown> | string, text: string) =>
  sql<boolean>`lower(${typeof column === 'string' ? sql.ref(column) : column}) like ${likePattern(text)} escape '\\'`;

const count = (n: unknown) => Number(n ?? 0);

/** The shop's Owner, the person the admin area names as the store's owner. */
const ownerOf = (eb: ExpressionBuilder<DB, 'shops'>) =>
  eb
    .selectFrom('users')
    .whereRef('users.shop_id', '=', 'shops.id')
    .where('users.role', '=', 'Owner')
    .orderBy('users.id')
    .limit(1);

const storeSelect = (db: Executor) =>
  db.selectFrom('shops').select((eb) => [
    'shops.id',
    'shops.name',
    'shops.description',
    'shops.subdomain',
    'shops.is_active',
    'shops.created_at',
    'shops.shop_hidden',
    'shops.require_approval',
    'shops.max_inventory_items',
    eb
      .selectFrom('inventory')
      .select(eb.fn.countAll().as('n'))
      .whereRef('inventory.shop_id', '=', 'shops.id')
      .as('total_inventory'),
    eb
      .selectFrom('orders')
      .select(eb.fn.countAll().as('n'))
      .whereRef('orders.shop_id', '=', 'shops.id')
      .where('orders.status', '=', 'pending')
      .as('pending_orders'),
    ownerOf(eb).select('users.email').as('owner_email'),
    ownerOf(eb)
      .select(sql<string>`coalesce(users.username, trim(users.first_name || ' ' || users.last_name))`.as('u'))
      .as('owner_username'),
  ]);

export type StoreRow = Awaited<ReturnType<typeof adminRepository.stores>>[number];

const toStoreRow = <R extends { total_inventory: unknown; pending_orders: unknown }>(row: R) => ({
  ...row,
  total_inventory: count(row.total_inventory),
  pending_orders: count(row.pending_orders),
});

/** Queries of the admin area's shops, users and inboxes: across every shop, by design. */
export const adminRepository = {
  async stores(db: Executor, filter: { status: 'all' | 'active' | 'inactive'; q: string }) {
    let query = storeSelect(db);
    if (filter.status !== 'all') query = query.where('shops.is_active', '=', filter.status === 'active' ? 1 : 0);
    if (filter.q)
      query = query.where((eb) => eb.or([contains('shops.name', filter.q), contains('shops.subdomain', filter.q)]));
    const rows = await query.orderBy('shops.name').orderBy('shops.id').limit(1000).execute();
    return rows.map(toStoreRow);
  },

  async store(db: Executor, id: number) {
    const row = await storeSelect(db).where('shops.id', '=', id).executeTakeFirst();
    return row && toStoreRow(row);
  },

  async setShopActive(db: Executor, id: number, isActive: boolean): Promise<void> {
    await db
      .updateTable('shops')
      .set({ is_active: isActive ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  },

  async updateShop(
    db: Executor,
    id: number,
    values: Partial<{
      name: string;
      subdomain: string;
      description: string;
      shop_hidden: number;
      require_approval: number;
      max_inventory_items: number;
    }>,
  ): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await db.updateTable('shops').set(values).where('id', '=', id).execute();
  },

  subdomainOwner(db: Executor, subdomain: string) {
    return db.selectFrom('shops').select('id').where('subdomain', '=', subdomain).executeTakeFirst();
  },

  async insertShop(
    db: Executor,
    shop: {
      name: string;
      subdomain: string;
      description: string;
      shop_hidden: number;
      require_approval: number;
      max_inventory_items: number;
      created_at: string;
    },
  ): Promise<number> {
    const { id } = await db
      .insertInto('shops')
      .values({ ...shop, low_stock_threshold: lowStockLimits.defaultThreshold })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  /** A shop's orders, newest first. */
  orders(db: Executor, shopId: number, limit: number) {
    return db
      .selectFrom('orders')
      .select([
        'order_number',
        'status',
        'source_name',
        'source_kind',
        'total_items',
        'total_cents',
        'created_at',
        'decided_at',
        'decided_by',
      ])
      .where('shop_id', '=', shopId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  // ------------------------------------------------------------ users

  async users(db: Executor, filter: { q: string; id?: number }) {
    let query = db
      .selectFrom('users')
      .leftJoin('shops', 'shops.id', 'users.shop_id')
      .select((eb) => [
        'users.id',
        'users.email',
        'users.username',
        'users.first_name',
        'users.last_name',
        'users.platform_role',
        'users.role',
        'users.is_active',
        'users.created_at',
        'users.last_used_at',
        'users.shop_id',
        'shops.name as shop_name',
        // An address is verified once its owner used a link mailed to it.
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('team_invitations')
                .select('team_invitations.id')
                .whereRef('team_invitations.user_id', '=', 'users.id')
                .where('team_invitations.used_at', 'is not', null),
            ),
            eb.exists(
              eb
                .selectFrom('password_resets')
                .select('password_resets.id')
                .whereRef('password_resets.user_id', '=', 'users.id')
                .where('password_resets.used_at', 'is not', null),
            ),
          ])
          .as('email_verified'),
        eb
          .selectFrom('orders')
          .select(eb.fn.countAll().as('n'))
          .where('orders.source_kind', '=', 'staff')
          .whereRef('orders.source_id', '=', 'users.id')
          .as('total_orders'),
      ]);
    if (filter.id !== undefined) query = query.where('users.id', '=', filter.id);
    if (filter.q)
      query = query.where((eb) =>
        eb.or([
          contains('users.email', filter.q),
          contains('users.username', filter.q),
          contains(sql`users.first_name || ' ' || users.last_name`, filter.q),
        ]),
      );
    const rows = await query.orderBy('users.id').limit(2000).execute();
    return rows.map((r) => ({
      ...r,
      email_verified: Boolean(Number(r.email_verified)),
      total_orders: count(r.total_orders),
    }));
  },

  findUserByEmail(db: Executor, email: string) {
    return db
      .selectFrom('users')
      .select(['id', 'platform_role'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  },

  async updateUser(
    db: Executor,
    id: number,
    values: Partial<{ platform_role: string; is_active: number; username: string; password_hash: string }>,
  ): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await db.updateTable('users').set(values).where('id', '=', id).execute();
  },

  async deleteUser(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', id).execute();
    await db.deleteFrom('users').where('id', '=', id).execute();
  },

  // ------------------------------------------------------------ inboxes

  invites(db: Executor) {
    return db
      .selectFrom('invite_codes')
      .leftJoin('users', 'users.id', 'invite_codes.used_by_user_id')
      .select([
        'invite_codes.code',
        'invite_codes.note',
        'invite_codes.created_at',
        'invite_codes.expires_at',
        'invite_codes.used_at',
        'users.email as used_by_email',
      ])
      .orderBy('invite_codes.id', 'desc')
      .limit(500)
      .execute();
  },

  feedback(db: Executor) {
    return db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .leftJoin('shops', 'shops.id', 'feedback.shop_id')
      .select([
        'feedback.id',
        'feedback.type',
        'feedback.text',
        'feedback.created_at',
        'users.email',
        'shops.name as shop_name',
      ])
      .orderBy('feedback.id', 'desc')
      .limit(500)
      .execute();
  },

  contactMessages(db: Executor) {
    return db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'message', 'created_at'])
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
  },
};
