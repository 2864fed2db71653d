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
  /** The link to the shop's "We buy" page (issue 25). */
  weBuyLink: 'We buy cards: see our offers',
  inStock: (n: number) => `${n} in stock`,
  outOfStock: 'Out of stock',
  noPrice: 'No price yet — ask staff',
  sealedTitle: 'Sealed',
  searchLabel: 'Search cards',
  // Short: a longer placeholder outgrew a short shop name's banner and became the page's largest paint (LCP).
  searchPlaceholder: 'Search cards',
  searchHint: 'Name words in any order, or terms like set:m10 c:r t:creature is:foil usd<5 cond:nm',
  searchButton: 'Search',
  filtersLabel: 'Filters',
  setLabel: 'Set',
  setPlaceholder: 'e.g. m10',
  colorLabel: 'Colour',
  finishLabel: 'Finish',
  conditionLabel: 'Condition',
  anyOption: 'Any',
  inStockOnly: 'In stock only',
  sortLabel: 'Sort by',
  sortNames: { name: 'Name', price_asc: 'Price: low to high', price_desc: 'Price: high to low', newest: 'Newest' },
  colorNames: { w: 'White', u: 'Blue', b: 'Black', r: 'Red', g: 'Green', c: 'Colourless', m: 'Multicolour' },
  conditionNames: {
    NM: 'Near Mint',
    LP: 'Lightly Played',
    MP: 'Moderately Played',
    HP: 'Heavily Played',
    D: 'Damaged',
  },
  resultCount: (n: number) => (n === 1 ? '1 card' : `${n.toLocaleString('en-US')} cards`),
  noMatchTitle: (q: string) => `No cards match “${q}”`,
  noMatchText: 'Try fewer words or filters, or check the spelling.',
  clearSearch: 'Clear search',
  searchFailed: (message: string) => `That search did not work: ${message}`,
} as const;

/**
 * The page a storefront address asks for (`?page=`): decimal digits from 1, anything else (missing, `abc`, `0`,
 * `1e1`) page 1. The server draws that page into the document and the page's script reads the same, so they agree.
 */
export function storefrontPageOf(text: unknown): number {
  if (typeof text !== 'string' || !/^\s*\d{1,7}\s*$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

/**
 * The storefront's orders of cards: by name (the default), by price either way, newest stock first. Here rather than
 * beside the request's schema so the storefront's bundle takes them without zod.
 */
export const storefrontSorts = ['name', 'price_asc', 'price_desc', 'newest'] as const;
export type StorefrontSort = (typeof storefrontSorts)[number];

/** Longest search the storefront takes (the request's `q`). */
export const STOREFRONT_QUERY_MAX = 200;

/** The order a storefront address asks for (`?sort=`): one of `storefrontSorts`, anything else by name. */
export const storefrontSortOf = (text: unknown): StorefrontSort =>
  storefrontSorts.includes(text as StorefrontSort) ? (text as StorefrontSort) : 'name';

/**
 * The search a storefront address asks for (`?q=`), trimmed: text up to STOREFRONT_QUERY_MAX characters, anything
 * else none. The server inlines that search's page and the page's script asks for the same, so they agree.
 */
export const storefrontQueryOf = (text: unknown): string =>
  typeof text === 'string' && text.trim().length <= STOREFRONT_QUERY_MAX ? text.trim() : '';
