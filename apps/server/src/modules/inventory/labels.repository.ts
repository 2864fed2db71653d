import type { Executor } from '../../db/database.ts';
import { rowColumns } from './inventory.repository.ts';

/** The labels' reads and writes (issue 41): the price each row's label was printed with. */
export const labelsRepository = {
  /** The shop's rows with copies whose label was printed, with that label's price: what may need a new label. */
  labelled(db: Executor, shopId: number) {
    return db
      .selectFrom('inventory')
      .innerJoin('cards', 'cards.id', 'inventory.card_id')
      .select([...rowColumns, 'inventory.label_cents'])
      .where('inventory.shop_id', '=', shopId)
      .where('inventory.label_printed_at', 'is not', null)
      .where('inventory.quantity', '>', 0)
      .orderBy('inventory.sort_name')
      .orderBy('inventory.id')
      .execute();
  },

  /** Records the price a row's label was printed with, and when. */
  async markPrinted(db: Executor, shopId: number, id: number, cents: number | null, at: string) {
    await db
      .updateTable('inventory')
      .set({ label_cents: cents, label_printed_at: at })
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .execute();
  },
};
