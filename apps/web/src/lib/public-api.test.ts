import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@cardstock/contract';
import { ApiError } from './http.ts';
import { publicShopPage, publicShopSealed } from './public-api.ts';
import { placePublicOrder, publicBuylist, publicConfig, publicOrderStatus } from './public-order-api.ts';

/** What the storefront's calls handed to fetch, one entry per call. */
let sent: { url: string; init: RequestInit }[];
let answer: () => Response;
const signal = new AbortController().signal;

beforeEach(() => {
  sent = [];
  answer = () => Response.json({ ok: true });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
});
afterEach(() => vi.unstubAllGlobals());

const last = () => sent.at(-1)!;

describe('the storefront’s calls go to the contract’s routes', () => {
  it('each with its method and path, a JSON body where it has one, no token and no credentials asked for', async () => {
    await publicShopPage({ subdomain: 'owl', page: '2', q: 'bolt' }, signal);
    expect(last()).toMatchObject({ url: routes.publicInventory.path, init: { method: 'POST', signal } });
    expect(last().init.body).toBe('{"subdomain":"owl","page":"2","q":"bolt"}');
    expect(last().init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(last().init.credentials).toBeUndefined();
    await publicShopSealed('owl', signal);
    expect(last()).toMatchObject({
      url: routes.publicSealed.path,
      init: { method: 'POST', body: '{"subdomain":"owl"}' },
    });
    await publicConfig();
    expect(last()).toMatchObject({ url: routes.publicConfig.path, init: { method: 'GET' } });
    expect(last().init.body).toBeUndefined();
    expect(last().init.headers).toBeUndefined();
    await publicOrderStatus({ subdomain: 'owl', order_number: 'R1', email: 'a@b.co' }, 'failed');
    expect(last().url).toBe(routes.publicOrderStatus.path);
    await publicBuylist({ subdomain: 'owl', page: '1' }, 'failed');
    expect(last().url).toBe(routes.publicBuylist.path);
  });

  it('a reservation with its Idempotency-Key beside the JSON', async () => {
    await placePublicOrder({ subdomain: 'owl' }, 'key-1', 'failed');
    expect(last()).toMatchObject({
      url: routes.publicOrder.path,
      init: { method: 'POST', body: '{"subdomain":"owl"}' },
    });
    expect(last().init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' });
  });

  it('answer the parsed JSON of a 2xx, and undefined when it is not JSON', async () => {
    await expect(publicShopPage({ subdomain: 'owl', page: '1' }, signal)).resolves.toEqual({ ok: true });
    answer = () => new Response('<html></html>');
    await expect(publicShopPage({ subdomain: 'owl', page: '1' }, signal)).resolves.toBeUndefined();
  });
});

describe('their refusals are the one ApiError', () => {
  it('with the status, the server’s sentence, its code and what it says of each line', async () => {
    const short = { field: 'items.1', message: 'Lightning Bolt: only 1 left' };
    answer = () =>
      Response.json(
        { message: 'Lightning Bolt: only 1 left', code: 'OUT_OF_STOCK', errors: [short, { field: 3 }] },
        { status: 409 },
      );
    const err = await placePublicOrder({}, 'key', 'failed').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    // A malformed entry is left out, not trusted.
    expect(err).toMatchObject({ status: 409, message: 'Lightning Bolt: only 1 left', code: 'OUT_OF_STOCK' });
    expect((err as ApiError).errors).toEqual([short]);
  });

  it('with the caller’s fallback (empty for a shop page) and the status text when the answer has no sentence', async () => {
    answer = () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(publicBuylist({ subdomain: 'owl', page: '1' }, 'Could not load')).rejects.toMatchObject({
      status: 502,
      message: 'Could not load',
      code: undefined,
      errors: [],
    });
    await expect(publicShopPage({ subdomain: 'owl', page: '1' }, signal)).rejects.toMatchObject({
      status: 502,
      statusText: 'Bad Gateway',
      message: '',
    });
  });

  it('and no answer at all is the fetch’s own error, as the screens expect', async () => {
    const down = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', () => Promise.reject(down));
    await expect(publicOrderStatus({ subdomain: 'o', order_number: 'R', email: 'e' }, 'x')).rejects.toBe(down);
  });
});
