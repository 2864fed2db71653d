/**
 * The public storefront's texts, in a module of their own: the storefront page is a bundle of its own
 * and takes only these, not the whole catalogue of `messages.ts` (where they are `messages.storefront`).
 */
export const storefrontMessages = {
  /** The cart's pieces on the page itself; the drawer's, the checkout's and the status page's are in storefront-cart-messages.ts. */
  cart: {
    add: 'Add to cart',
    addLabel: (name: string) => `Add ${name} to cart`,
    inCart: (n: number) => `${n} in cart`,
    allInCart: 'All in your cart',
    noRoom: (max: number) => `Your cart is full: a reservation holds at most ${max} different items.`,
    button: (n: number) => (n === 0 ? 'Cart' : `Cart (${n})`),
    buttonLabel: (n: number) => (n === 0 ? 'Cart, empty' : `Cart, ${n} ${n === 1 ? 'item' : 'items'}`),
    loadFailed: 'The cart could not be opened. Check your connection and try again.',
  },
  emptyTitle: 'No Inventory Available',
  emptyText: "This shop doesn't have any items available at the moment.",
  notFoundTitle: 'Shop Not Found',
  noSubdomain: 'No subdomain specified',
  httpError: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
  noData: 'No inventory data received',
  loadFailed: 'Failed to load shop inventory',
  poweredBy: 'Powered by',
  inStock: (n: number) => `${n} in stock`,
  outOfStock: 'Out of stock',
  noPrice: 'No price yet — ask staff',
  sealedTitle: 'Sealed',
} as const;

/**
 * The page a storefront address asks for (`?page=`): decimal digits from 1, anything else (missing, `abc`, `0`,
 * `1e1`) page 1. The server draws that page into the document and the page's script reads the same, so they agree.
 */
export function storefrontPageOf(text: unknown): number {
  if (typeof text !== 'string' || !/^\s*\d{1,7}\s*$/.test(text)) return 1;
  return Math.max(1, Number(text));
}
