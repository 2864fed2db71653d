import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

const TRIAL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Subscriptions and billing (spec 001 §2.6): one subscription per shop, its
 * payments, and the Stripe events already applied. Shops that exist before
 * this migration start the same 14-day Starter trial a new shop gets.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('subscriptions'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().unique().references('shops.id').onDelete('cascade'))
      // A plan id of the contract's plan table: starter, pro.
      .addColumn('plan', 'text', (c) => c.notNull())
      // trialing, active, pending, inactive, cancelled (contract: subscriptionStatuses).
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('current_period_start', 'text', (c) => c.notNull())
      .addColumn('current_period_end', 'text', (c) => c.notNull())
      // The day of the month renewals fall on, kept so Jan 31 → Feb 28 → Mar 31 does not drift.
      .addColumn('billing_anchor', 'text', (c) => c.notNull())
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      // When access ends unless something changes it; null while the subscription renews.
      .addColumn('ends_at', 'text')
      .addColumn('stripe_customer_id', 'text', (c) => c.unique())
      .addColumn('stripe_subscription_id', 'text')
      // Bumped by every change: a write based on an older read changes nothing (see the repository).
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('billing_payments'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      // What the page shows as the payment id: pay_… (local) or the Stripe invoice id.
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('billing_payments_shop_paid')
      .on('billing_payments')
      .columns(['shop_id', 'paid_at'])
      .execute();

    // Stripe event ids already applied: a replayed event finds its id here and changes nothing.
    await db.schema
      .createTable('billing_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    const now = new Date();
    const trialEnd = new Date(now.getTime() + TRIAL_MS).toISOString();
    const at = now.toISOString();
    const { rows } = await sql<{ id: number }>`select id from shops`.execute(db);
    for (const { id } of rows) {
      await sql`insert into subscriptions
        (shop_id, plan, status, current_period_start, current_period_end, billing_anchor, cancel_at_period_end, created_at, updated_at)
        values (${id}, 'starter', 'trialing', ${at}, ${trialEnd}, ${trialEnd}, 0, ${at}, ${at})`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('billing_events').execute();
    await db.schema.dropTable('billing_payments').execute();
    await db.schema.dropTable('subscriptions').execute();
  },
});
