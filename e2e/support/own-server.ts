import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { api } from './api.ts';
import { e2eEnv } from './env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OwnServer {
  base: string;
  dataDir: string;
  /** An API request context on this server, for `api(server.request)` and the seeds. */
  request: APIRequestContext;
  stop(): void;
}

/**
 * A server of the suite's build with a database and settings of its own, for a test whose settings would disturb
 * the rest of the suite (maintenance mode, real login limits). Ready when this resolves.
 */
export async function startOwnServer(name: string, env: Record<string, string | undefined> = {}): Promise<OwnServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(e2eEnv.dataDir, `${name}-${randomUUID().slice(0, 8)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DEMO: '0',
      CAPTCHA_MODE: 'test',
      RATE_LIMIT_SCALE: '50',
      ...env,
    },
    stdio: 'ignore',
  });
  const request = await playwrightRequest.newContext({ baseURL: base });
  await expect(async () => expect((await api(request).call('ready')).ok).toBe(true)).toPass({ timeout: 20_000 });
  return {
    base,
    dataDir,
    request,
    stop: () => {
      server.kill('SIGTERM');
      void request.dispose();
    },
  };
}
