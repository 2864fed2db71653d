import { routePaths, type RouteName, type Routes, type TokenPlace } from '@cardstock/contract';
import type { z } from 'zod';
import { answerOf, ApiError, refusalOf, send, type Route } from './http.ts';
import { authToken } from './session.ts';

export { ApiError } from './http.ts';

/** Where the call carries the session token (the contract's `routePaths`), if it carries one. */
const tokenPlace = (name: RouteName): TokenPlace | undefined =>
  (routePaths[name] as Route)[2] as TokenPlace | undefined;

/** The body field the call carries the token in, which screens leave out of its body. */
type TokenFieldOf<N extends RouteName> = (typeof routePaths)[N] extends readonly [string, string, infer P]
  ? Exclude<P & string, 'bearer'>
  : never;

type BodyOf<N extends RouteName> = Routes[N] extends { body: z.ZodType }
  ? Omit<z.input<Routes[N]['body']>, TokenFieldOf<N>>
  : never;
type QueryOf<N extends RouteName> = Routes[N] extends { querystring: z.ZodType }
  ? z.input<Routes[N]['querystring']>
  : never;
/** A multipart form's text fields without the session token (the client adds it), as the contract's `form` takes them. */
type FormOf<N extends RouteName> = Routes[N] extends { form: z.ZodType }
  ? Omit<z.input<Routes[N]['form']>, TokenFieldOf<N>>
  : never;
type ParamsOf<N extends RouteName> = Routes[N] extends { params: z.ZodType } ? z.input<Routes[N]['params']> : never;
type AnswerOf<N extends RouteName> = z.output<Routes[N]['response']>;

export interface CallInput<N extends RouteName> {
  /** The body without the session token: the client adds it where the call carries it. */
  body?: BodyOf<N>;
  query?: QueryOf<N>;
  params?: ParamsOf<N>;
  /** Extra request headers (an `Idempotency-Key`, say). */
  headers?: Record<string, string>;
  /**
   * The token to send instead of the session cookie's: a paired tablet's
   * device token (the kiosk), or a session's token kept past its cookie (logout).
   */
  token?: string;
  /** Cancels the call (the screen moved on); it then fails as a `NetworkError`. */
  signal?: AbortSignal;
}

/** Sent on `window` when the server answers that it is down for maintenance; `detail` is its sentence. */
export const MAINTENANCE_EVENT = 'cardstock:unavailable';

/**
 * Sent on `window` when a call made with the session cookie's token is answered 401: the session ended (logged out
 * elsewhere, expired, the member removed). The layout sends the visitor to log in again and back.
 */
export const SESSION_ENDED_EVENT = 'cardstock:session-ended';

/** Sent on `window` when the server answers that the caller's shop is suspended; `detail` is its sentence. */
export const SHOP_SUSPENDED_EVENT = 'cardstock:shop-suspended';

/** Whether a call carries the session cookie's token (not a tablet's token, not a login). */
const carriesSession = (name: RouteName, token?: string): boolean =>
  token === undefined && tokenPlace(name) !== undefined;

/** Path with its parameters filled in, and the query string. */
function urlOf<N extends RouteName>(name: N, input: CallInput<N>): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = routePaths[name][1].replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
  return input.query ? `${path}?${new URLSearchParams(input.query).toString()}` : path;
}

/** The token the call carries: the one given, else the session cookie's, read as the call starts. */
const tokenFor = <N extends RouteName>(input: CallInput<N>): string | undefined => input.token ?? authToken();

/** The Bearer header, for the calls that carry the token there. */
function bearerHeader(name: RouteName, token: string | undefined): Record<string, string> {
  return tokenPlace(name) === 'bearer' ? { Authorization: `Bearer ${token ?? ''}` } : {};
}

/** The body field the call carries the token in, if it carries it in its body. */
function bodyField(name: RouteName): string | undefined {
  const place = tokenPlace(name);
  return place === 'bearer' ? undefined : place;
}

/** No answer at all: the network or the server is down (or the call was cancelled). */
export class NetworkError extends Error {
  constructor() {
    super('No response from server');
    this.name = 'NetworkError';
  }
}

