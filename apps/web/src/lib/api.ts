import { messages, routePaths, type RouteName, type Routes } from '@cardstock/contract';
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

/** Sent on `window` when the server answers 503 with its maintenance sentence; `detail` is the sentence. */
export const MAINTENANCE_EVENT = 'cardstock:unavailable';

/** The server answered, but not with 2xx: `message` is the server's own sentence, or the fallback. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusText: string,
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
  if (!res.ok) {
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : fallback;
    // Maintenance mode: every screen says so in one place (the layout's banner), whatever the call was.
    // Only the server's maintenance answer: any other 503 (a proxy, a failing call) is that call's own error.
    if (res.status === 503 && message === messages.auth.maintenance)
      window.dispatchEvent(new CustomEvent(MAINTENANCE_EVENT, { detail: message }));
    throw new ApiError(res.status, message, res.statusText);
  }
  return data as AnswerOf<N>;
}

/** The text to show for a failed call: the server's message, or the spec's network text. */
export function errorText(err: unknown, networkText: string, otherText = networkText): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof NetworkError) return networkText;
  return otherText;
}
