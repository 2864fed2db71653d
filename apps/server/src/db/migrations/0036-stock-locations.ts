import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Where a shop keeps a stock row's copies and a sealed product's boxes (issue 41): free text such as "Binder 3 p12"
 * or "Box A-04", null for nowhere said. Not part of a row's key: a row has one place.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('inventory').addColumn('location', 'text').execute();
    await db.schema.alterTable('sealed_products').addColumn('location', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sealed_products').dropColumn('location').execute();
    await db.schema.alterTable('inventory').dropColumn('location').execute();
  },
});
