/**
 * The public storefront's calls, apart from the app's client (api.ts): the storefront is its
 * own document, and its entry stays without the whole route table and the session module (its bundle
 * budget is 80 KB): it names its routes from the contract's `publicRoutePaths`. No token: the page is public.
 * The cart's calls are in public-order-api.ts, loaded with the chunks that make them.
 */
import { publicRoutePaths, type RouteCallOutput } from '@cardstock/contract';
import { request } from './http.ts';

/**
 * `POST /api/public/shop/inventory` (routes.publicInventory): one page of a public shop.
 * @returns the parsed answer, or undefined when a 2xx answer is not JSON.
 * @throws ApiError for a refusal, its message the server's sentence or empty; the fetch's own error when the network
 * fails or the call is cancelled.
 */
export const publicShopPage = (
  body: { subdomain: string; page: string; q?: string; sort?: string },
  signal: AbortSignal,
): Promise<RouteCallOutput<'publicInventory'> | undefined> =>
  request(publicRoutePaths.publicInventory, { body, signal }, '') as Promise<
    RouteCallOutput<'publicInventory'> | undefined
  >;

/**
 * `POST /api/public/shop/sealed` (routes.publicSealed): a public shop's sealed products in stock.
 * @throws ApiError for a refusal; the fetch's own error when the network fails or the call is cancelled.
 */
export const publicShopSealed = (
  subdomain: string,
  signal: AbortSignal,
): Promise<RouteCallOutput<'publicSealed'> | undefined> =>
  request(publicRoutePaths.publicSealed, { body: { subdomain }, signal }, '') as Promise<
    RouteCallOutput<'publicSealed'> | undefined
  >;
