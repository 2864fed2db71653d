import {
  routeCallRequest,
  type RouteCallArgs,
  type RouteCallInput,
  type RouteCallOptions,
  type RouteCallOutput,
  type ErrorResponse,
  type RouteName,
} from '@cardstock/contract';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/**
 * A typed client of the route table for the int tests: `api(server, shop).call('inventoryAdd', input)`
 * picks the route's method and path from the contract, types the input from its body, query and path
 * schemas and the answer from its response schema. It goes through real HTTP (`server.request`), which
 * stays the way to send raw or malformed bodies.
 */

/** The input of a route: its body, query string and path parameters in one object. */
export type CallInput<N extends RouteName> = RouteCallInput<N>;

/** The answer of a 2xx call: what the route's response schema gives. */
export type CallOutput<N extends RouteName> = RouteCallOutput<N>;

/** Every refusal's body (lib/error-handler.ts): the message, and field issues for a validation failure. */
export interface ApiError {
  message: string;
  errors?: { field: string; message: string }[];
  code?: string;
  candidates?: ErrorResponse['candidates'];
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

export type CallOptions = RouteCallOptions;

type Args<N extends RouteName> = RouteCallArgs<N>;

/** Calls route `name` of the contract on `server` over HTTP. */
export async function call<N extends RouteName>(server: TestServer, name: N, ...args: Args<N>): Promise<ApiResult<N>> {
  const [input, options] = args;
  const { method, url, body, headers } = routeCallRequest(name, input, options);
  const res = await server.request(method, url, body, headers);
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
