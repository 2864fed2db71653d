import type { AppContext } from '../../context.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { shopDataRepository } from './shop-data.repository.ts';

export function createShopDataService(ctx: AppContext) {
  return {
    /** All of the caller's shop's data, for the Owner to keep or take elsewhere (privacy policy). */
    async export(actor: Actor) {
      const { shopId } = requireRole(actor, 'data:export');
      const data = await shopDataRepository.read(ctx.db, shopId);
      return { exported_at: ctx.clock.now().toISOString(), format: 'cardstock-shop-export/1' as const, ...data };
    },
  };
}
