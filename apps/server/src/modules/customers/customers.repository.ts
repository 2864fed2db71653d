import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import {
  type creditRepository,
  customersRepository as base,
  phoneDigits,
  type CustomerInput,
} from './credit.repository.ts';

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

/** The customers' list, a customer's page and its edits; the ledger and matching live in credit.repository.ts. */
export const customersRepository = {
  ...base,

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
        name: input.name.trim(),
        sort_name: normalizeName(input.name),
        email: input.email.trim().toLowerCase(),
        phone: input.phone.trim(),
        phone_digits: phoneDigits(input.phone),
        notes: input.notes ?? '',
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

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof base.find>>>;
export type CreditEntryRow = Awaited<ReturnType<typeof creditRepository.entries>>[number];
