import { messages, percentOfThousandths } from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { stockWrites } from '../inventory/stock-writes.ts';
import { buylistRepository } from '../buylist/buylist.repository.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { orderDoor } from '../orders/place-order.ts';
import { createReservationMails } from '../orders/reservation-mails.ts';
import { drawerUseCases } from './drawer.ts';
import { receiptHtml } from './receipt.ts';
import { registerRepository as repo } from './register.repository.ts';
import { ringUp } from './ring-up.ts';
import { ringUpOrder } from './ring-up-order.ts';
import { lookupCode } from './scan-codes.ts';
import { returnSale, type ReturnInput } from './return-sale.ts';
import { saleHistory } from './sale-history.ts';
import { mailReceipt } from './mail-receipt.ts';
import { returnsRepository } from './returns.repository.ts';
import { stockGiveBackCopies } from '../orders/order-stock.ts';

/**
 * The counter register (issue 44): a sale rung up (ring-up) through the orders' one door, and its printable receipt
 * (receipt). This file only composes the use cases, one file each.
 */
export function createRegisterService(ctx: AppContext, stock: StockWriter) {
  // The orders' door: a sale takes stock, numbers itself and spends store credit exactly as an order does.
  const writes = stockWrites(stock);
  const placeAs = orderDoor(ctx, writes, createReservationMails(ctx));

  const history = saleHistory(ctx);
  const takeBack = returnSale(ctx, stockGiveBackCopies(writes));

  return {
    sale: ringUp(ctx, placeAs, writes),

    /** An order placed elsewhere, paid at the counter: it becomes the sale. */
    orderSale: ringUpOrder(ctx),

    /** A sale's receipt by e-mail, on the customer's request. */
    mailReceipt: mailReceipt(ctx),

    /** The latest sales, and one sale with its returns, to choose what comes back. */
    sales: history.latest,
    findSale: history.find,

    /** A return of some of a sale's copies, refunded exactly (decision 037); answered as recorded. */
    async return(actor: Actor, input: ReturnInput, idempotencyKey?: string) {
      return history.returnAnswer(actor, await takeBack(actor, input, idempotencyKey));
    },

    /** What a scanned code names and the shop's stock of it. */
    lookup: lookupCode(ctx),

    /** The cash drawer (decision 038): open, close with its Z report, the one open now, a Z report again. */
    drawer: drawerUseCases(ctx),

    /** The shop's tax and an Employee's discount limit, for the Register screen's figures. */
    async settings(actor: Actor) {
      const { shopId } = requireRole(actor, 'register:sell');
      const tax = await repo.taxOf(ctx.db, shopId);
      return {
        tax_rate_percent: percentOfThousandths(tax.tax_rate_thousandths),
        prices_include_tax: tax.prices_include_tax === 1,
        employee_discount_limit_percent: tax.employee_discount_limit_percent,
      };
    },

    /** A sale's receipt as a printable page, by its receipt's token; 404 for a token that names none. */
    async receipt(token: string): Promise<string> {
      const sale = await repo.byReceipt(ctx.db, token);
      if (!sale) throw new AppError('NOT_FOUND', messages.registerServer.receiptNotFound);
      const [shop, lines, tenders, tradeIn, returns] = await Promise.all([
        repo.shopOf(ctx.db, sale.shop_id),
        ordersRepository.linesOf(ctx.db, [sale.order_id]),
        repo.tendersOf(ctx.db, sale.id),
        buylistRepository.linesOf(ctx.db, sale.buy_order_id === null ? [] : [sale.buy_order_id]),
        sale.returns_count > 0 ? returnsRepository.returnsOf(ctx.db, sale.id) : [],
      ]);
      return receiptHtml(shop, sale, lines, tenders, tradeIn, returns);
    },
  };
}
