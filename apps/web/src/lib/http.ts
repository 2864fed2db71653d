/**
 * The web's one way to send a call and read its answer, under the app's client (api.ts) and the storefront's public
 * calls (public-api.ts, public-order-api.ts): send, read the JSON, turn a refusal into `ApiError`, the one error of
 * an answer that is not 2xx. Small on purpose: the storefront's entry carries it (its budget is 80 KB).
 */
import type { CodeCandidate, ErrorCode, ErrorResponse } from '@cardstock/contract';

type FieldIssue = NonNullable<ErrorResponse['errors']>[number];

/**
 * The server answered, but not with 2xx: `message` is the server's own sentence (or the caller's fallback when the
 * answer has none, e.g. a proxy's error page), `code` its kind when it sent one; clients decide by the code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusText: string,
    readonly code?: ErrorCode,
    /** What the refusal says of each field or line (`items.2` is the cart's third line), when it says it. */
    readonly errors: readonly FieldIssue[] = [],
    /** AMBIGUOUS_CODE from quick add: the printings the code may mean. */
    readonly candidates: readonly CodeCandidate[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A call's method and path, as the contract's route tables give them (`routePaths.teamList`). */
export type Route = readonly [method: string, path: string, ...rest: string[]];

export interface SendInit {
  /** Sent as JSON, with its Content-Type; none for a call without a body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The app's calls send their cookies to whichever host serves the API. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

/**
 * Sends one call to `url` (the route's path, filled in), its body as JSON.
 * @throws the fetch's own error when nothing answers or the call is cancelled (the app's client makes it a
 * `NetworkError`).
 */
export const send = (method: string, url: string, { body, headers, ...init }: SendInit = {}): Promise<Response> =>
  fetch(url, {
    ...init,
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const isFieldIssue = (value: unknown): value is FieldIssue =>
  typeof (value as FieldIssue | null)?.field === 'string' && typeof (value as FieldIssue).message === 'string';

/** The error of an answer that is not 2xx, from its `{ message, code, errors }`; `fallback` when it carries no sentence. */
export function refusalOf(status: number, statusText: string, data: unknown, fallback: string): ApiError {
  const { message, code, errors, candidates } = (data ?? {}) as Record<string, unknown>;
  return new ApiError(
    status,
    typeof message === 'string' && message ? message : fallback,
    statusText,
    typeof code === 'string' ? (code as ErrorCode) : undefined,
    Array.isArray(errors) ? errors.filter(isFieldIssue) : [],
    Array.isArray(candidates) ? (candidates as CodeCandidate[]) : [],
  );
}

/**
 * An answer's JSON (undefined when it is not JSON: a proxy's page, an empty body); an answer that is not 2xx is
 * thrown as `ApiError`, with the server's sentence or `fallback`.
 */
export async function answerOf(res: Response, fallback: string): Promise<unknown> {
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw refusalOf(res.status, res.statusText, data, fallback);
  return data;
}

/**
 * Calls a route by its method and path: the parsed answer of a 2xx (undefined when it is not JSON), else `ApiError`.
 * @throws the fetch's own error when nothing answers (or the call was cancelled).
 */
export const request = async (route: Route, init: SendInit, fallback: string): Promise<unknown> =>
  answerOf(await send(route[0], route[1], init), fallback);
