import { messages } from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { stockWrites } from '../inventory/stock-writes.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { orderDoor } from '../orders/place-order.ts';
import { createReservationMails } from '../orders/reservation-mails.ts';
import { receiptHtml } from './receipt.ts';
import { registerRepository as repo } from './register.repository.ts';
import { ringUp } from './ring-up.ts';

/**
 * The counter register (issue 44): a sale rung up (ring-up) through the orders' one door, and its printable receipt
 * (receipt). This file only composes the use cases, one file each.
 */
export function createRegisterService(ctx: AppContext, stock: StockWriter) {
  // The orders' door: a sale takes stock, numbers itself and spends store credit exactly as an order does.
  const placeAs = orderDoor(ctx, stockWrites(stock), createReservationMails(ctx));

  return {
    sale: ringUp(ctx, placeAs),

    /** A sale's receipt as a printable page, by its receipt's token; 404 for a token that names none. */
    async receipt(token: string): Promise<string> {
      const sale = await repo.byReceipt(ctx.db, token);
      if (!sale) throw new AppError('NOT_FOUND', messages.registerServer.receiptNotFound);
      const [shop, lines, tenders] = await Promise.all([
        repo.shopOf(ctx.db, sale.shop_id),
        ordersRepository.linesOf(ctx.db, [sale.order_id]),
        repo.tendersOf(ctx.db, sale.id),
      ]);
      return receiptHtml(shop, sale, lines, tenders);
    },
  };
}
