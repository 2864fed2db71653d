import { z } from 'zod';

/**
 * What a shop's staff screens and paired tablets hear as it happens (issue 41, `GET /api/events`, Server-Sent Events):
 * each event's `event:` name, its `id:` (the shop's event log, for `Last-Event-ID`) and its `data:` (JSON, below).
 */
export const shopEventKinds = [
  'order.placed',
  'order.decided',
  'order.expired',
  'order.picked',
  'stock.changed',
] as const;
export type ShopEventKind = (typeof shopEventKinds)[number];

/**
 * An order placed, decided (confirmed, rejected, ready, picked up, not collected), expired, or a line of it ticked or
 * unticked on a pick list (order.picked): its number and status.
 */
export const ZOrderEventData = z.object({
  order_number: z.string(),
  status: z.string().describe('The order’s status after the event: pending, confirmed, rejected, expired, …'),
});

/** The shop's stock changed (any write: an order, an edit, an import): its new version. */
export const ZStockEventData = z.object({ version: z.number().int() });

export type OrderEventData = z.infer<typeof ZOrderEventData>;
export type OrderEventKind = Exclude<ShopEventKind, 'stock.changed'>;
export type StockEventData = z.infer<typeof ZStockEventData>;

/** One event as the stream carries it. */
export type ShopEvent =
  | { id: number; kind: OrderEventKind; data: OrderEventData }
  | { id: number; kind: 'stock.changed'; data: StockEventData };

export const ZEventsStream = z
  .string()
  .describe(
    'text/event-stream: `retry:` first, then each event as `id:`, `event:` (order.placed, order.decided, order.expired, order.picked, stock.changed) and `data:` (JSON); a comment line every 25 s keeps it open',
  );

/** How long a stream waits between its keep-alive comments, and how soon a browser reconnects. */
export const eventStreamTimings = { keepAliveMs: 25_000, retryMs: 3000 };
