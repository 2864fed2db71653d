import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes, type RouteName } from '@cardstock/contract';
import { ApiError, call, MAINTENANCE_EVENT, NetworkError } from './api.ts';

let cookieToken: string | undefined;
vi.mock('./session.ts', () => ({ authToken: () => cookieToken }));

/** What the client handed to fetch, one entry per call. */
let sent: { url: string; init: RequestInit }[];
let answer: () => Response;

beforeEach(() => {
  cookieToken = 'session-token';
  sent = [];
  answer = () => Response.json({ message: 'ok' });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
});
afterEach(() => vi.unstubAllGlobals());

const last = () => sent.at(-1)!;
const bodyOf = () => last().init.body as string | undefined;

describe('the web client puts the session token where each call carries it', () => {
  it('in the body field the call shape names, first, as JSON', async () => {
    await call('inventoryList', { body: { page: '2', filter: '' } });
    expect(bodyOf()).toBe('{"Authorization":"session-token","page":"2","filter":""}');
    expect(last().init.headers).toEqual({ 'Content-Type': 'application/json' });
    await call('createDeviceCode', { body: { device_name: 'Till 1' } });
    expect(bodyOf()).toBe('{"auth_token":"session-token","device_name":"Till 1"}');
    await call('teamList');
    expect(bodyOf()).toBe('{"token":"session-token"}');
    expect(last()).toMatchObject({ url: '/api/team/list', init: { method: 'POST', credentials: 'include' } });
  });

  it('leaves it out of the body when there is no session, as JSON would', async () => {
    cookieToken = undefined;
    await call('orderHistory');
    expect(bodyOf()).toBe('{}');
  });

  it('as Authorization: Bearer for the admin area, billing and the shop home, beside the headers given', async () => {
    await call('adminStore', { params: { id: 7 } });
    expect(last().url).toBe('/api/admin/stores/7');
    expect(last().init).toMatchObject({ method: 'GET', headers: { Authorization: 'Bearer session-token' } });
    expect(bodyOf()).toBeUndefined();
    await call('billingCancel', { headers: { 'Content-Type': 'application/json' } });
    expect(last().init.headers).toEqual({
      Authorization: 'Bearer session-token',
      'Content-Type': 'application/json',
    });
    await call('shopWebsiteInventory', { body: { shopname: 'Owl', page: '1', filter: '' } });
    expect(bodyOf()).toBe('{"shopname":"Owl","page":"1","filter":""}');
    expect(last().init.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer session-token',
    });
  });

  it('sends a token it is given instead of the cookie’s (a kiosk’s device token)', async () => {
    await call('search', { body: { q: '*', scope: 'shop' }, token: 'device-token' });
    expect(bodyOf()).toBe('{"token":"device-token","q":"*","scope":"shop"}');
  });

  it('sends no token on calls that take none', async () => {
    await call('login', { body: { email: 'a@b.co', password: 'pw', turnstileToken: 't' } });
    expect(bodyOf()).toBe('{"email":"a@b.co","password":"pw","turnstileToken":"t"}');
    expect(last().init.headers).toEqual({ 'Content-Type': 'application/json' });
  });
});

describe('every call that needs a session (or a tablet’s token) sends one', () => {
  // A session route missing from the contract's token places went out without its token: "Please log in to continue".
  const sessionRoutes = (Object.keys(routes) as RouteName[]).filter((name) =>
    ['session', 'admin', 'device'].includes(routes[name].auth),
  );
  it.each(sessionRoutes)('%s', async (name) => {
    // Path parameters are filled with a placeholder: only where the token goes matters here.
    const params = Object.fromEntries([...routes[name].path.matchAll(/:(\w+)/g)].map(([, key]) => [key!, '1']));
    await (call as (n: RouteName, input: object) => Promise<unknown>)(name, { body: {}, params });
    const headers = (last().init.headers ?? {}) as Record<string, string>;
    const carried = headers.Authorization === 'Bearer session-token' || (bodyOf() ?? '').includes('"session-token"');
    expect(carried, `${name} sent no session token`).toBe(true);
  });
});

describe('refusals', () => {
  it('carry the status, the server’s sentence and its code', async () => {
    answer = () => Response.json({ message: 'Not logged in', code: 'UNAUTHORIZED' }, { status: 401 });
    const err = await call('teamList').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Not logged in', code: 'UNAUTHORIZED' });
  });

  it('use the fallback sentence when the answer has none', async () => {
    answer = () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const err = await call('teamList', {}, 'Could not load the team').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, message: 'Could not load the team', code: undefined });
  });

  it('tell the layout about maintenance by the code, whatever the sentence; any other 503 is the call’s own', async () => {
    const heard: unknown[] = [];
    window.addEventListener(MAINTENANCE_EVENT, (e) => heard.push((e as CustomEvent<string>).detail));
    answer = () => Response.json({ message: 'Back soon, reworded.', code: 'MAINTENANCE' }, { status: 503 });
    await expect(call('teamList')).rejects.toMatchObject({ code: 'MAINTENANCE' });
    answer = () => Response.json({ message: 'Payments are unavailable.', code: 'UNAVAILABLE' }, { status: 503 });
    await expect(call('billingUpgrade')).rejects.toBeInstanceOf(ApiError);
    expect(heard).toEqual(['Back soon, reworded.']);
  });

  it('are a NetworkError when nothing answers', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call('teamList')).rejects.toBeInstanceOf(NetworkError);
  });
});
