import type { RouteDef } from './routes.ts';

/**
 * Method and path of the storefront's public calls, a part of `routePaths` on its own: the storefront's entry and
 * its cart's chunks name their routes from it without carrying the whole table (the storefront's budget is 80 KB).
 */
export const publicRoutePaths = {
  publicConfig: ['GET', '/api/config'],
  publicInventory: ['POST', '/api/public/shop/inventory'],
  publicSealed: ['POST', '/api/public/shop/sealed'],
  publicBuylist: ['POST', '/api/public/shop/buylist'],
  publicOrder: ['POST', '/api/public/shop/order'],
  publicOrderStatus: ['POST', '/api/public/shop/order/status'],
} as const satisfies Record<string, readonly [RouteDef['method'], string]>;
