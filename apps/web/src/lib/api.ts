import { routePaths, type ErrorCode, type RouteName, type Routes } from '@cardstock/contract';
import type { z } from 'zod';

type BodyOf<N extends RouteName> = Routes[N] extends { body: z.ZodType } ? z.input<Routes[N]['body']> : never;
type QueryOf<N extends RouteName> = Routes[N] extends { querystring: z.ZodType }
  ? z.input<Routes[N]['querystring']>
  : never;
type ParamsOf<N extends RouteName> = Routes[N] extends { params: z.ZodType } ? z.input<Routes[N]['params']> : never;
type AnswerOf<N extends RouteName> = z.output<Routes[N]['response']>;

export interface CallInput<N extends RouteName> {
  body?: BodyOf<N>;
  query?: QueryOf<N>;
  params?: ParamsOf<N>;
  /** Extra request headers (an `Idempotency-Key`, say). */
  headers?: Record<string, string>;
}

/** Sent on `window` when the server answers that it is down for maintenance; `detail` is its sentence. */
export const MAINTENANCE_EVENT = 'cardstock:unavailable';

/** The server answered, but not with 2xx: `message` is the server's own sentence (or the fallback), `code` its kind. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusText: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No answer at all: the network or the server is down. */
export class NetworkError extends Error {
  constructor() {
    super('No response from server');
    this.name = 'NetworkError';
  }
}

/**
 * The error of an answer that is not 2xx, from its `{ message, code }`.
 * The server's maintenance answer also tells the layout, so every screen says
 * so in one place whatever the call was; it is known by its code alone (any
 * other 503, from a proxy or a service that is down, is that call's own error).
 */
function refusal(status: number, statusText: string, data: unknown, fallback: string): ApiError {
  const answer = (typeof data === 'object' && data !== null ? data : {}) as { message?: unknown; code?: unknown };
  const message = typeof answer.message === 'string' ? answer.message : fallback;
  const code = typeof answer.code === 'string' ? (answer.code as ErrorCode) : undefined;
  if (code === 'MAINTENANCE') window.dispatchEvent(new CustomEvent(MAINTENANCE_EVENT, { detail: message }));
  return new ApiError(status, message, statusText, code);
}

/**
 * Calls one route of the contract by name, with its typed body and answer.
 * `fallback` is the message to use when a refusal carries none.
 */
export async function call<N extends RouteName>(
  name: N,
  input: CallInput<N> = {},
  fallback = 'Request failed',
): Promise<AnswerOf<N>> {
  const [method, routePath] = routePaths[name];
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const params = (input.params ?? {}) as Record<string, string>;
  const path = routePath.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
  let res: Response;
  try {
    res = await fetch(path + query, {
      method,
      credentials: 'include',
      headers: {
        ...(input.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...input.headers,
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
  } catch {
    throw new NetworkError();
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw refusal(res.status, res.statusText, data, fallback);
  return data as AnswerOf<N>;
}

/** The text to show for a failed call: the server's message, or the spec's network text. */
export function errorText(err: unknown, networkText: string, otherText = networkText): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof NetworkError) return networkText;
  return otherText;
}
