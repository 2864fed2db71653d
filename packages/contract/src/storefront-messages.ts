/**
 * The public storefront's texts, in a module of their own: the storefront page is a bundle of its own
 * and takes only these, not the whole catalogue of `messages.ts` (where they are `messages.storefront`).
 */
export const storefrontMessages = {
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
