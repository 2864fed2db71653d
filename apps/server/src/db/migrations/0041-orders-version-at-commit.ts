import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * On PostgreSQL the orders version (migration 0027) moves when the writing transaction commits rather than when it
 * writes the order: a constraint trigger deferred to the commit. The shop's row it updates is the one every order of
 * the shop writes, so an order held it from its insert to its commit, through its lines, the sale's rows and the
 * audit entry, and the shop's orders were written one after another for all that time (issue 44's register bench);
 * now it is held for the commit alone. Readers see the same thing as before: the version moves with the commit that
 * wrote the order, once per row written. SQLite writes one transaction at a time and keeps its triggers.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine !== 'postgres') return;
    await sql`drop trigger orders_version_bump on orders`.execute(db);
    await sql`
      create constraint trigger orders_version_bump after insert or update or delete on orders
      deferrable initially deferred
      for each row execute function orders_version_bump()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (engine !== 'postgres') return;
    await sql`drop trigger orders_version_bump on orders`.execute(db);
    await sql`
      create trigger orders_version_bump after insert or update or delete on orders
      for each row execute function orders_version_bump()`.execute(db);
  },
});
