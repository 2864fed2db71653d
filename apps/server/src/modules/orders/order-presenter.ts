import {
  centsToDollars,
  finishOf,
  languageOf,
  qualityOf,
  type ExpiredOrder,
  type HistoryOrder,
  type PendingOrder,
  type RejectedOrder,
} from '@cardstock/contract';
import type { OrderLineRow, OrderRow } from './orders.repository.ts';
import { pickupUntilOf } from './pickup.service.ts';

/* The orders' answers: an order as Order Management shows it, pending, in the history, expired or rejected. */

/** `names`: the shop's customers' names by id, for the orders that name one (customersRepository.namesOf). */
export function toOrder(order: OrderRow, lines: OrderLineRow[], names?: Map<number, string>): PendingOrder {
  return {
    order_number: order.order_number,
    callout: String(order.callout),
    status: order.status as PendingOrder['status'],
    timestamp: order.created_at,
    source: order.source_name,
    source_kind: order.source_kind as PendingOrder['source_kind'],
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
      kind: l.card_id === '' ? ('sealed' as const) : ('single' as const),
      card_name: l.card_name,
      set_code: l.set_code.toUpperCase(),
      finish: finishOf(l.finish),
      quality: qualityOf(l.quality),
      language: languageOf(l.language),
      signed: l.signed === 1,
      altered: l.altered === 1,
      quantity: l.quantity,
      price: centsToDollars(l.unit_price_cents),
      item_total: centsToDollars(l.unit_price_cents * l.quantity),
    })),
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
