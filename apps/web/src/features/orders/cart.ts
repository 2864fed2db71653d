import {
  centsToDollars,
  dollarsToCents,
  languageNames,
  messages,
  type CartLineInput,
  type Finish,
  type Language,
  type Quality,
  type SealedItem,
  type ZSearchHit,
} from '@cardstock/contract';
import type { z } from 'zod';

/**
 * One inventory row as the shop search returns it (spec 001 §3 inventory search hit), or a sealed product of the
 * shop dressed as one (`sealed` set, `scryfallId` empty): the grid and the cart sell both alike.
 */
export type InventoryHit = z.infer<typeof ZSearchHit> & { sealed?: { id: number; category: string } };

/** A sealed product of the shop as a grid tile: new (NM), no picture, its category where a card shows its finish. */
export function sealedHit(item: SealedItem): InventoryHit {
  return {
    id: -item.id,
    name: item.name,
    setCode: item.set_code ?? '',
    scryfallId: '',
    uuid: `sealed-${item.id}`,
    finish: 'nonfoil',
    quantity: item.quantity,
    quality: 'NM',
    language: 'en',
    signed: false,
    altered: false,
    // A product at $0 has no price yet: not for sale, as a card without one.
    price: item.price > 0 ? item.price : null,
    image: null,
    sealed: { id: item.id, category: item.category },
  };
}

/** A cart line (spec 001 §3): what the order sends, plus what the cart panel shows. */
export interface CartItem {
  /** Card + finish + quality + language + flags: one inventory row, so one stock figure. */
  key: string;
  scryfall_id: string;
  finish: Finish;
  quality: Quality;
  language: Language;
  signed: boolean;
  altered: boolean;
  quantity: number;
  /** Copies in stock when the line was last added to. */
  stock: number;
  name: string;
  setCode: string;
  /** Unit price in dollars; null when the shop has no price for it. */
  price: number | null;
  image: string | null;
  /** A sealed product's line: its id and category (the line has no printing then). */
  sealed?: { id: number; category: string };
}

/** The result of asking to add copies: the new cart, or the alert text that refuses it (spec 001 §5). */
export type AddResult = { ok: true; cart: CartItem[] } | { ok: false; alert: string };

const finishLabels: Record<string, string> = { nonfoil: 'Normal', normal: 'Normal', foil: 'Foil', etched: 'Etched' };

/** The ordering screen's finish names: Normal, Foil or Etched from lower case; anything else as it came. */
export function finishLabel(finish: string): string {
  return finishLabels[finish.toLowerCase()] ?? finish;
}

/** A hit's name, or 'Unknown Card' when it has none. */
export function cardName(name: string | null | undefined): string {
  return name?.trim() ? name : messages.ordering.unknownCard;
}

