import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A confirmed reservation's pickup (issue 38): on an order, the deadline it is held for pickup until, fixed when the
 * shop confirms it (the shop's days as they were then: the customer's mail named that date, so a later change of the
 * setting moves no promise already made), and when it was picked up or marked a no-show. The shop's days live in its
 * reservation limits' JSON (migration 0025), whose reader fills in the default for a shop that never set them.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('pickup_until', 'text').execute();
    await db.schema.alterTable('orders').addColumn('closed_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('closed_at').execute();
    await db.schema.alterTable('orders').dropColumn('pickup_until').execute();
  },
});
