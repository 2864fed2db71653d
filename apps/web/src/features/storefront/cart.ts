/**
 * The storefront cart's pure rules on the page itself (issue 24): which lines merge, how far an add may go, how the
 * cart is kept in the browser and read back, what of a card or sealed product goes into it. No React and no contract
 * schemas here: this module is in the storefront's entry, whose budget is 80 KB (the drawer's rules are in
 * cart-checkout.ts, loaded with it).
 */
import { languages, qualities, type Finish, type Language, type Quality } from '@cardstock/contract';

/**
 * The most lines a reservation takes: the contract's `reservationLimits.maxLines` (a unit test holds them equal),
 * written here because that constant's module builds zod schemas, which the storefront's entry leaves out.
 */
export const CART_MAX_LINES = 50;

/** One line of the cart: what it is, as the page showed it, and how many the customer wants. */
export interface CartItem {
  /** The merge key: the same printing, finish, condition, language and flags, or the same sealed product. */
  key: string;
  kind: 'single' | 'sealed';
  /** The printing, on a single's line. */
  scryfall_id?: string;
  /** The shop's sealed product, on a sealed line. */
  sealed_id?: number;
  finish: Finish;
  quality: Quality;
  language: Language;
  signed: boolean;
  altered: boolean;
  name: string;
  /** Upper-case set code, '' for none. */
  set_code: string;
  /** Dollars, as the page showed it when the line was added (the shop confirms the final price). */
  price: number;
  /** The stock the page showed: the most the line may hold. */
  stock: number;
  quantity: number;
}

/** What the page knows about a thing to add: everything but the key and the quantity. */
export type CartProduct = Omit<CartItem, 'key' | 'quantity'>;

/** Why an add did not add everything: the stock the page showed is in the cart already, or the cart is full. */
export type AddRefusal = 'stock' | 'lines';

/** The key under which a line merges with another: sealed by product, singles by printing and every stock property. */
export function lineKey(product: CartProduct): string {
  if (product.kind === 'sealed') return `sealed:${product.sealed_id ?? 0}`;
  const flags = `${product.signed ? 's' : ''}${product.altered ? 'a' : ''}`;
  return `single:${product.scryfall_id ?? ''}:${product.finish}:${product.quality}:${product.language}:${flags}`;
}

/**
 * The cart with `quantity` more of `product`: merged into its line when there is one, never above the stock the
 * page showed, never more than the reservation's line limit. `refused` tells why less (or nothing) was added.
 */
export function addToCart(
  cart: readonly CartItem[],
  product: CartProduct,
  quantity = 1,
): { cart: CartItem[]; refused?: AddRefusal } {
  const key = lineKey(product);
  const existing = cart.find((line) => line.key === key);
  if (!existing) {
    if (cart.length >= CART_MAX_LINES) return { cart: [...cart], refused: 'lines' };
    const wanted = Math.max(0, Math.floor(quantity));
    const taken = Math.min(wanted, product.stock);
    if (taken < 1) return { cart: [...cart], refused: 'stock' };
    return { cart: [...cart, { ...product, key, quantity: taken }], refused: taken < wanted ? 'stock' : undefined };
  }
  // The newest look at the product (its stock and price on the page now) replaces the one the line kept.
  const stock = product.stock;
  const next = Math.min(existing.quantity + Math.max(0, Math.floor(quantity)), stock);
  const refused = next < existing.quantity + quantity ? 'stock' : undefined;
  const merged = next < 1 ? undefined : { ...existing, ...product, key, quantity: next };
  return {
    cart: merged ? cart.map((line) => (line.key === key ? merged : line)) : cart.filter((line) => line.key !== key),
    refused,
  };
}

/** How many things the cart holds (the cart button's count). */
export const cartCount = (cart: readonly CartItem[]): number => cart.reduce((sum, line) => sum + line.quantity, 0);

/** The localStorage key of a shop's cart: one cart per shop, so two shops in one browser keep their own. */
export const cartStorageKey = (subdomain: string): string => `cardstock.cart.${subdomain.toLowerCase()}`;

