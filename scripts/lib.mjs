// Helpers shared by start, test and dev. Plain Node only: these run before
// `npm install` has happened on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Chromium's flags wherever we drive it (the browser suite, the bench's browser jobs): no sandbox (containers), no
 * GPU, and none of the browser's own calls home, so a run talks only to the servers it was pointed at.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Node's flags for the server, however it is started. V8 lets the old
 * generation grow to four times what survived its last collection when the
 * heap may reach gigabytes; capped at 1 GB it grows by at most about twice, so
 * a big import peaks near 260 MB instead of 310–390 MB
 * (docs/decisions/008-csv-import-streams.md).
 * What the server keeps in memory is bounded far below the cap (indexes of
 * 1,000,000 rows, 64 MB of kept answers).
 */
export const serverNodeFlags = ['--max-old-space-size=1024'];

export function log(message) {
  console.log(`\x1b[36m▸ ${message}\x1b[0m`);
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, { env = {}, cwd = root, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? 'ignore' : 'inherit',
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

const asRoot = (cmd) => (process.getuid?.() === 0 ? cmd : `sudo -n ${cmd}`);

/** Installs the npm dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDeps() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  // `npm install`, not `npm ci`: the lockfile pins every version, but npm omits other
  // platforms' optional packages (rollup, esbuild) from it, and `npm ci` refuses such a
  // lockfile. `npm install` installs the same pinned versions and leaves the lockfile as is.
  log('Installing npm dependencies');
  const code = await run('npm', ['install', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error('npm install failed');
}

function commandExists(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

let aptUpdated = false;
async function aptInstall(packages) {
  if (!commandExists('apt-get')) throw new Error(`Please install ${packages.join(' ')} (no apt-get here)`);
  if (!aptUpdated) {
    log('apt-get update');
    await run('sh', ['-c', asRoot('apt-get update -qq')]);
    aptUpdated = true;
  }
  log(`Installing ${packages.join(' ')} from Debian's packages`);
  const code = await run('sh', [
    '-c',
    asRoot(`env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`),
  ]);
  if (code !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

/** Debian's Chromium for the browser suite (Playwright drives it; it never downloads its own). */
export async function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(bin)) return bin;
  await aptInstall(['chromium']);
  return bin;
}

export function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A PostgreSQL server for the test run, as an admin URL: DATABASE_URL when
 * given, else a server answering on 127.0.0.1:5432, else a throwaway cluster
 * from Debian's packages on a free loopback port (stopped by `stop()`).
 */
export async function ensurePostgres() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  if (await canConnect(5432)) return { adminUrl: 'postgres://postgres@127.0.0.1:5432/postgres', stop: async () => {} };

  const binDir = () => {
    const base = '/usr/lib/postgresql';
    if (!fs.existsSync(base)) return undefined;
    const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
    return versions.length ? path.join(base, versions[0], 'bin') : undefined;
  };
  if (!binDir()) await aptInstall(['postgresql']);
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL binaries not found after install');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-pg-'));
  const port = await freePort();
  // initdb refuses to run as root: the cluster belongs to the postgres user.
  const isRoot = process.getuid?.() === 0;
  const as = (cmd) => (isRoot ? ['runuser', ['-u', 'postgres', '--', 'sh', '-c', cmd]] : ['sh', ['-c', cmd]]);
  if (isRoot) fs.chownSync(dir, ...uidGid('postgres'));
  log(`Starting a throwaway PostgreSQL cluster on 127.0.0.1:${port}`);
  let code = await run(...as(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 >/dev/null`));
  if (code !== 0) throw new Error('initdb failed');
  code = await run(
    ...as(
      `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -w -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null`,
    ),
  );
  if (code !== 0) throw new Error('pg_ctl start failed');
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await run(...as(`${bin}/pg_ctl -D ${dir}/data -m fast stop >/dev/null`));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a Redis answers PING at host:port (one that wants a password answers -NOAUTH: no). */
export function redisAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let reply = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
  });
}

/**
 * A Redis for the test run, as a URL: TEST_REDIS_URL when given, else a
 * server answering PING on 127.0.0.1:6379, else Debian's redis-server started
 * on a free loopback port with nothing written to disk (stopped by `stop()`).
 */
export async function ensureRedis() {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, stop: async () => {} };
  if (await redisAnswers(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };

  if (!commandExists('redis-server')) await aptInstall(['redis-server']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-redis-'));
  const port = await freePort();
  log(`Starting a throwaway Redis on 127.0.0.1:${port}`);
  // No RDB snapshots and no append-only file: the counters of a test run are not worth keeping.
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 50 && !(await redisAnswers(port)); i++) {
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!(await redisAnswers(port))) {
    await stop();
    throw new Error('redis-server did not start');
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

function uidGid(user) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`no ${user} user`);
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
