import { routePaths, type ErrorCode, type RouteName, type Routes } from '@cardstock/contract';
import type { z } from 'zod';
import { authToken } from './session.ts';

/**
 * The body field each call carries the session token in, as the spec's
 * clients send it (the server reads any of them, and the Bearer header).
 * The client fills it in: screens never pass the token.
 */
const bodyTokenField = {
  logout: 'token',
  feedback: 'token',
  inventoryList: 'Authorization',
  inventoryAdd: 'token',
  inventoryEdit: 'token',
  inventoryReprice: 'token',
  inventoryPriceChanges: 'token',
  inventoryPriceChangesKeep: 'token',
  inventoryDeleteAll: 'token',
  inventoryExport: 'auth_token',
  // A multipart form: the token is its first field.
  inventoryImport: 'token',
  inventoryImportProgress: 'token',
  settingsGet: 'token',
  settingsSave: 'token',
  statsSummary: 'token',
  statsTotalCards: 'token',
  statsInventoryValue: 'token',
  shopActivity: 'token',
  statsLowStock: 'token',
  statsOrdersOverTime: 'token',
  statsTopSelling: 'token',
  statsLatestSold: 'token',
  statsBuysOverTime: 'token',
  customersSearch: 'token',
  customersGet: 'token',
  customersCreate: 'token',
  customersUpdate: 'token',
  customersAdjust: 'token',
  teamList: 'token',
  teamInvite: 'token',
  teamUpdateRole: 'token',
  teamRemove: 'token',
  createDeviceCode: 'auth_token',
  devices: 'token',
  removeDevice: 'token',
  deviceSession: 'token',
  placeOrder: 'token',
  pendingOrders: 'token',
  confirmOrder: 'token',
  rejectOrder: 'token',
  pickedUpOrder: 'token',
  noShowOrder: 'token',
  orderHistory: 'token',
  expiredOrders: 'token',
  rejectedOrders: 'token',
  sealedList: 'token',
  sealedAdd: 'token',
  sealedEdit: 'token',
  sealedDelete: 'token',
  search: 'token',
  shopSuggest: 'token',
  buylistOffer: 'token',
  buylistSubmit: 'token',
  buylistPending: 'token',
  buylistHistory: 'token',
  buylistGrade: 'token',
  buylistAccept: 'token',
  buylistReject: 'token',
  buylistRules: 'token',
  buylistRulesUpdate: 'token',
  buylistCards: 'token',
  buylistCardSet: 'token',
  buylistCardRemove: 'token',
} as const satisfies Partial<Record<RouteName, 'token' | 'auth_token' | 'Authorization'>>;

type TokenFieldOf<N extends RouteName> = N extends keyof typeof bodyTokenField ? (typeof bodyTokenField)[N] : never;

/** The calls that carry the session token as `Authorization: Bearer` instead: the admin area, billing, two reads. */
const sendsBearer = (name: RouteName): boolean =>
  name.startsWith('admin') || name.startsWith('billing') || name === 'shopWebsiteInventory' || name === 'shopExport';

type BodyOf<N extends RouteName> = Routes[N] extends { body: z.ZodType }
  ? Omit<z.input<Routes[N]['body']>, TokenFieldOf<N>>
  : never;
type QueryOf<N extends RouteName> = Routes[N] extends { querystring: z.ZodType }
  ? z.input<Routes[N]['querystring']>
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
const carriesSession = <N extends RouteName>(name: N, token?: string): boolean =>
  token === undefined && (name in bodyTokenField || sendsBearer(name));

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

/** No answer at all: the network or the server is down (or the call was cancelled). */
export class NetworkError extends Error {
  constructor() {
    super('No response from server');
    this.name = 'NetworkError';
  }
}

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
  return sendsBearer(name) ? { Authorization: `Bearer ${token ?? ''}` } : {};
}

/** Sends one call as JSON: the token where the route carries it, cookies included. */
async function send<N extends RouteName>(name: N, input: CallInput<N>): Promise<Response> {
  const token = tokenFor(input);
  const field = (bodyTokenField as Partial<Record<RouteName, string>>)[name];
  const body: object | undefined = field ? { [field]: token, ...input.body } : input.body;
  try {
    return await fetch(urlOf(name, input), {
      method: routePaths[name][0],
      credentials: 'include',
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...bearerHeader(name, token),
        ...input.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: input.signal,
    });
  } catch {
    throw new NetworkError();
  }
}

/**
 * The error of an answer that is not 2xx, from its `{ message, code }`.
 * The server's maintenance answer also tells the layout, so every screen says
 * so in one place whatever the call was; it is known by its code alone (any
 * other 503, from a proxy or a service that is down, is that call's own error).
 */
function refusal(status: number, statusText: string, data: unknown, fallback: string, session: boolean): ApiError {
  const answer = (typeof data === 'object' && data !== null ? data : {}) as { message?: unknown; code?: unknown };
  const message = typeof answer.message === 'string' ? answer.message : fallback;
  const code = typeof answer.code === 'string' ? (answer.code as ErrorCode) : undefined;
  if (code === 'MAINTENANCE') window.dispatchEvent(new CustomEvent(MAINTENANCE_EVENT, { detail: message }));
  if (status === 401 && session) window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: message }));
  if (code === 'SHOP_SUSPENDED') window.dispatchEvent(new CustomEvent(SHOP_SUSPENDED_EVENT, { detail: message }));
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
  const res = await send(name, input);
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw refusal(res.status, res.statusText, data, fallback, carriesSession(name, input.token));
  return data as AnswerOf<N>;
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
  const res = await send(name, input);
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => undefined);
    throw refusal(res.status, res.statusText, data, res.statusText, carriesSession(name, input.token));
  }
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
  form: { fields?: Record<string, string>; file?: File },
  onProgress: (fraction: number) => void,
): Promise<AnswerOf<N>> {
  const data = new FormData();
  const field = (bodyTokenField as Partial<Record<RouteName, string>>)[name];
  const token = authToken();
  if (field) data.set(field, token ?? '');
  for (const [key, value] of Object.entries(form.fields ?? {})) data.set(key, value);
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
      else reject(refusal(xhr.status, xhr.statusText, answer, xhr.statusText, carriesSession(name)));
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
