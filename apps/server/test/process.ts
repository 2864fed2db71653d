import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server as its own process on a test's database (`databaseEnv`), so a test can kill it outright. Its log
 * (errors only, unless `LOG_LEVEL` is given) is kept for the failure's message, or piped to `child.stdout` with
 * `log: 'pipe'`. A server that exits while starting is started again on another port when its port was taken, and
 * otherwise fails the test with what it printed; one that does not answer within a minute (a busy machine compiling
 * it) fails too.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { log?: 'pipe' } = {},
): Promise<{ url: string; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env, options);
    if ('url' in started) return started;
    if (!started.output.includes('EADDRINUSE') || attempt === 3)
      throw new Error(`server did not start: ${started.output.slice(-2000)}`);
  }
}

async function startOnce(
  env: Record<string, string>,
  options: { log?: 'pipe' },
): Promise<{ url: string; child: ChildProcess } | { output: string }> {
  const port = 21000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      ...env,
      PORT: String(port),
      DEMO: '0',
      NODE_ENV: 'test',
      RATE_LIMIT_SCALE: '100000',
    },
    stdio: ['ignore', options.log ?? 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) return { output: output || `exited with ${child.exitCode}` };
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  return { output: `no answer within a minute. ${output}` };
}

/** Kills a spawned server with SIGKILL (no shutdown of any kind) and waits until it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}
