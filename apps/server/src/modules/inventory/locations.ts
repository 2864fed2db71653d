import { locationSuggestLimit, messages } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { queryOf } from './inventory-query.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';
import type { InventoryReadModel } from './read-model.ts';

/** Rows located per statement: the ids go as parameters. */
const LOCATE_CHUNK = 1000;

/**
 * Storage locations (issue 41): where a shop keeps each stock row's copies and each sealed product's boxes. A row's
 * location is set with its copies (Add, Edit, an import's Location column) or here for every row a search finds.
 */
export function createLocationService(ctx: AppContext, reads: InventoryReadModel) {
  const now = () => ctx.clock.now().toISOString();
  return {
    /** Puts every row the live search `filter` finds (empty: every row) at `location`, null: nowhere; in one transaction. */
    async locate(actor: Actor, input: { filter: string; location: string | null }) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const query = queryOf(input.filter);
      const ids = Array.from(await reads.matches(shopId, await reads.state(shopId), query));
      const at = now();
      const changed = await withTransaction(ctx.db, async (tx) => {
        const moved: number[] = [];
        for (let i = 0; i < ids.length; i += LOCATE_CHUNK)
          moved.push(...(await repo.setLocations(tx, shopId, ids.slice(i, i + LOCATE_CHUNK), input.location, at)));
        if (moved.length === 0) return 0;
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.locate',
          subject: input.filter || '*',
          detail: { location: input.location, changed: moved.length },
          created_at: at,
        });
        await reads.stockChanged(tx, shopId, { kind: 'located', ids: moved, location: input.location });
        return moved.length;
      });
      return { message: messages.inventoryServer.located(changed, input.location), changed, matched: ids.length };
    },

    /** The shop's locations, cards' and sealed products' together, in order: what the location field suggests. */
    async locations(actor: Actor) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const locations = (await repo.locationsOf(ctx.db, shopId, locationSuggestLimit)).sort((a, b) =>
        a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
      );
      return { locations };
    },
  };
}
