import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A shop's buy version, moved by every write to its buy rules or its word on a printing (`buy_cards`) in the same
 * transaction: offers keep what they read of both under it instead of reading them for every sell list.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('buy_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').dropColumn('buy_version').execute();
  },
});
