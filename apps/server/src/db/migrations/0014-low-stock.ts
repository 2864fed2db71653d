import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** The shop's low-stock line: Statistics lists the rows holding this many copies or fewer (default 1). */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').dropColumn('low_stock_threshold').execute();
  },
});