const finishNames: readonly string[] = ['nonfoil', 'foil', 'etched'];
const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** One stored line if it is whole and sound, else undefined (the browser's storage is anyone's to edit). */
function storedLine(value: unknown): CartItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const kind = v.kind === 'sealed' ? 'sealed' : v.kind === 'single' ? 'single' : undefined;
  if (!kind || !isText(v.name) || !isText(v.set_code) || !isCount(v.stock) || !isCount(v.quantity)) return undefined;
  if (typeof v.price !== 'number' || !Number.isFinite(v.price) || v.price < 0) return undefined;
  if (kind === 'sealed' ? !isCount(v.sealed_id) : !isText(v.scryfall_id) || !v.scryfall_id) return undefined;
  if (!finishNames.includes(v.finish as string)) return undefined;
  if (!(qualities as readonly unknown[]).includes(v.quality) || !(languages as readonly unknown[]).includes(v.language))
    return undefined;
  const product: CartProduct = {
    kind,
    ...(kind === 'sealed' ? { sealed_id: v.sealed_id as number } : { scryfall_id: v.scryfall_id as string }),
    finish: v.finish as Finish,
    quality: v.quality as Quality,
    language: v.language as Language,
    signed: v.signed === true,
    altered: v.altered === true,
    name: v.name,
    set_code: v.set_code,
    price: v.price,
    stock: v.stock,
  };
  return { ...product, key: lineKey(product), quantity: Math.min(v.quantity, v.stock) };
}

/**
 * A cart read back from storage: sound lines only, merged again by key (an edited store may repeat one), at most
 * the line limit. Anything unreadable is an empty cart, never an error on the page.
 */
export function parseStoredCart(text: string | null): CartItem[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let cart: CartItem[] = [];
  for (const value of data) {
    const line = storedLine(value);
    if (line) cart = addToCart(cart, line, line.quantity).cart;
  }
  return cart;
}

/** The cart as storage keeps it. */
export const storedCartText = (cart: readonly CartItem[]): string => JSON.stringify(cart);

/** A card of the page as the cart needs it (ZPublicInventoryItem's fields). */
export interface PageCard {
  card_name: string;
  card_scryfallid: string;
  card_setCode: string;
  price: number | null;
  inv_quantity: number;
  inv_finish: Finish;
  inv_quality?: Quality;
  inv_language?: Language;
  inv_signed?: boolean;
  inv_altered?: boolean;
}

/** A sealed product of the page as the cart needs it (ZPublicSealedItem's fields). */
export interface PageSealed {
  id: number;
  name: string;
  set_code: string | null;
  price: number | null;
  quantity: number;
}

/**
 * A card of the page as a cart product, or undefined when it cannot be reserved (no price yet, none in stock).
 * Fields an older server leaves out read as its defaults: NM, English, unflagged.
 */
export function cardProduct(card: PageCard): CartProduct | undefined {
  if (card.price === null || card.inv_quantity < 1) return undefined;
  return {
    kind: 'single',
    scryfall_id: card.card_scryfallid,
    finish: card.inv_finish,
    quality: card.inv_quality ?? 'NM',
    language: card.inv_language ?? 'en',
    signed: card.inv_signed ?? false,
    altered: card.inv_altered ?? false,
    name: card.card_name,
    set_code: card.card_setCode.toUpperCase(),
    price: card.price,
    stock: card.inv_quantity,
  };
}

/** A sealed product of the page as a cart product, or undefined when it cannot be reserved (no price, none left). */
export function sealedProduct(item: PageSealed): CartProduct | undefined {
  if (item.price === null || item.quantity < 1) return undefined;
  return {
    kind: 'sealed',
    sealed_id: item.id,
    finish: 'nonfoil',
    quality: 'NM',
    language: 'en',
    signed: false,
    altered: false,
    name: item.name,
    set_code: item.set_code ?? '',
    price: item.price,
    stock: item.quantity,
  };
}
