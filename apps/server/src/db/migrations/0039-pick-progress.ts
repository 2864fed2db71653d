import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Pick progress (issue 41): an order line ticked on a pick list (`order_lines.picked_at`, null until then) and each
 * order's count of ticked lines (`orders.picked_lines`), moved in the same transaction. Writing the count on the order
 * moves the shop's orders version (0027), so a polling screen sees it, and logs an `order.picked` event (0035), so a
 * listening one (Order Management, a second tablet on the same pick list) hears it at once.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_lines').addColumn('picked_at', 'text').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('picked_lines', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (engine === 'postgres') {
      await sql`
        create function shop_events_of_picks() returns trigger language plpgsql as $$
        begin
          insert into shop_events (shop_id, kind, subject, status)
            values (new.shop_id, 'order.picked', new.order_number, new.status);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger shop_events_of_picks after update of picked_lines on orders
        for each row when (new.picked_lines is distinct from old.picked_lines)
        execute function shop_events_of_picks()`.execute(db);
      return;
    }
    await sql`${sql.raw(`create trigger shop_events_order_picked after update of picked_lines on orders
      when new.picked_lines is not old.picked_lines begin
        insert into shop_events (shop_id, kind, subject, status)
          values (new.shop_id, 'order.picked', new.order_number, new.status);
      end`)}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists shop_events_of_picks on orders`.execute(db);
      await sql`drop function if exists shop_events_of_picks()`.execute(db);
    } else await sql`drop trigger if exists shop_events_order_picked`.execute(db);
    await db.schema.alterTable('orders').dropColumn('picked_lines').execute();
    await db.schema.alterTable('order_lines').dropColumn('picked_at').execute();
  },
});
