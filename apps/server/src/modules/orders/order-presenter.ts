import { copyFlagsOf } from '../inventory/inventory.mapper.ts';
import {
  centsToDollars,
  type ExpiredOrder,
  type MissingCopies,
  type HistoryOrder,
  type PendingOrder,
  type RejectedOrder,
} from '@cardstock/contract';
import type { OrderLineRow, OrderRow } from './orders.repository.ts';
import { pickupUntilOf } from './pickup.service.ts';

/* The orders' answers: an order as Order Management shows it, pending, in the history, expired or rejected. */

/** What an order and a buy order keep alike of how they were placed: numbered on a day, by a source, a status. */
interface Placed {
  callout: number;
  status: string;
  created_at: string;
  source_name: string;
  source_kind: string;
}

/**
 * The part of an order's answer (`T`: PendingOrder) and a buy order's (BuyOrder) that follows its number and reads
 * the same: its callout, status, when it was placed and by whom.
 */
export function placedPart<T extends { status: string; source_kind: string }>(row: Placed) {
  return {
    callout: String(row.callout),
    status: row.status as T['status'],
    timestamp: row.created_at,
    source: row.source_name,
    source_kind: row.source_kind as T['source_kind'],
  };
}

/** An order's line as staff and its customer both read it: the card or sealed product, its copies and unit price. */
export function toShownLine(l: OrderLineRow) {
  return {
    kind: l.card_id === '' ? ('sealed' as const) : ('single' as const),
    card_name: l.card_name,
    set_code: l.set_code.toUpperCase(),
    ...copyFlagsOf(l),
    quantity: l.quantity,
    price: centsToDollars(l.unit_price_cents),
  };
}

/** `names`: the shop's customers' names by id, for the orders that name one (customersRepository.namesOf). */
export function toOrder(order: OrderRow, lines: OrderLineRow[], names?: Map<number, string>): PendingOrder {
  return {
    order_number: order.order_number,
    ...placedPart<PendingOrder>(order),
    customer:
      order.customer_email === null
        ? null
        : { name: order.customer_name ?? '', email: order.customer_email, phone: order.customer_phone ?? '' },
    hold_until: order.status === 'pending' ? order.hold_until : null,
    customer_id: order.customer_id,
    store_credit: centsToDollars(order.store_credit_cents),
    customer_name:
      (order.customer_id === null ? undefined : names?.get(order.customer_id)) ??
      (order.customer_email === null ? null : (order.customer_name ?? '')),
    total_items: order.total_items,
    total: centsToDollars(order.total_cents),
    items: lines.map((l) => ({
      scryfall_id: l.card_id,
      sealed_id: l.sealed_id,
      ...toShownLine(l),
      item_total: centsToDollars(l.unit_price_cents * l.quantity),
    })),
    picked_lines: order.picked_lines,
    // A marketplace's sale (issue 42) alone says its code there and what it sold that the shop no longer had.
    ...(order.market_code === null
      ? {}
      : {
          market_code: order.market_code,
          missing: order.missing === null ? [] : (JSON.parse(order.missing) as MissingCopies[]),
        }),
  };
}

/** A decided order in the history: when it was decided, its pickup deadline (a confirmed online reservation), when it closed. */
export function toHistoryOrder(
  order: OrderRow,
  lines: OrderLineRow[],
  names: Map<number, string>,
  pickupDays: number,
): HistoryOrder {
  return {
    ...toOrder(order, lines, names),
    confirmed_timestamp: order.decided_at ?? order.created_at,
    pickup_until: pickupUntilOf(order, pickupDays),
    closed_timestamp: order.closed_at,
  };
}

/** An online reservation that expired, and when. */
export function toExpiredOrder(order: OrderRow, lines: OrderLineRow[], names: Map<number, string>): ExpiredOrder {
  return {
    ...toOrder(order, lines, names),
    status: 'expired',
    expired_timestamp: order.decided_at ?? order.created_at,
  };
}

/** A rejected order, when, and the reason the shop gave. */
export function toRejectedOrder(order: OrderRow, lines: OrderLineRow[], names: Map<number, string>): RejectedOrder {
  return {
    ...toOrder(order, lines, names),
    status: 'rejected',
    rejected_timestamp: order.decided_at ?? order.created_at,
    reason: order.reason,
  };
}
