import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A kept CSV upload's bytes move out of its `csv_uploads` row into parts of a megabyte in `csv_upload_parts`.
 * The row is written after every 1,000 lines the check reads (its progress), and SQLite writes a row whole: with
 * the file in it, a 50 MB upload was 50 MB written per progress step. Parts also let the import read a kept file
 * a part at a time instead of as one value (on PostgreSQL, one `bytea` is read as text twice its size).
 * Uploads kept when it runs become one part each; going down forgets kept uploads (they live 30 minutes, and the
 * dialog sends a file again when its upload is gone).
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('csv_upload_parts')
      .addColumn('upload_id', 'text', (c) => c.notNull().references('csv_uploads.id').onDelete('cascade'))
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('csv_upload_parts_pkey', ['upload_id', 'part'])
      .execute();
    await sql`insert into csv_upload_parts (upload_id, part, bytes) select id, 0, file from csv_uploads`.execute(db);
    await db.schema.alterTable('csv_uploads').dropColumn('file').execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from csv_uploads`.execute(db);
    await db.schema.dropTable('csv_upload_parts').execute();
    await db.schema
      .alterTable('csv_uploads')
      .addColumn('file', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull().defaultTo(sql`''`))
      .execute();
  },
});
