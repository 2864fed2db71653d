/**
 * The storefront cart kept in the browser: one cart per shop in localStorage, read once, written on each change, and
 * followed across tabs (the `storage` event). Small on purpose: it is in the storefront's entry; the drawer and the
 * checkout are loaded when opened.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { cartStorageKey, parseStoredCart, storedCartText, type CartItem } from './cart.ts';

const empty: CartItem[] = [];
const carts = new Map<string, CartItem[]>();
const listeners = new Set<() => void>();

/** localStorage, or undefined where the browser refuses it (private modes, storage turned off). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** A shop's cart: read from storage the first time, then from memory. */
export function readCart(subdomain: string): CartItem[] {
  let cart = carts.get(subdomain);
  if (!cart) {
    let text: string | null = null;
    try {
      text = storage()?.getItem(cartStorageKey(subdomain)) ?? null;
    } catch {
      text = null;
    }
    cart = parseStoredCart(text);
    carts.set(subdomain, cart);
  }
  return cart;
}

/** Replaces a shop's cart, keeps it in storage (a full or refused storage keeps it in memory only) and redraws. */
export function writeCart(subdomain: string, cart: CartItem[]): void {
  carts.set(subdomain, cart);
  try {
    if (cart.length) storage()?.setItem(cartStorageKey(subdomain), storedCartText(cart));
    else storage()?.removeItem(cartStorageKey(subdomain));
  } catch {
    // Quota or privacy settings: the cart still works for this visit.
  }
  for (const listener of listeners) listener();
}

/** Another tab changed a cart: forget the kept copy so the next read takes the stored one. */
function followOtherTabs(event: StorageEvent) {
  if (event.key === null) carts.clear();
  else for (const subdomain of carts.keys()) if (cartStorageKey(subdomain) === event.key) carts.delete(subdomain);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', followOtherTabs);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', followOtherTabs);
  };
}

/**
 * A shop's cart and a function that changes it (given the current cart, it returns the next). The server's
 * drawing has no cart: it is empty until hydration is over, so the markup agrees.
 */
export function useCart(
  subdomain: string | undefined,
): [CartItem[], (change: (cart: CartItem[]) => CartItem[]) => void] {
  const cart = useSyncExternalStore(
    subscribe,
    () => (subdomain ? readCart(subdomain) : empty),
    () => empty,
  );
  const update = useCallback(
    (change: (cart: CartItem[]) => CartItem[]) => {
      if (subdomain) writeCart(subdomain, change(readCart(subdomain)));
    },
    [subdomain],
  );
  return [cart, update];
}
