import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import type { StockChange, StockWriter } from './read-model.ts';

/** What tells one stock row from another (the inventory's unique key `inventory_row`). */
const rowKey = ['shop_id', 'card_id', 'finish', 'quality', 'language', 'signed', 'altered'] as const;

/** Copies bought from a customer, for one printing, finish, condition and language, at a cost per copy. */
export interface Purchase {
  card_id: string;
  finish: string;
  quality: string;
  language: string;
  quantity: number;
  sort_name: string;
  set_code: string;
  cost_cents: number;
}

const purchaseKey = (p: Purchase) => `${p.card_id}|${p.finish}|${p.quality}|${p.language}`;

/** The shop's unflagged rows of these printings: which a purchase adds to (the rest it creates). */
function unflaggedRowsOf(db: Executor, shopId: number, cardIds: readonly string[]) {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inventory')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('card_id', 'in', [...new Set(cardIds)])
    .where('signed', '=', 0)
    .where('altered', '=', 0)
    .execute();
}

/**
 * The inventory's door for the stock writes of other modules (the buylist, the admin area): each writes the
 * `inventory` table and tells the read model what changed in the same transaction, so no caller picks a
 * `StockChange`. Lint (eslint.config.js) keeps every other module's SQL off the table.
 */
export function stockWrites(reads: StockWriter) {
  return {
    /**
     * Bought copies into the shop's stock: a new row, or more copies on the row of the same printing, finish,
     * condition and language, unflagged. The row's cost per copy becomes the average of what it held and what was
     * paid now, weighted by copies; a row without a known cost (or without copies) takes the cost paid now. Computed
     * in the upsert itself, from the row as locked, so two purchases at once both count; written in one order for
     * every purchase, so two buy orders lock shared rows alike and never wait on each other in a circle.
     */
    async addBought(tx: Tx, shopId: number, purchases: readonly Purchase[], at: string): Promise<void> {
      // Stable: lines of the same key keep the list's order.
      const ordered = [...purchases].sort((a, b) =>
        purchaseKey(a) < purchaseKey(b) ? -1 : purchaseKey(a) > purchaseKey(b) ? 1 : 0,
      );
      const existing = new Set(
        (
          await unflaggedRowsOf(
            tx,
            shopId,
            ordered.map((p) => p.card_id),
          )
        ).map((r) => r.id),
      );
      const quantities = new Map<number, number>();
      const created: { id: number; quantity: number }[] = [];
      for (const purchase of ordered) {
        const row = await tx
          .insertInto('inventory')
          .values({
            ...purchase,
            shop_id: shopId,
            signed: 0,
            altered: 0,
            asking_price: null,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc.columns([...rowKey]).doUpdateSet({
              quantity: sql`inventory.quantity + excluded.quantity`,
              cost_cents: sql`case when inventory.cost_cents is null or inventory.quantity <= 0 then excluded.cost_cents
                else cast(round((inventory.cost_cents * inventory.quantity + excluded.cost_cents * excluded.quantity)
                  * 1.0 / (inventory.quantity + excluded.quantity)) as integer) end`,
              updated_at: at,
            }),
          )
          .returning(['id', 'quantity'])
          .executeTakeFirstOrThrow();
        if (existing.has(row.id)) quantities.set(row.id, row.quantity);
        else {
          existing.add(row.id);
          created.push(row);
        }
      }
      const change: StockChange =
        created.length === 0
          ? { kind: 'quantities', quantities }
          : created.length === 1 && quantities.size === 0
            ? { kind: 'row', ...created[0]! }
            : { kind: 'other' };
      await reads.stockChanged(tx, shopId, change);
    },

    /** One asking price (cents, or null: the shop's rule) on these rows of one shop. */
    async setAskingPrices(tx: Tx, shopId: number, ids: readonly number[], cents: number | null, at: string) {
      if (ids.length === 0) return;
      await tx
        .updateTable('inventory')
        .set({ asking_price: cents, updated_at: at })
        .where('shop_id', '=', shopId)
        .where('id', 'in', [...ids])
        .execute();
      await reads.stockChanged(tx, shopId, { kind: 'prices' });
    },

    /** A row's copies or asking price as an admin sets them. */
    async editRow(
      tx: Tx,
      shopId: number,
      id: number,
      values: { quantity?: number; asking_price?: number | null },
      at: string,
    ): Promise<void> {
      await tx
        .updateTable('inventory')
        .set({ ...values, updated_at: at })
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .execute();
      await reads.stockChanged(
        tx,
        shopId,
        values.quantity !== undefined && values.asking_price === undefined
          ? { kind: 'quantities', quantities: new Map([[id, values.quantity]]) }
          : { kind: 'other' },
      );
    },

    /** A row deleted, whatever it held. */
    async removeRow(tx: Tx, shopId: number, id: number): Promise<void> {
      await tx.deleteFrom('inventory').where('shop_id', '=', shopId).where('id', '=', id).execute();
      await reads.stockChanged(tx, shopId, { kind: 'other' });
    },
  };
}

export type StockWrites = ReturnType<typeof stockWrites>;
