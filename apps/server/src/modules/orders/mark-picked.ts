import { messages } from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { ordersRepository as repo, pickableStatuses } from './orders.repository.ts';

const pickable = new Set<string>(pickableStatuses);

/**
 * Ticks (or unticks) one line of an order on a pick list (issue 41): the line is its place in the order, from 1, as
 * the pick list and the order's items list it. Saying the same thing twice changes nothing; ticks on two tablets at
 * once are counted one after the other (the order's row is locked first). An order decided since is 409.
 */
export function createMarkPicked(ctx: AppContext) {
  return async (actor: Actor, orderNumber: string, line: number, picked: boolean) => {
    const { shopId } = requireRole(actor, 'orders:view');
    return withTransaction(ctx.db, async (tx) => {
      const order = await repo.lockToDecide(tx, ctx.engine, shopId, orderNumber);
      if (!order) throw new AppError('NOT_FOUND', messages.ordersServer.notToPick([orderNumber]));
      if (!pickable.has(order.status))
        throw new AppError('CONFLICT', messages.ordersServer.pickClosed(orderNumber, order.status));
      const lines = await repo.linesOf(tx, [order.id]);
      const target = lines[line - 1];
      if (!target) throw new AppError('NOT_FOUND', messages.ordersServer.noSuchLine(orderNumber, line));
      const at = picked ? (target.picked_at ?? ctx.clock.now().toISOString()) : null;
      const pickedLines = await repo.markPicked(tx, order.id, target.id, at);
      return {
        message: messages.ordersServer.picked(orderNumber, line, picked),
        order_number: orderNumber,
        picked_lines: pickedLines,
        lines: lines.length,
      };
    });
  };
}
