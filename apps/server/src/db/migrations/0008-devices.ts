import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    // A pairing code: single use, short-lived, made by staff for a named tablet.
    await withId(db.schema.createTable('device_codes'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    // A paired tablet. Removal keeps the row (is_active 0) so its token is known as revoked.
    await withId(db.schema.createTable('devices'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('serial_number', 'text', (c) => c.notNull())
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('registered_on', 'text', (c) => c.notNull())
      .addColumn('last_login', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('devices_shop').on('devices').columns(['shop_id', 'registered_on']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('devices').execute();
    await db.schema.dropTable('device_codes').execute();
  },
});
