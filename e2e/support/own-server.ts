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
 * the rest of the suite (maintenance mode, real login limits). Ready when this resolves; a server that exits while
 * starting fails the test with what it printed (and one whose port was taken meanwhile is started again elsewhere).
 */
export async function startOwnServer(name: string, env: Record<string, string | undefined> = {}): Promise<OwnServer> {
  const dataDir = path.join(e2eEnv.dataDir, `${name}-${randomUUID().slice(0, 8)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    const started = await startOn(await freePort(), dataDir, env);
    if (started.ok) return started.server;
    if (!started.portTaken || attempt === 3) throw new Error(`The ${name} server did not start:\n${started.output}`);
  }
}

type Start = { ok: true; server: OwnServer } | { ok: false; portTaken: boolean; output: string };

async function startOn(port: number, dataDir: string, env: Record<string, string | undefined>): Promise<Start> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['apps/server/dist/main.js'], {
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
      CARDTRADER_API_URL: 'http://127.0.0.1:9/api/v2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const request = await playwrightRequest.newContext({ baseURL: base });
  const ready = expect(async () => expect((await api(request).call('ready')).ok).toBe(true)).toPass({
    timeout: 40_000,
  });
  const outcome = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const)]);
  if (outcome === 'exited') {
    void ready.catch(() => undefined);
    await request.dispose();
    return { ok: false, portTaken: output.includes('EADDRINUSE'), output };
  }
  return {
    ok: true,
    server: {
      base,
      dataDir,
      request,
      stop: () => {
        child.kill('SIGTERM');
        void request.dispose();
      },
    },
  };
}
