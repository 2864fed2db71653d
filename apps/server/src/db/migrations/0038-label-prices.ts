import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The price a stock row's label was last printed with (issue 41): a row whose price moved since is on the "labels to
 * reprint" list. `label_printed_at` null: no label printed; `label_cents` null: printed without a price.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('inventory').addColumn('label_printed_at', 'text').execute();
    await db.schema.alterTable('inventory').addColumn('label_cents', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('inventory').dropColumn('label_cents').execute();
    await db.schema.alterTable('inventory').dropColumn('label_printed_at').execute();
  },
});
