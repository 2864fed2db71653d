import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A return's Idempotency-Key (issue 44), as a sale has its own: a register that retries a return after a dropped
 * connection is answered the first return, never refunded twice. The key is unique per shop; the fingerprint is a
 * hash of the request, so the same key with another return is refused (422).
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sale_returns').addColumn('idempotency_key', 'text').execute();
    await db.schema.alterTable('sale_returns').addColumn('idempotency_fingerprint', 'text').execute();
    await db.schema
      .createIndex('sale_returns_key')
      .on('sale_returns')
      .columns(['shop_id', 'idempotency_key'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sale_returns_key').execute();
    await db.schema.alterTable('sale_returns').dropColumn('idempotency_fingerprint').execute();
    await db.schema.alterTable('sale_returns').dropColumn('idempotency_key').execute();
  },
});
