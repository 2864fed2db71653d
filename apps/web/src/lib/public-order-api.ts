/**
 * The storefront cart's calls (issue 24): the captcha's settings, placing a reservation, looking one up. Apart from
 * public-api.ts so they load with the drawer, checkout and status chunks, not with the storefront's entry. Each
 * answers the parsed answer of a 2xx, else throws ApiError with the server's sentence (or `fallback` when the answer
 * has none, e.g. a proxy's error page), or the fetch's own error when the network fails or the call is cancelled.
 */
import { publicRoutePaths, type RouteCallOutput } from '@cardstock/contract';
import { request } from './http.ts';

/** A 2xx answer of a public route, as the contract types it; undefined when it is not JSON (a proxy's page). */
type Answer<N extends keyof typeof publicRoutePaths> = Promise<RouteCallOutput<N> | undefined>;

/** `GET /api/config` (routes.publicConfig): the captcha's mode and site key for the checkout. */
export const publicConfig = (signal?: AbortSignal) =>
  request(publicRoutePaths.publicConfig, { signal }, 'HTTP error') as Answer<'publicConfig'>;

/**
 * `POST /api/public/shop/order` (routes.publicOrder): reserve the cart. The Idempotency-Key is the checkout
 * attempt's: sent again on a retry, the server answers the order it already took instead of taking another.
 */
export const placePublicOrder = (body: unknown, idempotencyKey: string, fallback: string) =>
  request(
    publicRoutePaths.publicOrder,
    { body, headers: { 'Idempotency-Key': idempotencyKey } },
    fallback,
  ) as Answer<'publicOrder'>;

/** `POST /api/public/shop/order/status` (routes.publicOrderStatus): where a reservation stands. */
export const publicOrderStatus = (
  body: { subdomain: string; order_number: string; email: string },
  fallback: string,
  signal?: AbortSignal,
) => request(publicRoutePaths.publicOrderStatus, { body, signal }, fallback) as Answer<'publicOrderStatus'>;

/** `POST /api/public/shop/buylist` (routes.publicBuylist): a public shop's "We buy" page, its shares and hotlist. */
export const publicBuylist = (body: { subdomain: string; page: string }, fallback: string, signal?: AbortSignal) =>
  request(publicRoutePaths.publicBuylist, { body, signal }, fallback) as Answer<'publicBuylist'>;
