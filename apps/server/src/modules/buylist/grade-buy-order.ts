import { messages, type Quality } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import type { BuyOrderReads } from './buy-orders.ts';
import { offersOf, pricingFor, storableOffer } from './offer-pricing.ts';

const server = messages.buylist.server;

export function gradeBuyOrder(ctx: AppContext, { pendingOrder, orderNamed }: BuyOrderReads) {
  const now = () => ctx.clock.now().toISOString();
  /**
   * Grading while pending: each named line's condition and copies as the staff member found them (0 copies drops
   * the line: kept, wanted for none, so it can be raised again), then every line's offer computed again in the
   * list's order. An order decided meanwhile is 409.
   */
  return async function grade(
    actor: Actor,
    buyNumber: string,
    graded: { line_id: number; quality?: Quality; quantity?: number }[],
  ) {
    const { shopId, email } = requireRole(actor, 'buylist:take');
    const at = now();
    await withTransaction(ctx.db, async (tx) => {
      const order = await pendingOrder(tx, shopId, buyNumber);
      const lines = await repo.linesOf(tx, [order.id]);
      const byId = new Map(lines.map((l) => [l.id, l]));
      for (const change of graded) {
        const line = byId.get(change.line_id);
        if (!line) throw new AppError('NOT_FOUND', server.noSuchLine(change.line_id));
        line.quality = change.quality ?? line.quality;
        line.quantity = change.quantity ?? line.quantity;
        line.graded = 1;
        await repo.gradeLine(tx, line.id, { quality: line.quality, quantity: line.quantity });
      }
      const offers = offersOf(lines, await pricingFor(tx, shopId, [...new Set(lines.map((l) => l.card_id))]));
      for (const [i, line] of lines.entries()) await repo.setOffer(tx, line.id, storableOffer(offers[i]!));
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        action: 'buylist.grade',
        subject: buyNumber,
        detail: { lines: graded },
        created_at: at,
      });
    });
    return { message: server.graded(buyNumber), buy_order: await orderNamed(shopId, buyNumber) };
  };
}
