import type { CreditKind } from '@cardstock/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';

/** A customer's phone as matching compares it: its digits only. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** A customer's details as stored: e-mail lowercased, the name's sort form and the phone's digits beside them. */
const detailColumns = (input: CustomerInput) => ({
  name: input.name.trim(),
  sort_name: normalizeName(input.name),
  email: input.email.trim().toLowerCase(),
  phone: input.phone.trim(),
  phone_digits: phoneDigits(input.phone),
  notes: input.notes ?? '',
  // Left out, it stays as it is (a new customer pays tax).
  ...(input.tax_exempt === undefined ? {} : { tax_exempt: Number(input.tax_exempt) }),
});

/** One movement of a customer's store credit. */
export interface CreditMovement {
  shopId: number;
  customerId: number;
  kind: CreditKind;
  /** Positive adds credit, negative spends it. */
  amountCents: number;
  /** An adjustment's reason; '' otherwise. */
  reason?: string;
  /** The buy order's or order's number; '' for an adjustment. */
  reference?: string;
  actor: string;
  at: string;
}

/**
 * The store-credit ledger: append-only. `append` moves the customer's balance and writes the entry in the caller's
 * transaction; the balance moves by one conditional update (`balance + amount >= 0`), which both locks the customer's
 * row (PostgreSQL; SQLite writes one at a time) and refuses to go below 0, so two spends at once can never overdraw.
 */
