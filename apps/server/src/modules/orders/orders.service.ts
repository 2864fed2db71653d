import type { AppContext } from '../../context.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { stockWrites } from '../inventory/stock-writes.ts';
import { decideOrder } from './decide-order.ts';
import { expireHolds } from './expire-holds.ts';
import { orderReads } from './order-reads.ts';
import { stockGiveBack } from './order-stock.ts';
import { orderDoor, placeOrder } from './place-order.ts';
import type { ReservationMails } from './reservation-mails.ts';
import { onlineReservations } from './reserve-online.ts';
import { marketOrders } from './take-market-order.ts';

/**
 * Orders: placed by staff, a paired tablet (place-order) or a customer online (reserve-online), all through one door
 * that takes the stock (order-stock) and numbers the order (order-number); confirmed or rejected in Order Management
 * (decide-order); a marketplace's sale is taken as a confirmed order (take-market-order); an online reservation not confirmed in time expires (expire-holds); the lists and a reservation's
 * status are read in order-reads and shaped in order-presenter. This file only composes the use cases, one file each.
 */
export function createOrdersService(ctx: AppContext, stock: StockWriter, mails: ReservationMails) {
  const writes = stockWrites(stock);
  const giveBack = stockGiveBack(writes);
  const placeAs = orderDoor(ctx, writes, mails);
  const expire = expireHolds(ctx, giveBack, mails);

  return {
    place: placeOrder(placeAs),
    ...onlineReservations(ctx, placeAs),
    expireHolds: expire,
    /** The one give-back of an order's copies, for the pickup use case's no-show (pickup.service.ts). */
    giveBack,
    /** Marketplace sales taken into the orders and cancelled (issue 42), for the channels module. */
    marketOrders: marketOrders(ctx, writes, giveBack),
    ...orderReads(ctx, expire),
    ...decideOrder(ctx, giveBack, mails),
  };
}
