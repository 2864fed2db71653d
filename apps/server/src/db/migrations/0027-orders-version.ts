import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A shop's orders version, moved by the database itself whenever one of its orders is written (placed, decided,
 * expired, changed or removed), in the writing transaction: the pending queue that every staff screen and tablet
 * polls is kept serialized under it instead of being read and written again for every poll (issue 43). A trigger
 * rather than a line in each writer, so no order write, today's or a later one's, can forget it. An order's lines
 * are written only with their order (in its placing transaction), so the order's trigger covers them. The queue also
 * names each order's customer from `customers`, so renaming or removing a customer moves the version as well.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('orders_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (engine === 'postgres') {
      await sql`
        create function orders_version_bump() returns trigger language plpgsql as $$
        begin
          update shops set orders_version = orders_version + 1
            where id = (case when tg_op = 'DELETE' then old.shop_id else new.shop_id end);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger orders_version_bump after insert or update or delete on orders
        for each row execute function orders_version_bump()`.execute(db);
      await sql`
        create trigger customers_orders_version_bump after update of name or delete on customers
        for each row execute function orders_version_bump()`.execute(db);
      return;
    }
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const)
      await sql`${sql.raw(`create trigger orders_version_${event} after ${event} on orders begin
          update shops set orders_version = orders_version + 1 where id = ${row}.shop_id;
        end`)}`.execute(db);
    for (const [event, row] of [
      ['update of name', 'new'],
      ['delete', 'old'],
    ] as const)
      await sql`${sql.raw(`create trigger customers_orders_version_${event.split(' ')[0]} after ${event} on customers begin
          update shops set orders_version = orders_version + 1 where id = ${row}.shop_id;
        end`)}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists customers_orders_version_bump on customers`.execute(db);
      await sql`drop trigger if exists orders_version_bump on orders`.execute(db);
      await sql`drop function if exists orders_version_bump()`.execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete'])
        await sql`${sql.raw(`drop trigger if exists orders_version_${event}`)}`.execute(db);
      for (const event of ['update', 'delete'])
        await sql`${sql.raw(`drop trigger if exists customers_orders_version_${event}`)}`.execute(db);
    }
    await db.schema.alterTable('shops').dropColumn('orders_version').execute();
  },
});
