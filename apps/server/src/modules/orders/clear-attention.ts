import { messages } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/**
 * Staff have dealt with a marketplace order's missing copies (issue 42: found them elsewhere, or settled it with the
 * buyer there): the order leaves the needs-attention list. Its stock is not touched; a cancellation on the
 * marketplace gives back what it took.
 */
export function createClearAttention(ctx: AppContext) {
  return async function clearAttention(actor: Actor, orderNumber: string) {
    const { shopId, email } = requireRole(actor, 'orders:decide');
    const at = ctx.clock.now().toISOString();
    await withTransaction(ctx.db, async (tx) => {
      if (!(await repo.clearMissing(tx, shopId, orderNumber))) {
        if (!(await repo.find(tx, shopId, orderNumber)))
          throw new AppError('NOT_FOUND', messages.ordersServer.notFound(orderNumber));
        throw new AppError('CONFLICT', messages.ordersServer.nothingMissing(orderNumber));
      }
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        action: 'order.attention_clear',
        subject: orderNumber,
        detail: {},
        created_at: at,
      });
    });
    return { message: messages.ordersServer.attentionCleared(orderNumber) };
  };
}
