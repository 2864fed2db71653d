import { sql, type Insertable, type Selectable } from 'kysely';
import { precompiled, type Executor } from '../../db/database.ts';
import type { BuyLineTable, BuyOrderTable } from '../../db/schema.ts';

/** How far back an Employee's accepts count towards their limit, and their credit keeps their confirms away. */
export const EMPLOYEE_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What the offer rule reads of a printing. */
const cardColumns = [
  'id',
  'name',
  'sort_name',
  'set_code',
  'collector_number',
  'rarity',
  'finishes',
  'price_usd',
  'price_usd_foil',
  'price_usd_etched',
  'image_small',
  'image_normal',
] as const;

/** The shop's buy rules and the version its word on printings is kept under (the stock's is the read model's). */
const offerStateOf = precompiled((db: Executor, shopId: number) =>
  db.selectFrom('shops').select(['buy_version', 'buy_rules']).where('id', '=', shopId),
);

/** Every write of a shop's buy rules or its word on a printing moves its buy version, in the writing transaction. */
async function buyWordChanged(db: Executor, shopId: number): Promise<void> {
  await db
    .updateTable('shops')
    .set({ buy_version: sql`buy_version + 1` })
    .where('id', '=', shopId)
    .execute();
}

export const buylistRepository = {
  /** Printings by Scryfall id, with what the offer rule needs. */
  cardsByIds(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cards')
      .select(cardColumns)
      .where('id', 'in', [...ids])
      .execute();
  },

  /**
   * Copies the shop holds of each of these printings, every finish, condition and language together: one probe of the
   * inventory's unique key (shop, card, ...) per printing. Written `card_id in (...)`, PostgreSQL could rather read
   * every row of the shop through its name index when its statistics lag behind an import (35 ms at 100,000 rows,
   * against 4 ms so); typed casts, as it cannot tell a bound value's type inside VALUES.
   */
  async heldOf(db: Executor, shopId: number, cardIds: readonly string[]): Promise<Map<string, number>> {
    if (cardIds.length === 0) return new Map();
    const wanted = sql.join(cardIds.map((id) => sql`(cast(${id} as text))`));
    const { rows } = await sql<{ card_id: string; held: number | string | null }>`with w(card_id) as (values ${wanted})
      select w.card_id, (select sum(i.quantity) from inventory i where i.shop_id = ${shopId} and i.card_id = w.card_id)
        as held from w`.execute(db);
    return new Map(rows.flatMap((r) => (r.held === null ? [] : [[r.card_id, Number(r.held)] as const])));
  },

  /** The shop's word on these printings. */
  settingsOf(db: Executor, shopId: number, cardIds: readonly string[]) {
    if (cardIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('buy_cards')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('card_id', 'in', [...cardIds])
      .execute();
  },

  /** The shop's buy rules as stored (JSON), null for the defaults. */
  async rulesOf(db: Executor, shopId: number): Promise<string | null> {
    const row = await db.selectFrom('shops').select('buy_rules').where('id', '=', shopId).executeTakeFirst();
    return row?.buy_rules ?? null;
  },

  offerStateOf,

  async setRules(db: Executor, shopId: number, rules: string): Promise<void> {
    await db
      .updateTable('shops')
      .set({ buy_rules: rules, buy_version: sql`buy_version + 1` })
      .where('id', '=', shopId)
      .execute();
  },

  byIdempotencyKey(db: Executor, shopId: number, key: string) {
    return db
      .selectFrom('buy_orders')
      .select(['buy_number', 'callout', 'idempotency_fingerprint'])
      .where('shop_id', '=', shopId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async insert(
    db: Executor,
    order: Insertable<BuyOrderTable>,
    lines: Omit<Insertable<BuyLineTable>, 'buy_order_id'>[],
  ): Promise<{ id: number; lines: Selectable<BuyLineTable>[] }> {
    const { id } = await db.insertInto('buy_orders').values(order).returning('id').executeTakeFirstOrThrow();
    const written = await db
      .insertInto('buy_lines')
      .values(lines.map((l) => ({ ...l, buy_order_id: id })))
      .returningAll()
      .execute();
    // In the order `linesOf` reads them (the rows an insert returns come in no promised order).
    return { id, lines: written.sort((a, b) => a.position - b.position || a.id - b.id) };
  },

  find(db: Executor, shopId: number, buyNumber: string) {
    return db
      .selectFrom('buy_orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('buy_number', '=', buyNumber)
      .executeTakeFirst();
  },

  /** A shop's buy orders in one status: pending oldest first, decided newest first. */
  list(db: Executor, shopId: number, status: 'pending' | 'decided', limit: number) {
    const pending = status === 'pending';
    return db
      .selectFrom('buy_orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('status', pending ? '=' : 'in', pending ? 'pending' : ['accepted', 'rejected'])
      .orderBy(pending ? 'created_at' : 'decided_at', pending ? 'asc' : 'desc')
      .orderBy('id', pending ? 'asc' : 'desc')
      .limit(limit)
      .execute();
  },

  linesOf(db: Executor, orderIds: readonly number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('buy_lines')
      .selectAll()
      .where('buy_order_id', 'in', [...orderIds])
      .orderBy('buy_order_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  customersByIds(db: Executor, shopId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('customers')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /**
   * Holds a pending buy order for the rest of the transaction: an update that changes nothing but takes the row's
   * lock (PostgreSQL; SQLite writes one at a time), so grading waits for an accept or reject under way and then sees
   * it decided. False when the order is no longer pending.
   */
  async holdPending(db: Executor, orderId: number): Promise<boolean> {
    const result = await db
      .updateTable('buy_orders')
      .set({ status: 'pending' })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Moves a pending buy order on: one conditional update, so of any number of accepts and rejects at once exactly
   * one finds it pending. False when it was not pending any more.
   */
  async decide(
    db: Executor,
    orderId: number,
    values: {
      status: 'accepted' | 'rejected';
      decided_by: string;
      decided_at: string;
      decided_role?: string | null;
      reason?: string | null;
    },
  ): Promise<boolean> {
    const result = await db
      .updateTable('buy_orders')
      .set({ ...values, decided_role: values.decided_role ?? null, reason: values.reason ?? null })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * What was paid out on buy orders accepted since `since` (other than `exceptId`): those `email` accepted, and those
   * an Employee accepted for `customerId`. The Employee's daily limits are checked against both.
   */
  async employeePaidSince(
    db: Executor,
    shopId: number,
    since: string,
    exceptId: number,
    email: string,
    customerId: number | null,
  ): Promise<{ byEmployee: number; toCustomer: number }> {
    const rows = await db
      .selectFrom('buy_orders')
      .select(['decided_by', 'decided_role', 'customer_id', 'paid_cents'])
      .where('shop_id', '=', shopId)
      .where('status', '=', 'accepted')
      .where('decided_at', '>=', since)
      .where('id', '!=', exceptId)
      .where((eb) =>
        customerId === null
          ? eb('decided_by', '=', email)
          : eb.or([
              eb('decided_by', '=', email),
              eb.and([eb('customer_id', '=', customerId), eb('decided_role', '=', 'Employee')]),
            ]),
      )
      .execute();
    let byEmployee = 0;
    let toCustomer = 0;
    for (const r of rows) {
      const paid = Number(r.paid_cents ?? 0);
      if (r.decided_by === email) byEmployee += paid;
      if (customerId !== null && r.customer_id === customerId && r.decided_role === 'Employee') toCustomer += paid;
    }
    return { byEmployee, toCustomer };
  },

  /**
   * Makes the Employee accepts of one shop take turns until the transaction ends: each sums what was accepted before
   * it only once the one before has committed. SQLite's transactions already take turns (BEGIN IMMEDIATE);
   * PostgreSQL's read committed would let two sums miss each other without it. An advisory lock, not the shop's row,
   * so it is never taken in another order than the rows an accept writes.
   */
  async lockEmployeeAccepts(db: Executor, shopId: number, engine: 'sqlite' | 'postgres'): Promise<void> {
    if (engine !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(hashtext(${`employee-accepts|${shopId}`}))`.execute(db);
  },

  /** Whether `email` accepted a store-credit payout for `customerId` since `since`. */
  async grantedCreditSince(
    db: Executor,
    shopId: number,
    customerId: number,
    email: string,
    since: string,
  ): Promise<boolean> {
    const row = await db
      .selectFrom('buy_orders')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('customer_id', '=', customerId)
      .where('status', '=', 'accepted')
      .where('payout', '=', 'credit')
      .where('decided_by', '=', email)
      .where('decided_at', '>=', since)
      .executeTakeFirst();
    return row !== undefined;
  },

  async setPaid(db: Executor, orderId: number, payout: 'cash' | 'credit', paidCents: number): Promise<void> {
    await db.updateTable('buy_orders').set({ payout, paid_cents: paidCents }).where('id', '=', orderId).execute();
  },

  /** A line's condition and copies as graded. */
  async gradeLine(db: Executor, lineId: number, values: { quality: string; quantity: number }): Promise<void> {
    await db
      .updateTable('buy_lines')
      .set({ ...values, graded: 1 })
      .where('id', '=', lineId)
      .execute();
  },

  /** A line's offer as last computed. */
  async setOffer(
    db: Executor,
    lineId: number,
    offer: { cash_cents: number; credit_cents: number; wanted: number; hotlist: number; reason: string | null },
  ): Promise<void> {
    await db.updateTable('buy_lines').set(offer).where('id', '=', lineId).execute();
  },

  /** The shop's word on one printing: set as sent. */
  async setCard(
    db: Executor,
    setting: {
      shop_id: number;
      card_id: string;
      fixed_cash_cents: number | null;
      fixed_credit_cents: number | null;
      not_buying: number;
      hotlist: number;
      target_stock: number | null;
      updated_at: string;
    },
  ): Promise<void> {
    const { shop_id: _shop, card_id: _card, ...values } = setting;
    await db
      .insertInto('buy_cards')
      .values(setting)
      .onConflict((oc) => oc.columns(['shop_id', 'card_id']).doUpdateSet(values))
      .execute();
    await buyWordChanged(db, setting.shop_id);
  },

  async removeCard(db: Executor, shopId: number, cardId: string): Promise<boolean> {
    const result = await db
      .deleteFrom('buy_cards')
      .where('shop_id', '=', shopId)
      .where('card_id', '=', cardId)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await buyWordChanged(db, shopId);
    return removed;
  },

  /**
   * A page of the printings the shop has its word on (only the hotlist, if asked), by name, with how many in all;
   * `q` (normalized) is part of a name or a set code.
   */
  async cardsPage(
    db: Executor,
    shopId: number,
    filter: { q: string; hotlistOnly: boolean; buyingOnly?: boolean },
    page: { offset: number; limit: number },
  ) {
    let query = db
      .selectFrom('buy_cards')
      .innerJoin('cards', 'cards.id', 'buy_cards.card_id')
      .where('buy_cards.shop_id', '=', shopId);
    if (filter.hotlistOnly) query = query.where('buy_cards.hotlist', '=', 1);
    if (filter.buyingOnly) query = query.where('buy_cards.not_buying', '=', 0);
    // `q` comes normalized (catalog's normalizeName: lower-case letters, digits, spaces), so it holds no wildcard.
    if (filter.q)
      query = query.where((eb) =>
        eb.or([eb('cards.sort_name', 'like', `%${filter.q}%`), eb('cards.set_code', '=', filter.q)]),
      );
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'buy_cards.card_id',
        'buy_cards.fixed_cash_cents',
        'buy_cards.fixed_credit_cents',
        'buy_cards.not_buying',
        'buy_cards.hotlist',
        'buy_cards.target_stock',
        'buy_cards.updated_at',
        'buy_cards.shop_id',
      ])
      .orderBy('cards.sort_name')
      .orderBy('cards.set_code')
      .orderBy('cards.collector_number')
      .orderBy('cards.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { rows, total: Number(counted.total) };
  },
};

export type BuyOrderRow = Awaited<ReturnType<typeof buylistRepository.list>>[number];
export type BuyLineRow = Awaited<ReturnType<typeof buylistRepository.linesOf>>[number];
export type BuyCardRow = Awaited<ReturnType<typeof buylistRepository.settingsOf>>[number];
export type BuyCardInfo = Awaited<ReturnType<typeof buylistRepository.cardsByIds>>[number];
export type CustomerRow = Awaited<ReturnType<typeof buylistRepository.customersByIds>>[number];
