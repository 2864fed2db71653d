import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/** An auto-increment integer primary key on either engine. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const nowDefault = (engine: Engine) =>
  engine === 'postgres'
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The rebuilt table, its columns not tracked by name (each migration adds its own). */
type RebuiltTable = CreateTableBuilder<'inventory_rebuilt', string>;

/**
 * Builds the inventory table anew beside the old one, for a change of its unique key (SQLite cannot alter a
 * constraint): SQLite's documented way, foreign keys off so that dropping the old table leaves order lines' links
 * alone; the new table takes the old one's name, and with it those links. `finish` adds what differs between key
 * versions (columns and the `inventory_row` constraint); `copied` names the columns both tables share.
 */
export async function rebuildSqliteInventory(
  db: Kysely<unknown>,
  finish: (table: RebuiltTable) => { execute(): Promise<void> },
  copied: readonly string[],
): Promise<void> {
  const columns = sql.raw(copied.join(', '));
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      const table: RebuiltTable = withId(tx.schema.createTable('inventory_rebuilt'), 'sqlite')
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
        .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
        .addColumn('finish', 'text', (c) => c.notNull())
        .addColumn('quality', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
        .addColumn('asking_price', 'integer')
        .addColumn('sort_name', 'text', (c) => c.notNull())
        .addColumn('set_code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull());
      await finish(table).execute();
      await sql`insert into inventory_rebuilt (${columns}) select ${columns} from inventory`.execute(tx);
      await tx.schema.dropTable('inventory').execute();
      await sql`alter table inventory_rebuilt rename to inventory`.execute(tx);
      // Indexes made after the last rebuild (0044's `inventory_shop_rows`) are for a later rebuild to make again.
      await tx.schema
        .createIndex('inventory_shop_name')
        .on('inventory')
        .columns(['shop_id', 'sort_name', 'id'])
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length) throw new Error(`the inventory rebuild broke ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
