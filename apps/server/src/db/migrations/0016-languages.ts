import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { rebuildSqliteInventory } from './helpers.ts';

const KEY = ['shop_id', 'card_id', 'finish', 'quality', 'language'] as const;
const OLD_KEY = ['shop_id', 'card_id', 'finish', 'quality'] as const;
const COPIED = [
  'id',
  'shop_id',
  'card_id',
  'finish',
  'quality',
  'quantity',
  'asking_price',
  'sort_name',
  'set_code',
  'created_at',
  'updated_at',
];

/** The inventory keyed with or without its language (SQLite rebuilds the table: rebuildSqliteInventory). */
const rebuildSqlite = (db: Kysely<unknown>, languageColumn: boolean) =>
  rebuildSqliteInventory(
    db,
    (table) =>
      languageColumn
        ? table
            .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
            .addUniqueConstraint('inventory_row', [...KEY])
        : table.addUniqueConstraint('inventory_row', [...OLD_KEY]),
    COPIED,
  );

/**
 * Language is part of a stock row: a German Lightning Bolt is another row than an English one. Rows and order
 * lines that came before are English (`en`, Scryfall's codes).
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'postgres') {
      await db.schema
        .alterTable('inventory')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
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
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_lines').dropColumn('language').execute();
    // Going back keeps the English rows; other languages' rows cannot fit the old key.
    await db
      .deleteFrom('inventory' as never)
      .where(sql`language`, '<>', 'en')
      .execute();
    if (engine === 'postgres') {
      await db.schema.alterTable('inventory').dropConstraint('inventory_row').execute();
      await db.schema
        .alterTable('inventory')
        .addUniqueConstraint('inventory_row', [...OLD_KEY])
        .execute();
      await db.schema.alterTable('inventory').dropColumn('language').execute();
    } else {
      await rebuildSqlite(db, false);
    }
  },
});
