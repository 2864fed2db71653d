/**
 * The public storefront's calls, apart from the app's client (api.ts): the storefront is its
 * own document, and its entry stays without the route table and the session module (its bundle
 * budget is 80 KB). No token: the page is public. The cart's calls are in public-order-api.ts,
 * loaded with the chunks that make them.
 */

/** The server answered, but not with 2xx. */
export class PublicPageError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The answer's own sentence (`{ message }`), when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(`HTTP ${status}`);
  }
}

/** A refusal's `message`, when its body is the server's `{ message, code }`. */
async function messageOf(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/public/shop/inventory` (routes.publicInventory): one page of a public shop.
 * @returns the parsed answer, or undefined when a 2xx answer is not JSON.
 * @throws PublicPageError for a refusal; the fetch's own error when the network fails or the call is cancelled.
 */
export async function publicShopPage(
  body: { subdomain: string; page: string; q?: string; sort?: string },
  signal: AbortSignal,
): Promise<unknown> {
  const res = await fetch('/api/public/shop/inventory', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw new PublicPageError(res.status, res.statusText, await messageOf(res));
  try {
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/public/shop/sealed` (routes.publicSealed): a public shop's sealed products in stock.
 * @throws PublicPageError for a refusal; the fetch's own error when the network fails or the call is cancelled.
 */
export async function publicShopSealed(subdomain: string, signal: AbortSignal): Promise<unknown> {
  const res = await fetch('/api/public/shop/sealed', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ subdomain }),
    signal,
  });
  if (!res.ok) throw new PublicPageError(res.status, res.statusText);
  return (await res.json()) as unknown;
}
