import { messages } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import type { BuyOrderReads } from './buy-orders.ts';

const server = messages.buylist.server;

export function rejectBuyOrder(ctx: AppContext, { notPending, orderNamed }: BuyOrderReads) {
  const now = () => ctx.clock.now().toISOString();
  /** Rejecting ends a pending buy order: nothing bought, nothing paid, the shop's reason kept. */
  return async function reject(actor: Actor, buyNumber: string, reason?: string) {
    const { shopId, email } = requireRole(actor, 'buylist:take');
    const at = now();
    await withTransaction(ctx.db, async (tx) => {
      const order = await repo.find(tx, shopId, buyNumber);
      if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
      const decided = await repo.decide(tx, order.id, {
        status: 'rejected',
        decided_by: email,
        decided_at: at,
        reason: reason || null,
      });
      if (!decided) throw await notPending(tx, shopId, buyNumber, order.status);
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        action: 'buylist.reject',
        subject: buyNumber,
        detail: reason ? { reason } : {},
        created_at: at,
      });
    });
    return { message: server.rejected(buyNumber), buy_order: await orderNamed(shopId, buyNumber) };
  };
}