/** What the quantity box asks for: a whole number from 1; anything else counts as 1. */
export function parseQuantity(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

export const lineKey = (line: {
  scryfall_id: string;
  finish: string;
  quality: string;
  language: string;
  signed: boolean;
  altered: boolean;
}): string =>
  `${line.scryfall_id}|${line.finish}|${line.quality}|${line.language}` +
  (line.signed ? '|signed' : '') +
  (line.altered ? '|altered' : '');

/** The cart key of a grid tile: its printing, finish, condition, language and flags, or its sealed product. */
export const hitKey = (hit: InventoryHit): string =>
  hit.sealed
    ? `sealed|${hit.sealed.id}`
    : lineKey({
        scryfall_id: hit.scryfallId,
        finish: hit.finish,
        quality: hit.quality,
        language: hit.language,
        signed: hit.signed,
        altered: hit.altered,
      });

/**
 * Adds copies of one inventory row. A row without a price is refused, and so
 * is a request above the stock, alone or with the copies already in the cart.
 */
export function addToCart(cart: readonly CartItem[], hit: InventoryHit, quantity: number): AddResult {
  // Never a sale at $0: a row without a price waits for staff to price it.
  if (hit.price === null) return { ok: false, alert: messages.storefront.noPrice };
  const stock = hit.quantity;
  if (quantity > stock) return { ok: false, alert: messages.ordering.onlyAvailable(stock) };
  const item: CartItem = {
    key: hitKey(hit),
    scryfall_id: hit.scryfallId,
    finish: hit.finish,
    quality: hit.quality,
    language: hit.language,
    signed: hit.signed,
    altered: hit.altered,
    quantity,
    stock,
    name: cardName(hit.name),
    setCode: hit.setCode,
    price: hit.price,
    image: hit.image,
    ...(hit.sealed ? { sealed: hit.sealed } : {}),
  };
  const existing = cart.find((line) => line.key === item.key);
  if (!existing) return { ok: true, cart: [...cart, item] };
  if (existing.quantity + quantity > stock) return { ok: false, alert: messages.ordering.cannotAddMore(stock) };
  return {
    ok: true,
    cart: cart.map((line) => (line === existing ? { ...item, quantity: existing.quantity + quantity } : line)),
  };
}

export function removeFromCart(cart: readonly CartItem[], key: string): CartItem[] {
  return cart.filter((line) => line.key !== key);
}

// Money is added up in whole cents: 0.1 + 0.2 dollars would otherwise show 0.30000000000000004.

/** price × quantity in dollars, or null when the line has no price. */
export function lineTotal(line: Pick<CartItem, 'price' | 'quantity'>): number | null {
  return line.price === null ? null : centsToDollars(dollarsToCents(line.price) * line.quantity);
}

/** The order total in dollars: lines without a price add nothing. */
export function cartTotal(cart: readonly Pick<CartItem, 'price' | 'quantity'>[]): number {
  return centsToDollars(
    cart.reduce((sum, line) => sum + (line.price === null ? 0 : dollarsToCents(line.price) * line.quantity), 0),
  );
}

export const cartCopies = (cart: readonly CartItem[]): number => cart.reduce((sum, line) => sum + line.quantity, 0);

/** Dollars as the cart shows them (`$1234.50`); no price is a dash, never $0.00. */
export { formatUsdPlain as formatPrice } from '@cardstock/contract';

/**
 * The order call's items; quality, language and the flags a row has go along so the server takes that row's stock
 * (an unflagged line leaves the flags out, as the spec's payload); sealed lines name their product.
 */
export function orderItems(cart: readonly CartItem[]): CartLineInput[] {
  return cart.map(({ scryfall_id, finish, quantity, quality, language, signed, altered, sealed }) =>
    sealed
      ? { sealed_id: sealed.id, quantity }
      : {
          scryfall_id,
          finish,
          quantity,
          quality,
          language,
          ...(signed ? { signed } : {}),
          ...(altered ? { altered } : {}),
        },
  );
}

/**
 * What a cart line or tile shows beside its name: set, finish, condition and (when not English) language, or set
 * and category.
 */
export function lineDetails(line: {
  setCode: string;
  finish: string;
  quality: string;
  language?: Language;
  sealed?: { category: string };
}) {
  const set = line.setCode.toUpperCase();
  if (line.sealed) return [set, line.sealed.category].filter(Boolean).join(' · ');
  const language = line.language && line.language !== 'en' ? ` · ${languageNames[line.language]}` : '';
  return `${set} · ${finishLabel(line.finish)} · ${line.quality}${language}`;
}

/** What the success text says when the answer carries no order number (spec 001 §8). */
export const noOrderNumber = 'N/A';

/** The order number of a placing answer: at top level, or inside `message` (spec 001 §3). */
export function orderNumberOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const top = (answer as { order_number?: unknown }).order_number;
  if (typeof top === 'string' && top) return top;
  if (typeof top === 'number') return String(top);
  const inner = (answer as { message?: unknown }).message;
  if (typeof inner === 'object' && inner !== null) return orderNumberOf(inner);
  return undefined;
}

/** An Idempotency-Key and the cart it was made for. */
export interface PlacingAttempt {
  key: string;
  cart: string;
}

/** The cart's lines and quantities as one text, so a changed cart is a new order. */
export const cartSignature = (cart: readonly CartItem[]): string =>
  cart
    .map((line) => `${line.key}×${line.quantity}`)
    .sort()
    .join(',');

/**
 * The attempt to send: a retry of the same cart (after a network error left
 * the outcome unknown) reuses the key, so the server answers the first order
 * again instead of placing a second one; any other cart gets a fresh key.
 */
export function placingAttempt(
  previous: PlacingAttempt | undefined,
  cart: readonly CartItem[],
  newKey: () => string,
): PlacingAttempt {
  const signature = cartSignature(cart);
  return previous?.cart === signature ? previous : { key: newKey(), cart: signature };
}
