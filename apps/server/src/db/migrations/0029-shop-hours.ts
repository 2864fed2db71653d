import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Where and when to pick up (issue 38): a shop's time zone (IANA, '' until the owner picks one: times are then written
 * in UTC, as before) and its opening hours as the owner writes them, for the reservation mails and the status page.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('shops')
      .addColumn('pickup_hours', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').dropColumn('pickup_hours').execute();
    await db.schema.alterTable('shops').dropColumn('time_zone').execute();
  },
});
