import { dollarsToCents, labelRowsLimit, messages, pricingRuleOf } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AppContext } from '../../context.ts';
import { toStaffInventoryRow } from './inventory.mapper.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { labelsRepository as repo } from './labels.repository.ts';

/** Rows read per statement when marking: the ids go as parameters. */
const MARK_CHUNK = 500;

/**
 * Labels (issue 41): the screen prints them in the browser and says which rows it printed; each row keeps the price
 * its label shows. A row whose price moves after (an asking price, the pricing rule, a market refresh) is on the
 * labels-to-reprint list until its label is printed again. The price is worked out as the list shows it, so a label
 * and the list never disagree.
 */
export function createLabelsService(ctx: AppContext) {
  return {
    async printed(actor: Actor, input: { ids: number[] }) {
      const { shopId } = requireRole(actor, 'inventory:edit');
      const ids = [...new Set(input.ids)];
      const at = ctx.clock.now().toISOString();
      const marked = await withTransaction(ctx.db, async (tx) => {
        const rule = pricingRuleOf(await inventoryRepository.pricingOf(tx, shopId));
        let marked = 0;
        for (let i = 0; i < ids.length; i += MARK_CHUNK) {
          const rows = await inventoryRepository.rowsByIds(tx, shopId, ids.slice(i, i + MARK_CHUNK));
          for (const row of rows) {
            const price = toStaffInventoryRow(row, rule).price;
            await repo.markPrinted(tx, shopId, row.id, price === null ? null : dollarsToCents(price), at);
            marked += 1;
          }
        }
        return marked;
      });
      return { message: messages.inventoryServer.labelsMarked(marked), marked };
    },

    async outdated(actor: Actor) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const rule = pricingRuleOf(await inventoryRepository.pricingOf(ctx.db, shopId));
      const moved = (await repo.labelled(ctx.db, shopId))
        .map((row) => ({ row: toStaffInventoryRow(row, rule), printed: row.label_cents }))
        .filter(({ row, printed }) => (row.price === null ? null : dollarsToCents(row.price)) !== printed)
        .map(({ row }) => row);
      return { inventory: moved.slice(0, labelRowsLimit), total: moved.length };
    },
  };
}
