import { withTransaction } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { GiveBack } from './order-stock.ts';
import { ordersRepository as repo } from './orders.repository.ts';
import { mailAfterCommit, type ReservationMails } from './reservation-mails.ts';

/** Reservations one pass of the expiry sweep ends, per transaction batch. */
const EXPIRY_BATCH = 100;

export function expireHolds(ctx: AppContext, giveBack: GiveBack, mails: ReservationMails) {
  const now = () => ctx.clock.now().toISOString();

  /**
   * Ends the pending online reservations whose hold is over (of one shop, or of all): each is marked expired, its
   * stock given back as a rejection gives it, audited, and its customer mailed. An order another server or the shop
   * decided meanwhile is left as it is. Answers how many it ended.
   */
  return async function expire(shopId?: number): Promise<number> {
    let ended = 0;
    for (;;) {
      const at = now();
      const due = await repo.expiredHolds(ctx.db, at, EXPIRY_BATCH, shopId);
      for (const { id, shop_id, order_number } of due) {
        const done = await withTransaction(ctx.db, async (tx) => {
          // Copies back before the order is written (see `lockToDecide`).
          const held = await repo.lockToDecide(tx, ctx.engine, shop_id, order_number);
          if (held?.status !== 'pending') return false;
          await giveBack(tx, shop_id, id, at);
          if (!(await repo.decide(tx, id, 'expired', 'system', at))) return false;
          await auditRepository.record(tx, {
            shop_id,
            actor: 'system',
            action: 'order.expire',
            subject: order_number,
            detail: {},
            created_at: at,
          });
          const order = await repo.find(tx, shop_id, order_number);
          const lines = await repo.linesOf(tx, [id]);
          if (order) mailAfterCommit(ctx, tx, () => mails.expired(order, lines));
          return true;
        });
        if (done) ended++;
      }
      if (due.length < EXPIRY_BATCH) return ended;
    }
  };
}
