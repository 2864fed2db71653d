import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { SubscriptionTable } from '../../db/schema.ts';
import type { PeriodState } from './billing-rules.ts';

export type SubscriptionRow = Selectable<SubscriptionTable>;

/** Subscriptions, their payments and the Stripe events already applied. */
export const billingRepository = {
  subscription(db: Executor, shopId: number) {
    return db.selectFrom('subscriptions').selectAll().where('shop_id', '=', shopId).executeTakeFirst();
  },

  subscriptionByCustomer(db: Executor, customerId: string) {
    return db.selectFrom('subscriptions').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
  },

  async insertSubscription(db: Executor, shopId: number, state: PeriodState, at: string): Promise<void> {
    await db
      .insertInto('subscriptions')
      .values({ shop_id: shopId, ...state, created_at: at, updated_at: at })
      .execute();
  },

  /**
   * Writes a subscription's new state only if the row is still the version
   * `seen`: of two requests working from the same row (two renewals, a double
   * click), one wins and the other changes nothing. True when this one won.
   */
  async updateSubscription(
    db: Executor,
    seen: Pick<SubscriptionRow, 'id' | 'version'>,
    values: Partial<PeriodState> & { stripe_customer_id?: string | null },
    at: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('subscriptions')
      .set((eb) => ({ ...values, updated_at: at, version: eb('version', '+', 1) }))
      .where('id', '=', seen.id)
      .where('version', '=', seen.version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Links a shop to its Stripe customer, unless another request already did. */
  async setCustomer(db: Executor, id: number, customerId: string): Promise<void> {
    await db
      .updateTable('subscriptions')
      .set({ stripe_customer_id: customerId })
      .where('id', '=', id)
      .where('stripe_customer_id', 'is', null)
      .execute();
  },

  payments(db: Executor, shopId: number) {
    return db
      .selectFrom('billing_payments')
      .select(['reference', 'amount_cents', 'status', 'description', 'paid_at'])
      .where('shop_id', '=', shopId)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
  },

  /** Records a payment once: the same reference (a Stripe invoice) again changes nothing. */
  async insertPayment(
    db: Executor,
    payment: { shop_id: number; reference: string; amount_cents: number; description: string; paid_at: string },
    at: string,
  ): Promise<void> {
    await db
      .insertInto('billing_payments')
      .values({ ...payment, status: 'completed', created_at: at })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
  },

  async eventSeen(db: Executor, id: string): Promise<boolean> {
    return (await db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /** Notes a Stripe event as applied; false when it already was (a replay). */
  async recordEvent(db: Executor, event: { id: string; type: string }, at: string): Promise<boolean> {
    const row = await db
      .insertInto('billing_events')
      .values({ id: event.id, type: event.type, received_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The Owner's e-mail and the shop's name, for the Stripe customer. */
  owner(db: Executor, shopId: number) {
    return db
      .selectFrom('shops')
      .leftJoin('users', (join) => join.onRef('users.shop_id', '=', 'shops.id').on('users.role', '=', 'Owner'))
      .select(['shops.name', 'users.email'])
      .where('shops.id', '=', shopId)
      .executeTakeFirstOrThrow();
  },
};
