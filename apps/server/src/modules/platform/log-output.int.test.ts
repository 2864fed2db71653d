import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { spawnServer } from '../../../test/process.ts';

/** Collects a process's standard output as lines of JSON, as a log shipper reads them. */
function logLines(child: ChildProcess) {
  const lines: {
    msg?: string;
    req?: { url?: string };
    res?: { statusCode?: number };
    signal?: string;
    [field: string]: unknown;
  }[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as (typeof lines)[number]);
  });
  return lines;
}

async function waitFor<T>(what: () => T | undefined, ms: number): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const found = what();
    if (found !== undefined || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The server's log as production writes it: request logging on (the default level), one line a request (written
 * once the answer is done; lines are gathered and reach standard output within a second), and the last lines
 * written before the process ends on SIGTERM.
 */
describe(`the server's log on standard output (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('writes one line a request with its status, and its last lines on shutdown', async () => {
    const { url, child } = await spawnServer({ ...server.databaseEnv, LOG_LEVEL: 'info' }, { log: 'pipe' });
    const lines = logLines(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      expect(await waitFor(() => lines.find((l) => l.msg?.startsWith('Cardstock is running at')), 2000)).toBeDefined();
      expect((await fetch(`${url}/api/health?probe=one`)).status).toBe(200);
      const line = await waitFor(() => lines.find((l) => l.req?.url === '/api/health?probe=one'), 2500);
      // pino's line as it wrote it before the line was built by hand (lib/request-log.ts): who asked what, and how it went.
      expect(line).toMatchObject({
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        req: {
          method: 'GET',
          url: '/api/health?probe=one',
          remoteAddress: '127.0.0.1',
          remotePort: expect.any(Number),
        },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      });
      expect(line).not.toHaveProperty('aborted');
      expect(lines.filter((l) => l.req?.url === '/api/health?probe=one')).toHaveLength(1);

      expect((await fetch(`${url}/api/health?probe=two`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Stopped at once after the request, the process still wrote its line and its goodbye.
      expect(lines.find((l) => l.req?.url === '/api/health?probe=two')).toBeDefined();
      expect(lines.find((l) => l.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
