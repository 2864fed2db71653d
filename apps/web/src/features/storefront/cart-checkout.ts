/**
 * The cart drawer's, checkout's and status page's pure rules (issue 24): quantities, the subtotal, the lines an order
 * sends, the lines a refusal names, the status page's address. Loaded with those chunks, not the storefront's entry.
 */
import { centsToDollars, dollarsToCents, type PublicOrderRequest } from '@cardstock/contract';
import type { CartItem } from './cart.ts';

/** A cart line as `POST /api/public/shop/order` takes it (the staff cart's ZCartLine). */
export type OrderLine = PublicOrderRequest['items'][number];

/** The cart with a line's quantity set: from 1 up to the stock the page showed (a whole number; else unchanged). */
export function setQuantity(cart: readonly CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity)) return [...cart];
  return cart.map((line) =>
    line.key === key ? { ...line, quantity: Math.min(Math.max(1, Math.floor(quantity)), line.stock) } : line,
  );
}

/** The cart without a line. */
export const removeLine = (cart: readonly CartItem[], key: string): CartItem[] =>
  cart.filter((line) => line.key !== key);

/** The subtotal in dollars at the prices shown, summed in whole cents so it is exact. */
export const cartSubtotal = (cart: readonly CartItem[]): number =>
  centsToDollars(cart.reduce((cents, line) => cents + dollarsToCents(line.price) * line.quantity, 0));

/** The lines an order sends: singles with every stock property, sealed products by id. */
export const orderLines = (cart: readonly CartItem[]): OrderLine[] =>
  cart.map((line) =>
    line.kind === 'sealed'
      ? { sealed_id: line.sealed_id ?? 0, quantity: line.quantity }
      : {
          scryfall_id: line.scryfall_id ?? '',
          finish: line.finish,
          quality: line.quality,
          language: line.language,
          signed: line.signed,
          altered: line.altered,
          quantity: line.quantity,
        },
  );

/**
 * What a refused order says of each cart line, by the line's key: the server names each line it could not fill as
 * `items.N` (N the line's place in the order it was sent, the cart's order) with that line's own sentence.
 */
export function refusedLines(
  cart: readonly CartItem[],
  errors: readonly { field: string; message: string }[],
): Record<string, string> {
  const said: Record<string, string> = {};
  for (const { field, message } of errors) {
    const place = /^items\.(\d+)$/.exec(field)?.[1];
    const line = place === undefined ? undefined : cart[Number(place)];
    if (line) said[line.key] = message;
  }
  return said;
}

/**
 * The address of a shop's order status page: `/shop/{subdomain}/order` on the platform's host, `/order` on the
 * shop's own host (where the storefront is at `/`), with the order's number and e-mail to look it up at once.
 */
export function orderStatusHref(
  pathname: string,
  subdomain: string,
  order?: { number: string; email: string },
): string {
  const base = pathname.startsWith('/shop/') ? `/shop/${encodeURIComponent(subdomain)}/order` : '/order';
  return order ? `${base}?${new URLSearchParams({ number: order.number, email: order.email }).toString()}` : base;
}

/** The pickup callout of an order number: its last part (`20261125-7-0-042` → `042`). */
export const calloutOf = (orderNumber: string): string => orderNumber.split('-').at(-1) ?? orderNumber;
