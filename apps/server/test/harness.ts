import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';

export type TestEngine = 'sqlite' | 'postgres';
export const testEngine: TestEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** What a production server needs set beside its database: the environment of tests that start one. */
export const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cardstock.example',
  SMTP_URL: 'smtp://127.0.0.1:9',
  CAPTCHA_MODE: 'turnstile',
  TURNSTILE_SITE_KEY: 'site',
  TURNSTILE_SECRET_KEY: 'secret',
};

export interface TestServer {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** The environment that points another process (the CLI) at this server's database. */
  databaseEnv: Record<string, string>;
  /** POST/GET JSON to the server over real HTTP; never throws on 4xx/5xx. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary answers
  text: string;
}

/** A database of its own for each test file: a temp SQLite file, or a fresh PostgreSQL database. */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (testEngine === 'sqlite') return { drop: async () => {} };
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cardstock_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startServer(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-test-'));
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CAPTCHA_MODE: 'test',
    DEMO: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // No test talks to the internet: a test that needs CardTrader starts its stand-in (cardtrader-fake.ts).
    CARDTRADER_API_URL: 'http://127.0.0.1:9/api/v2',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const { app, ctx } = await buildApp(config, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    app,
    ctx,
    dataDir,
    databaseEnv: database.url ? { DATABASE_URL: database.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
    async request(method, urlPath, body, headers = {}) {
      const isRaw = typeof body === 'string' || body instanceof Uint8Array;
      const res = await fetch(url + urlPath, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : isRaw ? (body as string) : JSON.stringify(body),
      });
      // A stream of events stays open: its status and headers are the answer (tests read streams with `listen`).
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
        await res.body?.cancel();
        return { status: res.status, headers: res.headers, body: undefined, text: '' };
      }
      const text = await res.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async close() {
      const closing = app.close();
      // A test's fetch may leave a connection that never sent a request (undici, after a stream it cancelled): Node
      // would wait for its header timeout. The test is over; nothing of it is in flight.
      app.server.closeAllConnections();
      await closing;
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
