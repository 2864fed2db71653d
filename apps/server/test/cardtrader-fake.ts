import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface CardTraderRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface CardTraderAccount {
  /** The app's name, as GET /info answers it (`<user> App <date>` on CardTrader). */
  name: string;
  userId: number;
}

export interface CardTraderFake {
  url: string;
  requests: CardTraderRequest[];
  /** A token CardTrader accepts, naming `account`. */
  issue(token: string, account: CardTraderAccount): void;
  /** The account holder revokes a token: from now on it is refused with 401. */
  revoke(token: string): void;
  /** The next `times` requests to `path` answer `status` (429 with CardTrader's rate-limit body, others its error). */
  fail(path: string, status: number, times?: number): void;
  /** Every answer waits `ms` first (0: none). */
  slow(ms: number): void;
  close(): Promise<void>;
}

/** CardTrader's error body (its API reference, "Errors"). */
const ctError = (code: string, message: string) => ({
  error_code: code,
  errors: [],
  extra: { message },
  request_id: randomUUID(),
});

/**
 * A local stand-in for CardTrader's REST API v2 (issue 42), speaking its documented wire for the calls Cardstock
 * makes: bearer tokens, `GET /info`, its error body (401 `unauthorized`, 404 `not_found`), and the rate limit's
 * own body on 429. Faults on demand: a revoked token, a status for the next calls to a path, slow answers.
 */
export async function startCardTraderFake(): Promise<CardTraderFake> {
  const requests: CardTraderRequest[] = [];
  const accounts = new Map<string, CardTraderAccount & { id: number }>();
  const failures = new Map<string, { status: number; times: number }>();
  let delayMs = 0;

  function answer(method: string, path: string, token: string): [number, unknown] {
    const account = accounts.get(token);
    if (!account) return [401, ctError('unauthorized', 'You are not authorized to access this page')];
    if (method === 'GET' && path === '/info')
      return [
        200,
        { id: account.id, name: account.name, shared_secret: 'fake-shared-secret', user_id: account.userId },
      ];
    return [404, ctError('not_found', `No route matches ${method} ${path}`)];
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://cardtrader.test');
      const method = req.method ?? 'GET';
      // Served under /api/v2 as CardTrader is, so the base URL's path is part of what is tested.
      const path = url.pathname.replace(/^\/api\/v2/, '');
      const authorization = req.headers.authorization;
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      requests.push({ method, path, authorization, body });
      const send = (status: number, value: unknown) =>
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        }, delayMs);
      const failure = failures.get(path);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        if (failure.status === 429) return send(429, { error: 'Too many requests: max 200 requests per 10 seconds' });
        return send(failure.status, ctError('internal_server_error', 'Something went wrong'));
      }
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
      const [status, value] = answer(method, path, token);
      send(status, value);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    requests,
    issue: (token, account) => accounts.set(token, { ...account, id: accounts.size + 1 }),
    revoke: (token) => accounts.delete(token),
    fail: (path, status, times = 1) => failures.set(path, { status, times }),
    slow: (ms) => (delayMs = ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
