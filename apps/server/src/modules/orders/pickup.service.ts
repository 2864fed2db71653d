import { messages, pickupDeadline, reservationLimitsOf } from '@cardstock/contract';
import { withTransaction, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import type { GiveBack } from './order-stock.ts';
import { ordersRepository as repo, type OrderRow } from './orders.repository.ts';
import { mailAfterCommit, type ReservationMails } from './reservation-mails.ts';

/**
 * Fixes a confirmed online reservation's pickup deadline, in its confirmation's transaction: the shop's days as they
 * are now, from `at`. Stored rather than worked out on each read, because the ready-for-pickup mail names the date: a
 * later change of the setting must not move a promise already made. Other orders have no pickup.
 */
export async function holdForPickup(tx: Tx, shopId: number, order: OrderRow, at: string): Promise<void> {
  if (order.source_kind !== 'online') return;
  const { reservation_limits } = await settingsRepository.shop(tx, shopId);
  await repo.holdForPickup(tx, order.id, pickupDeadline(at, reservationLimitsOf(reservation_limits).pickup_days));
}

/**
 * A confirmed online reservation's deadline: the one fixed at its confirmation, or, for one confirmed before
 * deadlines were kept (migration 0028), its confirmation and the shop's days now. Null for any other order.
 */
export function pickupUntilOf(order: OrderRow, pickupDays: number): string | null {
  if (order.source_kind !== 'online' || order.decided_at === null) return null;
  if (!['confirmed', 'picked_up', 'no_show'].includes(order.status)) return null;
  return order.pickup_until ?? pickupDeadline(order.decided_at, pickupDays);
}

/**
 * The end of a confirmed online reservation (issue 38): the customer picked it up (final, the sale stands), or did
 * not come (a no-show: its copies go back on sale through the orders service's give-back, and it stops counting as a
 * sale). Each happens once: the status changes under a guard in the same transaction as the give-back, so a second
 * click or a concurrent call finds it no longer confirmed and is refused (409) without giving anything back again.
 * Staff may mark a no-show before the deadline (the screen asks first): a customer may say they will not come.
 */
export function createPickupService(ctx: AppContext, giveBack: GiveBack, mails: ReservationMails) {
  async function close(actor: Actor, orderNumber: string, status: 'picked_up' | 'no_show') {
    const { shopId, email } = requireRole(actor, 'orders:decide');
    const at = ctx.clock.now().toISOString();
    await withTransaction(ctx.db, async (tx) => {
      const order = await repo.lockToDecide(tx, ctx.engine, shopId, orderNumber);
      if (!order) throw new AppError('NOT_FOUND', messages.ordersServer.notFound(orderNumber));
      if (order.source_kind !== 'online')
        throw new AppError('CONFLICT', messages.ordersServer.notReservation(orderNumber));
      const notReady = () =>
        new AppError('CONFLICT', messages.ordersServer.notReadyForPickup(orderNumber, order.status));
      if (order.status !== 'confirmed') throw notReady();
      // Copies back before the order is written (see `lockToDecide`).
      if (status === 'no_show') await giveBack(tx, shopId, order.id, at);
      if (!(await repo.closePickup(tx, order.id, status, at))) throw notReady();
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        action: status === 'picked_up' ? 'order.picked_up' : 'order.no_show',
        subject: orderNumber,
        detail: { pickup_until: order.pickup_until },
        created_at: at,
      });
      if (status === 'no_show' && order.customer_email !== null) {
        const { reservation_limits } = await settingsRepository.shop(tx, shopId);
        const closed = {
          ...order,
          pickup_until: pickupUntilOf(order, reservationLimitsOf(reservation_limits).pickup_days),
        };
        const lines = await repo.linesOf(tx, [order.id]);
        // After the commit, and never the call's failure: the cards are back on sale whether or not the mail goes.
        mailAfterCommit(ctx, tx, () => mails.noShow(closed, lines));
      }
    });
  }

  return {
    async pickedUp(actor: Actor, orderNumber: string) {
      await close(actor, orderNumber, 'picked_up');
      return { message: messages.ordersServer.pickedUp(orderNumber) };
    },

    async noShow(actor: Actor, orderNumber: string) {
      await close(actor, orderNumber, 'no_show');
      return { message: messages.ordersServer.noShow(orderNumber) };
    },
  };
}
