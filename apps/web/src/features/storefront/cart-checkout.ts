/**
 * The cart drawer's, checkout's and status page's pure rules (issue 24): quantities, the subtotal, the lines an order
 * sends, the lines a refusal names, the status page's address. Loaded with those chunks, not the storefront's entry.
 */
import { centsToDollars, dollarsToCents, type Finish, type Language, type Quality } from '@cardstock/contract';
import type { CartItem } from './cart.ts';

/** A cart line as `POST /api/public/shop/order` takes it (the staff cart's ZCartLine). */
export type OrderLine =
  | {
      scryfall_id: string;
      finish: Finish;
      quality: Quality;
      language: Language;
      signed: boolean;
      altered: boolean;
      quantity: number;
    }
  | { sealed_id: number; quantity: number };

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
 * The lines a refusal's sentence is about: the server names the card that ran out, so a line whose name the
 * sentence holds is the one to mark. Several lines of one name (two conditions) are all marked.
 */
export const linesNamedIn = (cart: readonly CartItem[], message: string): string[] =>
  cart.filter((line) => line.name && message.includes(line.name)).map((line) => line.key);

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
