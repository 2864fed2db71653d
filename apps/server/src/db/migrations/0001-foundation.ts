import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { nowDefault, withId } from './helpers.ts';

export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('contact_messages'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowDefault(engine)))
      .execute();

    // Who changed what, when: inventory, orders, team and settings write here.
    await withId(db.schema.createTable('audit_log'), engine)
      .addColumn('shop_id', 'integer')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowDefault(engine)))
      .execute();
    await db.schema.createIndex('audit_log_shop_created').on('audit_log').columns(['shop_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('contact_messages').execute();
  },
});
