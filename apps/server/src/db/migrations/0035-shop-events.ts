import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { nowDefault, withId } from './helpers.ts';

/**
 * A shop's events, for the staff screens and tablets that listen (issue 41, `GET /api/events`): an order placed, an
 * order decided (confirmed, rejected, ready, picked up), an order expired, the shop's stock changed. Written by the
 * database itself in the writing transaction, as the orders version is (0027): no writer, today's or a later one's,
 * can forget one, a rolled-back write leaves none, and every server reads the same numbered log, so a listener on
 * another server hears it and one that reconnects asks for what came after the last id it heard. Kept a day.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('shop_events'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      // The order's number, or the stock's version.
      .addColumn('subject', 'text', (c) => c.notNull())
      // An order's status after the event (none for stock).
      .addColumn('status', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowDefault(engine)))
      .execute();
    await db.schema.createIndex('shop_events_shop').on('shop_events').columns(['shop_id', 'id']).execute();
    await db.schema.createIndex('shop_events_time').on('shop_events').column('created_at').execute();
    const orderKind = `case when new.status = 'expired' then 'order.expired' else 'order.decided' end`;
    if (engine === 'postgres') {
      await sql`
        create function shop_events_of_orders() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into shop_events (shop_id, kind, subject, status)
              values (new.shop_id, 'order.placed', new.order_number, new.status);
          elsif new.status is distinct from old.status then
            insert into shop_events (shop_id, kind, subject, status)
              values (new.shop_id, ${sql.raw(orderKind)}, new.order_number, new.status);
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger shop_events_of_orders after insert or update of status on orders
        for each row execute function shop_events_of_orders()`.execute(db);
      await sql`
        create function shop_events_of_stock() returns trigger language plpgsql as $$
        begin
          insert into shop_events (shop_id, kind, subject) values (new.id, 'stock.changed', new.inventory_version::text);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger shop_events_of_stock after update of inventory_version on shops
        for each row when (new.inventory_version is distinct from old.inventory_version)
        execute function shop_events_of_stock()`.execute(db);
      return;
    }
    await sql`${sql.raw(`create trigger shop_events_order_placed after insert on orders begin
        insert into shop_events (shop_id, kind, subject, status)
          values (new.shop_id, 'order.placed', new.order_number, new.status);
      end`)}`.execute(db);
    await sql`${sql.raw(`create trigger shop_events_order_status after update of status on orders
      when new.status is not old.status begin
        insert into shop_events (shop_id, kind, subject, status)
          values (new.shop_id, ${orderKind}, new.order_number, new.status);
      end`)}`.execute(db);
    await sql`${sql.raw(`create trigger shop_events_stock after update of inventory_version on shops
      when new.inventory_version is not old.inventory_version begin
        insert into shop_events (shop_id, kind, subject) values (new.id, 'stock.changed', new.inventory_version);
      end`)}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists shop_events_of_stock on shops`.execute(db);
      await sql`drop trigger if exists shop_events_of_orders on orders`.execute(db);
      await sql`drop function if exists shop_events_of_stock()`.execute(db);
      await sql`drop function if exists shop_events_of_orders()`.execute(db);
    } else
      for (const name of ['shop_events_order_placed', 'shop_events_order_status', 'shop_events_stock'])
        await sql`${sql.raw(`drop trigger if exists ${name}`)}`.execute(db);
    await db.schema.dropTable('shop_events').execute();
  },
});
