import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A shop's inventory version, bumped by every write to its inventory in the
 * same transaction: in-memory search indexes check it before they answer.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('inventory_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').dropColumn('inventory_version').execute();
  },
});
