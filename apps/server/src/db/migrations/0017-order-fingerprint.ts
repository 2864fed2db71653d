import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * What a keyed order was placed from: a hash of its cart, so the same Idempotency-Key sent again with another cart
 * is refused instead of answered with the first order. Orders from before have none (nothing to compare).
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('idempotency_fingerprint', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('idempotency_fingerprint').execute();
  },
});
