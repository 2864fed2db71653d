import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { inventoryRepository, rowKey, type StockFields } from './inventory.repository.ts';
import type { StockChange, StockWriter } from './read-model.ts';

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

/** Copies an order gives back: to the row it took them from, or, when that row is gone, to one made again. */
export interface ReturnedCopies extends StockFields {
  inventory_id: number | null;
  card_id: string;
}

/**
 * The inventory's door for the stock writes of other modules (orders, the buylist, the admin area): each writes the
 * `inventory` table and tells the read model what changed in the same transaction, so no caller picks a
 * `StockChange`. Lint (eslint.config.js) keeps every other module's SQL off the table.
 */
export function stockWrites(reads: StockWriter) {
  return {
    /**
     * An order taking copies (the order decides which rows and how many): `takeAll` takes them from every row in one
     * statement, each row only if it still has them, answering the rows taken with what is left on each (a row
     * missing from the answer was short: another order got there first); `done` records every row's new quantity at
     * once, after the order's other writes, as the order's last lock.
     */
    taking(tx: Tx, shopId: number) {
      const left = new Map<number, number>();
      return {
        async takeAll(takes: ReadonlyMap<number, number>, at: string): Promise<ReadonlyMap<number, number>> {
          if (!takes.size) return new Map();
          // The copies to take from each row, as a table both engines read (SQLite names no columns of a VALUES list).
          const wanted = sql.join(
            [...takes].map(
              ([id, quantity]) => sql`select cast(${id} as integer) as id, cast(${quantity} as integer) as quantity`,
            ),
            sql` union all `,
          );
          const { rows } = await sql<{ id: number; quantity: number }>`
            update inventory set quantity = inventory.quantity - t.quantity, updated_at = ${at}
            from (${wanted}) as t
            where inventory.id = t.id and inventory.shop_id = ${shopId} and inventory.quantity >= t.quantity
            returning inventory.id, inventory.quantity`.execute(tx);
          const taken = new Map(rows.map((row) => [Number(row.id), Number(row.quantity)]));
          for (const [id, quantity] of taken) left.set(id, quantity);
          return taken;
        },
        done: () => reads.stockChanged(tx, shopId, { kind: 'quantities', quantities: left }),
      };
    },

    /**
     * A decided order's copies back: on their rows or, if a row is gone, on a new one of the same printing, finish,
     * condition, language and flags (a printing gone from the catalog has nowhere to take them).
     */
    async giveBack(tx: Tx, shopId: number, lines: readonly ReturnedCopies[], at: string): Promise<void> {
      // New quantities of the rows given back to; none when a row had to be made again.
      let back: Map<number, number> | undefined = new Map();
      for (const line of lines) {
        const row =
          line.inventory_id === null
            ? undefined
            : await tx
                .updateTable('inventory')
                .set({ quantity: sql`quantity + ${line.quantity}`, updated_at: at })
                .where('id', '=', line.inventory_id)
                .where('shop_id', '=', shopId)
                .returning('quantity')
                .executeTakeFirst();
        if (row) {
          back?.set(line.inventory_id!, row.quantity);
          continue;
        }
        back = undefined;
        const card = await inventoryRepository.findCard(tx, line.card_id);
        if (!card) continue;
        // Only the copies' own fields: a caller's line may carry more (an order line's price, its order).
        const { card_id, finish, quality, language, signed, altered, quantity } = line;
        await inventoryRepository.addCopies(
          tx,
          {
            card_id,
            finish,
            quality,
            language,
            signed,
            altered,
            quantity,
            shop_id: shopId,
            sort_name: card.sort_name,
            set_code: card.set_code,
          },
          at,
        );
      }
      await reads.stockChanged(tx, shopId, back ? { kind: 'quantities', quantities: back } : { kind: 'other' });
    },

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
      // The unflagged rows of these printings, which the purchases add to (the rest they create).
      const existing = new Set(
        (
          await inventoryRepository.existingRows(
            tx,
            shopId,
            ordered.map((p) => p.card_id),
            { unflagged: true },
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
