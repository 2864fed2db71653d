import {
  routeCallRequest,
  routes,
  type ErrorResponse,
  type RouteCallArgs,
  type RouteCallOutput,
  type RouteName,
} from '@cardstock/contract';
import { expect, type APIRequestContext, type APIResponse, type Request, type Response } from '@playwright/test';

/**
 * The browser suite's client of the route table: the API tests' client (apps/server/test/client.ts) over Playwright's
 * `request`. `api(request, account).call('inventoryAdd', input)` takes the route's method and path from the contract,
 * puts the token where the route carries it, types the input from the route's schemas and the answer from its
 * response schema. A call goes to the request context's server (its `baseURL`); a server of a test's own has a
 * context of its own (`startOwnServer`'s `request`).
 */

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The raw text of the answer. */
  text: string;
}
type ApiOk<N extends RouteName> = Answer & { ok: true; body: RouteCallOutput<N> };
type ApiFailure = Answer & { ok: false; body: ErrorResponse };
export type ApiResult<N extends RouteName> = ApiOk<N> | ApiFailure;

/** A file field of a multipart form, as Playwright sends it. */
interface FormFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The routes that take a multipart form (a file upload) instead of a JSON body. */
type UploadRoute = { [N in RouteName]: (typeof routes)[N] extends { multipart: true } ? N : never }[RouteName];

async function answerOf<N extends RouteName>(res: APIResponse): Promise<ApiResult<N>> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  // The body is what the server sent, unchecked: the route's response schema when 2xx, the error shape otherwise.
  return { ok: res.ok(), status: res.status(), headers: res.headers(), text, body } as ApiResult<N>;
}

/** A client on `request`'s server for a caller: a token, or anything with one (an account), or nobody. */
export function api(request: APIRequestContext, who?: string | { token: string }) {
  const token = typeof who === 'string' ? who : who?.token;
  return {
    /** Calls route `name` with its typed input; never throws on a refusal (see `bodyOf`, `expectStatus`). */
    async call<N extends RouteName>(name: N, ...args: RouteCallArgs<N>): Promise<ApiResult<N>> {
      const [input, options] = args;
      const { method, url, body, headers } = routeCallRequest(name, input, { token, ...options });
      return answerOf<N>(await request.fetch(url, { method, headers, data: body }));
    },
    /** Sends a multipart route's form, the token first as the web's Mass Upload does. */
    async upload<N extends UploadRoute>(name: N, form: Record<string, string | FormFile>): Promise<ApiResult<N>> {
      const { method, path } = routes[name];
      return answerOf<N>(await request.fetch(path, { method, multipart: { ...(token ? { token } : {}), ...form } }));
    },
  };
}

/** The body of a call that must have succeeded (200); fails the test with the server's answer otherwise. */
export function bodyOf<N extends RouteName>(res: ApiResult<N>): RouteCallOutput<N> {
  expect(res.status, res.text).toBe(200);
  return (res as ApiOk<N>).body;
}

/** Asserts the call was refused with `status` and narrows it to the error shape. */
export function expectStatus<N extends RouteName>(res: ApiResult<N>, status: number): asserts res is ApiFailure {
  expect(res.status, res.text).toBe(status);
}

/** The path of route `name`, its parameters filled in. */
function pathOf(name: RouteName, params: Record<string, string | number> = {}): string {
  return routes[name].path.replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}

/** A glob of route `name`'s address, for `page.route`, `page.waitForRequest` and `page.waitForResponse`. */
export const urlOf = (name: RouteName, params?: Record<string, string | number>) => `**${pathOf(name, params)}`;

/** The routes of the table under `tag` (billing, team…): what a screen of that domain may call. */
export const routesTagged = (tag: string): RouteName[] =>
  (Object.keys(routes) as RouteName[]).filter((name) => (routes[name].tags as readonly string[]).includes(tag));

const pathPattern = (name: RouteName) => new RegExp(`^${routes[name].path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);

/** Whether a browser request (or the request of a response) calls one of the routes named: its method and path. */
export function isCall(message: Request | Response, ...names: RouteName[]): boolean {
  const request = 'request' in message ? message.request() : message;
  const { pathname } = new URL(request.url());
  return names.some((name) => routes[name].method === request.method() && pathPattern(name).test(pathname));
}
