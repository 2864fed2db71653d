import { routes, type RouteName, type Routes } from '@cardstock/contract';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestServer } from './harness.ts';

/**
 * A typed client of the route table for the int tests: `api(server, shop).call('inventoryAdd', input)`
 * picks the route's method and path from the contract, types the input from its body, query and path
 * schemas and the answer from its response schema. It goes through real HTTP (`server.request`), which
 * stays the way to send raw or malformed bodies.
 */

/** What a schema slot of a route accepts, or nothing when the route has no such slot. */
type SlotInput<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : unknown;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The input of a route: its body, query string and path parameters in one object. */
export type CallInput<N extends RouteName> = Simplify<
  SlotInput<Routes[N], 'body'> & SlotInput<Routes[N], 'querystring'> & SlotInput<Routes[N], 'params'>
>;

/** The answer of a 2xx call: what the route's response schema gives. */
export type CallOutput<N extends RouteName> = z.output<Routes[N]['response']>;

/** Every refusal's body (lib/error-handler.ts): the message, and field issues for a validation failure. */
export interface ApiError {
  message: string;
  errors?: { field: string; message: string }[];
  code?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  /** The raw text of the answer (CSV and PDF files, HTML). */
  text: string;
}
export type ApiOk<N extends RouteName> = Answer & { ok: true; body: CallOutput<N> };
export type ApiFailure = Answer & { ok: false; body: ApiError };
export type ApiResult<N extends RouteName> = ApiOk<N> | ApiFailure;

export interface CallOptions {
  /** Session or device token: sent as the body's `token` when the route's body declares one, else as Bearer. */
  token?: string;
  headers?: Record<string, string>;
}

type Args<N extends RouteName> =
  Record<string, never> extends CallInput<N>
    ? [input?: CallInput<N>, options?: CallOptions]
    : [input: CallInput<N>, options?: CallOptions];

/** Whether the route's body schema has a `token` field: the spec's clients put the token there. */
function bodyTakesToken(name: RouteName): boolean {
  const body = (routes[name] as { body?: { shape?: Record<string, unknown> } }).body;
  return Boolean(body?.shape && 'token' in body.shape);
}

/** Calls route `name` of the contract on `server` over HTTP. */
export async function call<N extends RouteName>(server: TestServer, name: N, ...args: Args<N>): Promise<ApiResult<N>> {
  const [input = {}, options = {}] = args as [Record<string, unknown>?, CallOptions?];
  const def = routes[name];
  if ('multipart' in def && def.multipart) throw new Error(`${name} takes a multipart form: send it with fetch`);
  const rest: Record<string, unknown> = { ...input };
  const path = def.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = rest[key];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${name}: path parameter ${key} is missing`);
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  const headers: Record<string, string> = { ...options.headers };
  const hasBody = 'body' in def && def.body !== undefined;
  if (options.token !== undefined) {
    const inBody = bodyTakesToken(name) && !['token', 'auth_token', 'Authorization'].some((field) => field in rest);
    if (inBody) rest.token = options.token;
    else headers.authorization ??= `Bearer ${options.token}`;
  }
  let url = path;
  let body: unknown = undefined;
  const hasQuery = 'querystring' in def && def.querystring !== undefined;
  if (!hasQuery && (hasBody || (def.method !== 'GET' && Object.keys(rest).length > 0))) body = rest;
  else {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
    }
    if (query.size) url += `?${query.toString()}`;
  }
  const res = await server.request(def.method, url, body, headers);
  // The body is what the server sent, unchecked: the route's response schema when 2xx, an ApiError otherwise.
  return {
    ok: res.status >= 200 && res.status < 300,
    status: res.status,
    headers: res.headers,
    text: res.text,
    body: res.body,
  };
}

/** A client bound to a server and a caller (a token, or anything with one: a shop, a member). */
export function api(server: TestServer, who?: string | { token: string }) {
  const token = typeof who === 'string' ? who : who?.token;
  return {
    call<N extends RouteName>(name: N, ...args: Args<N>): Promise<ApiResult<N>> {
      const [input, options] = args;
      return call(server, name, ...([input, { token, ...options }] as Args<N>));
    },
  };
}
export type Api = ReturnType<typeof api>;

/** Asserts the call answered `status` (200 unless told) and narrows it to its route's answer. */
export function expectOk<N extends RouteName>(res: ApiResult<N>, status = 200): asserts res is ApiOk<N> {
  expect(res.status, res.text).toBe(status);
}

/** Asserts the call was refused with `status` and narrows it to the error shape. */
export function expectError<N extends RouteName>(res: ApiResult<N>, status: number): asserts res is ApiFailure {
  expect(res.status, res.text).toBe(status);
}

/**
 * The body of a call that must have succeeded: 200, the one success status of the route table
 * (lib/route.ts); fails the test with the answer otherwise.
 */
export function bodyOf<N extends RouteName>(res: ApiResult<N>): CallOutput<N> {
  if (res.status !== 200 || !res.ok) expect.fail(`expected a 200 answer, got ${res.status}: ${res.text}`);
  return res.body;
}
