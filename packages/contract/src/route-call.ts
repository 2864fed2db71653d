import type { z } from 'zod';
import { routes, type RouteDef, type RouteName, type Routes } from './routes.ts';

/**
 * A call of the route table by name, as the tests' clients make it (the API tests over fetch, the browser suite over
 * Playwright's `request`): one input object, put where the route takes it. Each client sends the request its own way;
 * this only says what goes on the wire, so the two never keep paths or token rules of their own.
 */

/** What a schema slot of a route accepts, or nothing when the route has no such slot. */
type SlotInput<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : unknown;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The input of a route: its body, query string and path parameters in one object. */
export type RouteCallInput<N extends RouteName> = Simplify<
  SlotInput<Routes[N], 'body'> & SlotInput<Routes[N], 'querystring'> & SlotInput<Routes[N], 'params'>
>;

/** The answer of a 2xx call: what the route's response schema gives. */
export type RouteCallOutput<N extends RouteName> = z.output<Routes[N]['response']>;

export interface RouteCallOptions {
  /** Session or device token: sent as the body's `token` when the route's body declares one, else as Bearer. */
  token?: string;
  headers?: Record<string, string>;
}

/** A call's arguments: its input (optional when the route needs none) and options. */
export type RouteCallArgs<N extends RouteName> =
  Record<string, never> extends RouteCallInput<N>
    ? [input?: RouteCallInput<N>, options?: RouteCallOptions]
    : [input: RouteCallInput<N>, options?: RouteCallOptions];

/** One call as it goes on the wire: `url` is the path with its parameters and query string. */
export interface RouteCallRequest {
  method: RouteDef['method'];
  url: string;
  /** The JSON body, or undefined when the call sends none. */
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

/** Whether the route's body schema has a `token` field: the spec's clients put the token there. */
function bodyTakesToken(name: RouteName): boolean {
  const body = (routes[name] as { body?: { shape?: Record<string, unknown> } }).body;
  return Boolean(body?.shape && 'token' in body.shape);
}

/**
 * The request of a call of route `name`: path parameters filled in from the input, the token where the route
 * carries it (unless the input already names one of the spec's token fields), the rest as the JSON body, or as the
 * query string for a route that has one (and for a GET).
 */
export function routeCallRequest<N extends RouteName>(
  name: N,
  input: RouteCallInput<N> | Record<string, unknown> = {},
  options: RouteCallOptions = {},
): RouteCallRequest {
  const def: RouteDef = routes[name];
  if (def.multipart) throw new Error(`${name} takes a multipart form, not a JSON body`);
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = def.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = rest[key];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${name}: path parameter ${key} is missing`);
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) {
    const inBody = bodyTakesToken(name) && !['token', 'auth_token', 'Authorization'].some((field) => field in rest);
    if (inBody) rest.token = options.token;
    else headers.authorization ??= `Bearer ${options.token}`;
  }
  const hasBody = def.body !== undefined;
  const hasQuery = def.querystring !== undefined;
  if (!hasQuery && (hasBody || (def.method !== 'GET' && Object.keys(rest).length > 0)))
    return { method: def.method, url: path, body: rest, headers };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  return { method: def.method, url: query.size ? `${path}?${query.toString()}` : path, body: undefined, headers };
}