export const creditRepository = {
  /** The new balance in cents, or undefined when the movement would take the balance below 0 (nothing written). */
  async append(tx: Tx, m: CreditMovement): Promise<number | undefined> {
    const moved = await tx
      .updateTable('customers')
      .set({ balance_cents: sql`balance_cents + ${m.amountCents}`, updated_at: m.at })
      .where('id', '=', m.customerId)
      .where('shop_id', '=', m.shopId)
      .where(sql<boolean>`balance_cents + ${m.amountCents} >= 0`)
      .returning('balance_cents')
      .executeTakeFirst();
    if (!moved) return undefined;
    await tx
      .insertInto('credit_ledger')
      .values({
        shop_id: m.shopId,
        customer_id: m.customerId,
        kind: m.kind,
        amount_cents: m.amountCents,
        balance_after_cents: moved.balance_cents,
        reason: m.reason ?? '',
        reference: m.reference ?? '',
        actor: m.actor,
        created_at: m.at,
      })
      .execute();
    return moved.balance_cents;
  },

  /** The customer's entries, newest first. */
  entries(db: Executor, shopId: number, customerId: number, limit: number) {
    return db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The ledger's sum for a customer, in cents (what `balance_cents` must always equal). */
  async sum(db: Executor, shopId: number, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('credit_ledger')
      .select(sql<number | null>`sum(amount_cents)`.as('total'))
      .where('shop_id', '=', shopId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  },
};

/** A customer as a kiosk or a staff member names them. */
export interface CustomerInput {
  name: string;
  email: string;
  phone: string;
  notes?: string;
  /** Pays no tax at the register (issue 44). */
  tax_exempt?: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;

/**
 * Customers whose name holds every word of `q`, whose e-mail holds `q`, or whose phone holds its digits (three at
 * least, so a name with a digit in it does not match every phone).
 */
function matching(q: string) {
  const words = normalizeName(q).split(' ').filter(Boolean);
  const digits = phoneDigits(q);
  const mail = q.trim().toLowerCase();
  return (eb: ExpressionBuilder<DB, 'customers'>) =>
    eb.or([
      ...(words.length ? [eb.and(words.map((w) => eb('sort_name', 'like', contains(w))))] : []),
      eb('email', 'like', contains(mail)),
      ...(digits.length >= 3 ? [eb('phone_digits', 'like', contains(digits))] : []),
    ]);
}

/** The shop's customers: matching a seller, the list, a customer's page and its edits. */
export const customersRepository = {
  /** The names of a shop's customers, by id: the order lists name who each order is for. */
  async namesOf(db: Executor, shopId: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('shop_id', '=', shopId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  find(db: Executor, shopId: number, id: number) {
    return db.selectFrom('customers').selectAll().where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
  },

  /** The shop's customer with this e-mail (case ignored) or, failing that, this phone (digits compared). */
  async match(db: Executor, shopId: number, email: string, phone: string) {
    const mail = email.trim().toLowerCase();
    if (mail) {
      const byMail = await db
        .selectFrom('customers')
        .selectAll()
        .where('shop_id', '=', shopId)
        .where('email', '=', mail)
        .executeTakeFirst();
      if (byMail) return byMail;
    }
    const digits = phoneDigits(phone);
    if (!digits) return undefined;
    return db
      .selectFrom('customers')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('phone_digits', '=', digits)
      .executeTakeFirst();
  },

  /** Adds a customer; the caller matched first (a unique e-mail or phone of another customer throws). */
  async insert(db: Executor, shopId: number, input: CustomerInput, at: string) {
    return db
      .insertInto('customers')
      .values({
        shop_id: shopId,
        ...detailColumns(input),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The customer the e-mail or phone names, or a new one: a kiosk's seller or a walk-in. */
  async findOrCreate(tx: Tx, shopId: number, input: CustomerInput, at: string) {
    return (
      (await customersRepository.match(tx, shopId, input.email, input.phone)) ??
      customersRepository.insert(tx, shopId, input, at)
    );
  },

  /** A page of the shop's customers matching `q` (all of them without), by name. */
  page(db: Executor, shopId: number, q: string, page: number, size: number) {
    let query = db.selectFrom('customers').selectAll().where('shop_id', '=', shopId);
    if (q.trim()) query = query.where(matching(q));
    return query
      .orderBy('sort_name')
      .orderBy('id')
      .offset((page - 1) * size)
      .limit(size)
      .execute();
  },

  async count(db: Executor, shopId: number, q: string): Promise<number> {
    let query = db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('shop_id', '=', shopId);
    if (q.trim()) query = query.where(matching(q));
    return Number((await query.executeTakeFirstOrThrow()).n);
  },

  /** Another of the shop's customers with this e-mail or phone: which field clashes, or undefined. */
  async clash(db: Executor, shopId: number, input: CustomerInput, exceptId?: number) {
    const mail = input.email.trim().toLowerCase();
    const digits = phoneDigits(input.phone);
    const others = (field: 'email' | 'phone_digits', value: string) => {
      let query = db.selectFrom('customers').select('id').where('shop_id', '=', shopId).where(field, '=', value);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst();
    };
    if (mail && (await others('email', mail))) return 'email' as const;
    if (digits && (await others('phone_digits', digits))) return 'phone' as const;
    return undefined;
  },

  /** Replaces a customer's details (never the balance, which only the ledger moves). */
  update(db: Executor, shopId: number, id: number, input: CustomerInput, at: string) {
    return db
      .updateTable('customers')
      .set({
        ...detailColumns(input),
        updated_at: at,
      })
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * The customer's buy orders, newest first, with what was paid (accepted) or is offered in cash (pending: the
   * copies wanted at the cash offer; the payout is chosen when it is accepted).
   */
  buyOrdersOf(db: Executor, shopId: number, customerId: number, limit: number) {
    return db
      .selectFrom('buy_orders')
      .select([
        'buy_orders.buy_number',
        'buy_orders.status',
        'buy_orders.payout',
        'buy_orders.paid_cents',
        'buy_orders.created_at',
        (eb) =>
          eb
            .selectFrom('buy_lines')
            .select(sql<number | null>`sum(buy_lines.wanted * buy_lines.cash_cents)`.as('offered'))
            .whereRef('buy_lines.buy_order_id', '=', 'buy_orders.id')
            .as('offered_cents'),
      ])
      .where('buy_orders.shop_id', '=', shopId)
      .where('buy_orders.customer_id', '=', customerId)
      .orderBy('buy_orders.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The customer's orders, newest first. */
  ordersOf(db: Executor, shopId: number, customerId: number, limit: number) {
    return db
      .selectFrom('orders')
      .select(['order_number', 'status', 'total_cents', 'store_credit_cents', 'created_at'])
      .where('shop_id', '=', shopId)
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof customersRepository.find>>>;
export type CreditEntryRow = Awaited<ReturnType<typeof creditRepository.entries>>[number];
