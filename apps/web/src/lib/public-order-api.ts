/**
 * The storefront cart's calls (issue 24): the captcha's settings, placing a reservation, looking one up. Apart from
 * public-api.ts so they load with the drawer, checkout and status chunks, not with the storefront's entry.
 */
/** A refusal's sentence and code as the server sends them (`{ message, code }`), with the HTTP status. */
export class PublicCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * A public JSON call: the parsed answer of a 2xx, else PublicCallError with the server's sentence (or `fallback`
 * when the answer has none, e.g. a proxy's error page).
 * @throws the fetch's own error when the network fails or the call is cancelled.
 */
async function publicCall(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
  fallback: string,
): Promise<unknown> {
  const res = await fetch(path, {
    method: init.method,
    headers: init.body === undefined ? init.headers : { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const answer = (data ?? {}) as { message?: unknown; code?: unknown };
    throw new PublicCallError(
      res.status,
      typeof answer.message === 'string' && answer.message ? answer.message : fallback,
      typeof answer.code === 'string' ? answer.code : undefined,
    );
  }
  return data;
}

/** `GET /api/config` (routes.publicConfig): the captcha's mode and site key for the checkout. */
export const publicConfig = (signal?: AbortSignal) =>
  publicCall('/api/config', { method: 'GET', signal }, 'HTTP error');

/**
 * `POST /api/public/shop/order` (routes.publicOrder): reserve the cart. The Idempotency-Key is the checkout
 * attempt's: sent again on a retry, the server answers the order it already took instead of taking another.
 */
export const placePublicOrder = (body: unknown, idempotencyKey: string, fallback: string) =>
  publicCall(
    '/api/public/shop/order',
    { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } },
    fallback,
  );

/** `POST /api/public/shop/order/status` (routes.publicOrderStatus): where a reservation stands. */
export const publicOrderStatus = (
  body: { subdomain: string; order_number: string; email: string },
  fallback: string,
  signal?: AbortSignal,
) => publicCall('/api/public/shop/order/status', { method: 'POST', body, signal }, fallback);

/** `POST /api/public/shop/buylist` (routes.publicBuylist): a public shop's "We buy" page, its shares and hotlist. */
export const publicBuylist = (body: { subdomain: string; page: string }, fallback: string, signal?: AbortSignal) =>
  publicCall('/api/public/shop/buylist', { method: 'POST', body, signal }, fallback);