/** Sends one call as JSON: the token where the route carries it, cookies included. */
async function sendCall<N extends RouteName>(name: N, input: CallInput<N>): Promise<Response> {
  const token = tokenFor(input);
  const field = bodyField(name);
  try {
    return await send(routePaths[name][0], urlOf(name, input), {
      body: field ? { [field]: token, ...input.body } : input.body,
      credentials: 'include',
      headers: { ...bearerHeader(name, token), ...input.headers },
      signal: input.signal,
    });
  } catch {
    throw new NetworkError();
  }
}

/**
 * Tells the layout about a refusal where every screen says so in one place, whatever the call was: maintenance (known
 * by its code alone: any other 503, from a proxy or a service that is down, is that call's own error), a session that
 * ended, a suspended shop. Answers the error, to throw.
 */
function announced<E>(err: E, session: boolean): E {
  if (!(err instanceof ApiError)) return err;
  const { code, message, status } = err;
  if (code === 'MAINTENANCE') window.dispatchEvent(new CustomEvent(MAINTENANCE_EVENT, { detail: message }));
  if (status === 401 && session) window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: message }));
  if (code === 'SHOP_SUSPENDED') window.dispatchEvent(new CustomEvent(SHOP_SUSPENDED_EVENT, { detail: message }));
  return err;
}

/** An answer's JSON; a refusal is thrown as `ApiError` (with `fallback` when it carries no sentence), told the layout. */
const answered = (res: Response, fallback: string, name: RouteName, token?: string) =>
  answerOf(res, fallback).catch((err: unknown) => {
    throw announced(err, carriesSession(name, token));
  });

/**
 * Calls one route of the contract by name, with its typed body and answer.
 * `fallback` is the message to use when a refusal carries none.
 */
export async function call<N extends RouteName>(
  name: N,
  input: CallInput<N> = {},
  fallback = 'Request failed',
): Promise<AnswerOf<N>> {
  return (await answered(await sendCall(name, input), fallback, name, input.token)) as AnswerOf<N>;
}

/**
 * Calls a route that answers a file and saves it under the name the server
 * gives it (Content-Disposition), else `fallbackName`; answers that name.
 * Files behind a token cannot be plain links.
 */
export async function download<N extends RouteName>(
  name: N,
  input: CallInput<N>,
  fallbackName: string,
): Promise<string> {
  const res = await sendCall(name, input);
  if (!res.ok) await answered(res, res.statusText, name, input.token);
  const file = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: file });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return file;
}

/**
 * Sends a file as a multipart form: the session token first where the route
 * carries it in the body, then `fields`, then the file (if any) as `file`. It goes with
 * XMLHttpRequest, which (unlike fetch) reports the upload's progress:
 * `onProgress` gets the fraction sent.
 */
export function upload<N extends RouteName>(
  name: N,
  form: { fields?: FormOf<N>; file?: File },
  onProgress: (fraction: number) => void,
): Promise<AnswerOf<N>> {
  const data = new FormData();
  const field = bodyField(name);
  const token = authToken();
  if (field) data.set(field, token ?? '');
  // A form's fields are text: its schema's input (a field left out is not sent).
  for (const [key, value] of Object.entries(form.fields ?? {}) as [string, string | undefined][])
    if (value !== undefined) data.set(key, value);
  if (form.file) data.set('file', form.file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routePaths[name][0], urlOf(name, {}));
    xhr.withCredentials = true;
    for (const [header, value] of Object.entries(bearerHeader(name, token))) xhr.setRequestHeader(header, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer !== undefined) resolve(answer as AnswerOf<N>);
      else reject(announced(refusalOf(xhr.status, xhr.statusText, answer, xhr.statusText), carriesSession(name)));
    };
    xhr.send(data);
  });
}

/** The text to show for a failed call: the server's message, or the spec's network text. */
export function errorText(err: unknown, networkText: string, otherText = networkText): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof NetworkError) return networkText;
  return otherText;
}
