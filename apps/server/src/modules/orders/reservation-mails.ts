import {
  centsToDollars,
  finishNames,
  finishOf,
  formatUsd,
  languageNames,
  languageOf,
  withoutControlCharacters,
} from '@cardstock/contract';
import { afterCommit, type Tx } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderLineRow, OrderRow } from './orders.repository.ts';

/** What a reservation mail needs of the order (its pickup deadline once it has one). */
export type ReservationOrder = Partial<Pick<OrderRow, 'pickup_until'>> &
  Pick<
    OrderRow,
    | 'shop_id'
    | 'order_number'
    | 'callout'
    | 'customer_name'
    | 'customer_email'
    | 'hold_until'
    | 'total_cents'
    | 'reason'
  >;

/** The mails an online customer gets: the reservation received, ready for pickup, rejected, expired, not picked up. */
export interface ReservationMails {
  placed(order: ReservationOrder, lines: OrderLineRow[]): Promise<void>;
  ready(order: ReservationOrder, lines: OrderLineRow[]): Promise<void>;
  rejected(order: ReservationOrder, lines: OrderLineRow[]): Promise<void>;
  expired(order: ReservationOrder, lines: OrderLineRow[]): Promise<void>;
  noShow(order: ReservationOrder, lines: OrderLineRow[]): Promise<void>;
}

/**
 * Mails an online customer once the transaction has committed; a mail that fails is logged, never the order's failure
 * (the order, its decision or its give-back stands whether or not the mail goes).
 */
export function mailAfterCommit(ctx: AppContext, tx: Tx, send: () => Promise<void>): void {
  afterCommit(tx, () => {
    send().catch((err: unknown) => ctx.log.error({ err }, 'a reservation mail could not be sent'));
    return Promise.resolve();
  });
}

/**
 * A time as a customer reads it, in the shop's time zone when it has one ("Friday, November 27, 2026 at 8:00 AM
 * CST"), else in UTC ("… at 2:00 PM UTC").
 */
export function holdText(iso: string, timeZone = ''): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'full',
    timeStyle: 'long',
    timeZone: timeZone || 'UTC',
  })
    .format(new Date(iso))
    .replace(/:\d\d (?=[AP]M)/, ' ');
}

/** A card line's printing as a customer reads it: set, finish, condition, and its language when not English. */
function printingText(l: OrderLineRow): string {
  const language = languageOf(l.language);
  const parts = [l.set_code.toUpperCase(), finishNames[finishOf(l.finish)], l.quality];
  if (language !== 'en') parts.push(languageNames[language]);
  return `${l.card_name} (${parts.join(', ')})`;
}

/** The order's lines and total as plain text, one line each. */
function itemsText(order: ReservationOrder, lines: OrderLineRow[]): string {
  const rows = lines.map((l) => {
    const what = l.card_id === '' ? l.card_name : printingText(l);
    return `  ${l.quantity} × ${what}: ${formatUsd(centsToDollars(l.unit_price_cents * l.quantity))}`;
  });
  return `${rows.join('\n')}\n  Total: ${formatUsd(centsToDollars(order.total_cents))}`;
}

/**
 * The mails of online reservations, written in plain text to the customer's e-mail, with the shop's name and a
 * link to the order's status on the shop's storefront (`/shop/<subdomain>/order/<order number>`). Sending is the
 * caller's to start after its transaction commits; a failure rejects the promise for the caller to log.
 */
