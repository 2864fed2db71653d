import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Uploaded CSV files kept between an import's check and its commit (30 minutes, the shop's own), with how far the
 * check has read: the dialog shows the server's progress, and the commit needs no second upload.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('csv_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('file', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('total_bytes', 'integer', (c) => c.notNull())
      .addColumn('read_bytes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('reading'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('csv_uploads_created').on('csv_uploads').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('csv_uploads').execute();
  },
});
