/**
 * The storefront cart's pure rules on the page itself (issue 24): which lines merge, how far an add may go, how the
 * cart is kept in the browser and read back, what of a card or sealed product goes into it. No React and no contract
 * schemas here: this module is in the storefront's entry, whose budget is 80 KB (the drawer's rules are in
 * cart-checkout.ts, loaded with it).
 */
import {
  languages,
  qualities,
  type Finish,
  type Language,
  type PublicInventoryItem,
  type PublicSealedItem,
  type Quality,
} from '@cardstock/contract';

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

/** The key under which a line merges with another: sealed by product, singles by printing and every stock property. */
export function lineKey(product: CartProduct): string {
  if (product.kind === 'sealed') return `sealed:${product.sealed_id ?? 0}`;
  const flags = `${product.signed ? 's' : ''}${product.altered ? 'a' : ''}`;
  return `single:${product.scryfall_id ?? ''}:${product.finish}:${product.quality}:${product.language}:${flags}`;
}

/**
 * The cart with `quantity` more of `product`: merged into its line when there is one (which then takes the stock and
 * price the page shows now), never above that stock, no new line past the reservation's line limit. A line left
 * with nothing goes.
 */
export function addToCart(cart: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  const key = lineKey(product);
  const existing = cart.find((line) => line.key === key);
  if (!existing && cart.length >= CART_MAX_LINES) return [...cart];
  const next = Math.min((existing?.quantity ?? 0) + Math.max(0, Math.floor(quantity)), product.stock);
  const rest = cart.filter((line) => line.key !== key);
  if (next < 1) return rest;
  const line = { ...product, key, quantity: next };
  return existing ? cart.map((l) => (l === existing ? line : l)) : [...rest, line];
}

/** How many things the cart holds (the cart button's count). */
export const cartCount = (cart: readonly CartItem[]): number => cart.reduce((sum, line) => sum + line.quantity, 0);

/** The localStorage key of a shop's cart: one cart per shop, so two shops in one browser keep their own. */
export const cartStorageKey = (subdomain: string): string => `cardstock.cart.${subdomain.toLowerCase()}`;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isOneOf = (list: readonly string[], v: unknown) => list.includes(v as string);

/** One stored line if it is whole and sound, else undefined (the browser's storage is anyone's to edit). */
function storedLine(value: unknown): CartItem | undefined {
  const v = (value ?? {}) as Record<keyof CartItem, unknown>;
  const sealed = v.kind === 'sealed';
  const sound =
    (sealed || v.kind === 'single') &&
    typeof v.name === 'string' &&
    typeof v.set_code === 'string' &&
    typeof v.price === 'number' &&
    v.price >= 0 &&
    isCount(v.stock) &&
    isCount(v.quantity) &&
    (sealed ? isCount(v.sealed_id) : typeof v.scryfall_id === 'string' && v.scryfall_id !== '') &&
    isOneOf(['nonfoil', 'foil', 'etched'], v.finish) &&
    isOneOf(qualities, v.quality) &&
    isOneOf(languages, v.language);
  if (!sound) return undefined;
  const product = {
    kind: v.kind,
    ...(sealed ? { sealed_id: v.sealed_id } : { scryfall_id: v.scryfall_id }),
    finish: v.finish,
    quality: v.quality,
    language: v.language,
    signed: v.signed === true,
    altered: v.altered === true,
    name: v.name,
    set_code: v.set_code,
    price: v.price,
    stock: v.stock,
  } as CartProduct;
  return { ...product, key: lineKey(product), quantity: Math.min(v.quantity as number, v.stock as number) };
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
    if (line) cart = addToCart(cart, line, line.quantity);
  }
  return cart;
}

/** The cart as storage keeps it. */
export const storedCartText = (cart: readonly CartItem[]): string => JSON.stringify(cart);

/**
 * A card of the page as the cart needs it (the contract's public inventory item). Condition, language and flags are
 * missing from servers older than the storefront search, languages and flags: NM, English, unflagged then.
 */
export type PageCard = Pick<
  PublicInventoryItem,
  'card_name' | 'card_scryfallid' | 'card_setCode' | 'price' | 'inv_quantity' | 'inv_finish'
> &
  Partial<Pick<PublicInventoryItem, 'inv_quality' | 'inv_language' | 'inv_signed' | 'inv_altered'>>;

/** A sealed product of the page as the cart needs it (the contract's public sealed item). */
export type PageSealed = Pick<PublicSealedItem, 'id' | 'name' | 'set_code' | 'price' | 'quantity'>;

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
