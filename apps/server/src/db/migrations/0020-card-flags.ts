import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

const KEY = ['shop_id', 'card_id', 'finish', 'quality', 'language', 'signed', 'altered'] as const;
const OLD_KEY = ['shop_id', 'card_id', 'finish', 'quality', 'language'] as const;
const COLUMNS = sql.raw(
  'id, shop_id, card_id, finish, quality, language, quantity, asking_price, sort_name, set_code, created_at, updated_at',
);

/**
 * The inventory table with the stock row keyed with or without its flags, built beside the old one the way
 * migration 0016 does it (SQLite cannot change a table's unique constraint): foreign keys off so dropping the old
 * table leaves order lines' links alone; the new table takes the old one's name, and with it those links.
 */
async function rebuildSqlite(db: Kysely<unknown>, flagColumns: boolean) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      const table = withId(tx.schema.createTable('inventory_rebuilt'), 'sqlite')
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
        .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
        .addColumn('finish', 'text', (c) => c.notNull())
        .addColumn('quality', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
        .addColumn('asking_price', 'integer')
        .addColumn('sort_name', 'text', (c) => c.notNull())
        .addColumn('set_code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'));
      await (
        flagColumns
          ? table
              .addColumn('signed', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('altered', 'integer', (c) => c.notNull().defaultTo(0))
              .addUniqueConstraint('inventory_row', [...KEY])
          : table.addUniqueConstraint('inventory_row', [...OLD_KEY])
      ).execute();
      await sql`insert into inventory_rebuilt (${COLUMNS}) select ${COLUMNS} from inventory`.execute(tx);
      await tx.schema.dropTable('inventory').execute();
      await sql`alter table inventory_rebuilt rename to inventory`.execute(tx);
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

/**
 * Signed and altered copies are rows of their own: a signed Lightning Bolt is another row than a plain one, and
 * an order line says which it sold. Rows and order lines that came before are unflagged (0).
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'postgres') {
      await db.schema
        .alterTable('inventory')
        .addColumn('signed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('altered', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('inventory').dropConstraint('inventory_row').execute();
      await db.schema
        .alterTable('inventory')
        .addUniqueConstraint('inventory_row', [...KEY])
        .execute();
    } else {
      await rebuildSqlite(db, true);
    }
    await db.schema
      .alterTable('order_lines')
      .addColumn('signed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('order_lines')
      .addColumn('altered', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_lines').dropColumn('altered').execute();
    await db.schema.alterTable('order_lines').dropColumn('signed').execute();
    // Going back keeps the unflagged rows; flagged rows cannot fit the old key beside them.
    await db
      .deleteFrom('inventory' as never)
      .where((eb) => eb.or([eb(sql`signed`, '<>', 0), eb(sql`altered`, '<>', 0)]))
      .execute();
    if (engine === 'postgres') {
      await db.schema.alterTable('inventory').dropConstraint('inventory_row').execute();
      await db.schema
        .alterTable('inventory')
        .addUniqueConstraint('inventory_row', [...OLD_KEY])
        .execute();
      await db.schema.alterTable('inventory').dropColumn('signed').dropColumn('altered').execute();
    } else {
      await rebuildSqlite(db, false);
    }
  },
});
