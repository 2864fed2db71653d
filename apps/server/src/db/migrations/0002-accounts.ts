import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { nowDefault, withId } from './helpers.ts';

export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('shops'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('subdomain', 'text', (c) => c.unique())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      // Spec 001 §3: 0 = public, 1 = private; new shops start private.
      .addColumn('shop_hidden', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowDefault(engine)))
      .execute();

    await withId(db.schema.createTable('users'), engine)
      .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      // Role in the shop: Owner, Manager, Employee, Watcher (null for platform-only accounts).
      .addColumn('role', 'text')
      // Platform role: user, admin, website_staff, superadmin.
      .addColumn('platform_role', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowDefault(engine)))
      .execute();
    await db.schema.createIndex('users_shop').on('users').column('shop_id').execute();

    await withId(db.schema.createTable('sessions'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // SHA-256 of the token: a copy of this table lets no one in.
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await withId(db.schema.createTable('invite_codes'), engine)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('used_at', 'text')
      .addColumn('used_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await withId(db.schema.createTable('password_resets'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    await withId(db.schema.createTable('feedback'), engine)
      .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowDefault(engine)))
      .execute();

    // Platform-wide settings (admin area): one JSON value per key; absent keys use defaults.
    await db.schema
      .createTable('system_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['system_settings', 'feedback', 'password_resets', 'invite_codes', 'sessions', 'users', 'shops']) {
      await db.schema.dropTable(t).execute();
    }
  },
});