export function createReservationMails(ctx: AppContext): ReservationMails {
  async function shopOf(shopId: number) {
    return ctx.db
      .selectFrom('shops')
      .select(['name', 'subdomain', 'address', 'city', 'state', 'country', 'time_zone', 'pickup_hours'])
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
  }

  const statusLink = (subdomain: string | null, orderNumber: string) =>
    subdomain
      ? `${ctx.config.publicUrl}/shop/${encodeURIComponent(subdomain)}/order/${encodeURIComponent(orderNumber)}`
      : null;

  /** `body` writes times through `at`, in the shop's time zone. */
  async function send(
    order: ReservationOrder,
    subject: (shop: string) => string,
    body: (shop: string, at: (iso: string) => string) => string,
  ) {
    if (!order.customer_email) return;
    // Anyone may type anyone's address into a reservation: a recipient gets at most so many of these mails an hour.
    try {
      await ctx.limiter.hit('reservationMailsPerRecipient', order.customer_email);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'TOO_MANY_REQUESTS') throw err;
      ctx.log.warn({ order: order.order_number }, 'reservation mail not sent: recipient over its hourly limit');
      return;
    }
    const shop = await shopOf(order.shop_id);
    const link = statusLink(shop.subdomain, order.order_number);
    // Where to pick up: the shop's address as its settings have it, when it has one.
    const where = [shop.address, shop.city, shop.state, shop.country].map((p) => p.trim()).filter(Boolean);
    await ctx.mailer.send({
      to: order.customer_email,
      subject: subject(shop.name),
      text:
        // Names stored before control characters were refused may still hold line breaks.
        `Hello ${withoutControlCharacters(order.customer_name ?? '')},\n\n` +
        `${body(shop.name, (iso) => holdText(iso, shop.time_zone))}\n` +
        (where.length > 0 ? `\nPick up at ${shop.name}, ${where.join(', ')}.\n` : '') +
        (shop.pickup_hours ? `Pickup hours: ${shop.pickup_hours}\n` : '') +
        (link ? `\nSee where your order stands at any time:\n${link}\n` : '') +
        `\nOrder number: ${order.order_number}\n`,
    });
  }

  return {
    placed: (order, lines) =>
      send(
        order,
        (shop) => `Your reservation ${order.order_number} at ${shop}`,
        (shop, at) =>
          `${shop} received your reservation ${order.order_number}. These cards are held for you:\n\n` +
          `${itemsText(order, lines)}\n\n` +
          `Pickup callout: ${order.callout}. Give this number at the counter when you pick up and pay.\n\n` +
          (order.hold_until
            ? `The shop holds your reservation until ${at(order.hold_until)}. We will write again when it is ` +
              `ready for pickup; if the shop does not confirm it by then, it expires and the cards go back on sale.\n`
            : ''),
      ),
    ready: (order, lines) =>
      send(
        order,
        (shop) => `Your order ${order.order_number} is ready for pickup at ${shop}`,
        (shop, at) =>
          `Good news: ${shop} confirmed your order ${order.order_number}. It is ready for pickup.\n\n` +
          `${itemsText(order, lines)}\n\n` +
          `Pickup callout: ${order.callout}. Give this number at the counter when you pick up and pay.\n` +
          (order.pickup_until
            ? `\nThe shop holds your order until ${at(order.pickup_until)}. If you do not pick it up by ` +
              `then, the cards may go back on sale.\n`
            : ''),
      ),
    rejected: (order, lines) =>
      send(
        order,
        (shop) => `Your reservation ${order.order_number} at ${shop} was not accepted`,
        (shop) =>
          `Sorry: ${shop} could not fill your reservation ${order.order_number}, so it was cancelled.\n\n` +
          (order.reason ? `The shop says: ${order.reason}\n\n` : '') +
          `${itemsText(order, lines)}\n\nNothing was charged.\n`,
      ),
    expired: (order, lines) =>
      send(
        order,
        (shop) => `Your reservation ${order.order_number} at ${shop} expired`,
        (shop) =>
          `${shop} did not confirm your reservation ${order.order_number} in time, so it expired and the cards went ` +
          `back on sale.\n\n${itemsText(order, lines)}\n\nNothing was charged. You are welcome to reserve again.\n`,
      ),
    noShow: (order, lines) =>
      send(
        order,
        (shop) => `Your order ${order.order_number} at ${shop} was not picked up`,
        (shop, at) =>
          `${shop} held your order ${order.order_number} for pickup` +
          (order.pickup_until ? ` until ${at(order.pickup_until)}` : '') +
          `, and it was not picked up, so the cards went back on sale.\n\n${itemsText(order, lines)}\n\n` +
          `Nothing was charged. You are welcome to reserve again.\n`,
      ),
  };
}
