import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Mailed links that unlock an account its login failures locked (one hour, once), and a count of the registrations
 * an invite code was refused for an e-mail that already has an account: past a few the code is spent, so one code
 * cannot be replayed to find out which addresses have accounts.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('account_unlocks'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('account_unlocks_user').on('account_unlocks').column('user_id').execute();
    await db.schema
      .alterTable('invite_codes')
      .addColumn('email_refusals', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('invite_codes').dropColumn('email_refusals').execute();
    await db.schema.dropTable('account_unlocks').execute();
  },
});
