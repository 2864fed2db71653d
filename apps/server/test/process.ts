import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server as its own process on a test's database (`databaseEnv`), so a test can kill it outright. Its log
 * (errors only, unless `LOG_LEVEL` is given) is dropped, or piped to `child.stdout` with `log: 'pipe'`.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { log?: 'pipe' } = {},
): Promise<{ url: string; child: ChildProcess }> {
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
    stdio: ['ignore', options.log ?? 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Kills a spawned server with SIGKILL (no shutdown of any kind) and waits until it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}
