import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The role a buy order was accepted in (issue 38): an Employee's accepts are limited per day, per Employee and per
 * customer, and a role changes later, so the sum of what Employees paid a customer needs the role as it was then.
 * Orders accepted before this migration have none and count as no Employee's.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('buy_orders').addColumn('decided_role', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('buy_orders').dropColumn('decided_role').execute();
  },
});
