import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { rebuildSqliteInventory } from './helpers.ts';

const KEY = ['shop_id', 'card_id', 'finish', 'quality', 'language', 'signed', 'altered'] as const;
const OLD_KEY = ['shop_id', 'card_id', 'finish', 'quality', 'language'] as const;
const COPIED = [
  'id',
  'shop_id',
  'card_id',
  'finish',
  'quality',
  'language',
  'quantity',
  'asking_price',
  'sort_name',
  'set_code',
  'created_at',
  'updated_at',
];

/** The inventory keyed with or without its flags (SQLite rebuilds the table: rebuildSqliteInventory). */
const rebuildSqlite = (db: Kysely<unknown>, flagColumns: boolean) =>
  rebuildSqliteInventory(
    db,
    (table) => {
      const withLanguage = table.addColumn('language', 'text', (c) => c.notNull().defaultTo('en'));
      return flagColumns
        ? withLanguage
            .addColumn('signed', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('altered', 'integer', (c) => c.notNull().defaultTo(0))
            .addUniqueConstraint('inventory_row', [...KEY])
        : withLanguage.addUniqueConstraint('inventory_row', [...OLD_KEY]);
    },
    COPIED,
  );

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
