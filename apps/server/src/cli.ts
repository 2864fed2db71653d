import fs from 'node:fs';
import readline from 'node:readline/promises';
import cliProgress from 'cli-progress';
import pino from 'pino';
import { createCaptchaVerifier } from './adapters/captcha.ts';
import { createMailer } from './adapters/mailer.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { backupDatabase, restoreDatabase } from './db/backup.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { systemClock } from './lib/clock.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { createSuperadmin } from './modules/admin/superadmin.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { importCatalogFile, type BulkReport, type ImportResult } from './modules/catalog/catalog-import.ts';
import { refreshPrices, type PriceRefreshResult } from './modules/catalog/price-refresh.ts';
import { downloadDefaultCards } from './modules/catalog/scryfall-download.ts';

/** The server's context without HTTP: same config, database and adapters. */
async function withContext<T>(work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const log = pino({ level: 'warn' });
  const mailer = createMailer(config.mail, log);
  try {
    await migrateToLatest(database.db, database.engine);
    return await work({
      config,
      db: database.db,
      engine: database.engine,
      log,
      clock: systemClock,
      limiter: createRateLimiter(),
      captcha: createCaptchaVerifier(config.captcha),
      mailer,
    });
  } finally {
    mailer.close();
    await database.close();
  }
}

/** `--name value` pairs of a command's arguments. */
function flags(args: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    map.set(arg.slice(2), value);
    i++;
  }
  return map;
}

/**
 * `npm run cli -- <command>`: operator commands, in the server's own
 * environment. Each command prints its result as its last line.
 */
const commands: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
  migrate: {
    help: 'migrate                                 apply every pending database migration',
    async run() {
      const database = openDatabase(loadConfig().database);
      try {
        const applied = await migrateToLatest(database.db, database.engine);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      } finally {
        await database.close();
      }
    },
  },
  invite: {
    help: 'invite create [--expires-days N] [--note TEXT]   print a new single-use registration invite code',
    async run(args) {
      const [sub, ...rest] = args;
      if (sub !== 'create') throw new Error('Usage: invite create [--expires-days N] [--note TEXT]');
      const options = flags(rest);
      const days = options.has('expires-days') ? Number(options.get('expires-days')) : undefined;
      if (days !== undefined && !(Number.isInteger(days) && days > 0))
        throw new Error('--expires-days must be a whole number of days');
      const code = await withContext((ctx) =>
        createAuthService(ctx).createInvite({ expiresInDays: days, note: options.get('note') ?? '' }),
      );
      if (days) console.log(`Invite code (valid ${days} days, single use):`);
      console.log(code);
    },
  },
  admin: {
    help: 'admin create --email E [--password P] [--username U]   make (or promote) a platform superadmin',
    async run(args) {
      const [sub, ...rest] = args;
      const usage = 'Usage: admin create --email E [--password P] [--username U]';
      if (sub !== 'create') throw new Error(usage);
      const options = flags(rest);
      const email = options.get('email') ?? (await ask('E-mail: '));
      if (!email) throw new Error(usage);
      // Without --password: asked on a terminal (a new account needs one; a promotion keeps its own).
      const password =
        options.get('password') ?? ((await ask('Password (empty keeps an existing one): ', true)) || undefined);
      const outcome = await withContext((ctx) =>
        createSuperadmin(ctx, { email, password, username: options.get('username') }),
      );
      console.log(`Superadmin ${outcome}: ${email.trim().toLowerCase()}`);
    },
  },
  cards: {
    help: [
      'cards import FILE | cards download            load Scryfall bulk card data (JSON array or one object a line)',
      '  cards prices [FILE] [--day YYYY-MM-DD]        refresh market prices only (from FILE, or today’s download) and keep their history',
      '                                                (--day: the day an archived file was published, for a history from older files)',
    ].join('\n'),
    async run(args) {
      const [sub, file] = args;
      if (sub === 'prices') {
        const given = file?.startsWith('--') ? undefined : file;
        const options = flags(args.slice(given ? 2 : 1));
        const day = options.get('day');
        if (day !== undefined && !isPastDay(day))
          throw new Error('--day must be a date (YYYY-MM-DD) no later than today');
        const source = given ?? (await download());
        if (!fs.existsSync(source)) throw new Error(`No such file: ${source}`);
        const started = Date.now();
        const result = await withContext((ctx) => refreshWithProgress(ctx, source, day));
        const seconds = (Date.now() - started) / 1000;
        console.log(`Took ${seconds.toFixed(1)} s (${Math.round(result.printings / seconds)} printings/s).`);
        return reportRefresh(result);
      }
      if (sub === 'import') {
        if (!file) throw new Error('Usage: cards import FILE');
        if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
        const started = Date.now();
        const result = await withContext((ctx) => importWithProgress(ctx, file));
        console.log(`Took ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        return reportImport(result);
      }
      if (sub === 'download')
        return reportImport(await withContext(async (ctx) => importWithProgress(ctx, await download())));
      throw new Error('Usage: cards import FILE | cards download | cards prices [FILE]');
    },
  },
  backup: {
    help: 'backup FILE                                      copy the embedded database to FILE while the server runs',
    async run([file]) {
      if (!file) throw new Error('Usage: backup FILE');
      const bar = meter('Backing up', '{value}/{total} pages');
      const result = await backupDatabase(loadConfig(), file, (done, total) => bar.update(done, total, {}));
      bar.stop();
      console.log(`Backed up ${mb(result.bytes)} MB to ${result.file}`);
    },
  },
  restore: {
    help: 'restore FILE                                     replace the embedded database with a backup (stop the server first)',
    async run([file]) {
      if (!file) throw new Error('Usage: restore FILE');
      const { file: target } = restoreDatabase(loadConfig(), file);
      console.log(`Restored ${file} into ${target}`);
    },
  },
};

/** A line typed on the terminal (hidden for passwords); '' when input is not a terminal. */
async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing of what is typed after the question.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write.call(rl, s.startsWith(question) ? question : '');
  }
  try {
    return (await rl.question(question)).trim();
  } finally {
    if (hidden) process.stdout.write('\n');
    rl.close();
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A progress bar on a terminal; plain periodic lines when output goes to a file or CI log. */
function progressBar(label: string, figures = '{doneMb}/{totalMb} MB | {cards} cards | {malformed} skipped') {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | ${figures} | {eta_formatted}`,
      noTTYOutput: true,
      notTTYSchedule: 5000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  return bar;
}

/** Downloads Scryfall's current bulk file into the data folder, with a progress bar; its path. */
async function download(): Promise<string> {
  const config = loadConfig();
  const bar = meter('Downloading');
  const path = await downloadDefaultCards(config.scryfallApiUrl, config.dataDir, (received, total) =>
    bar.update(received, total, { doneMb: mb(received), totalMb: mb(total), cards: 0, malformed: 0 }),
  );
  bar.stop();
  console.log(`Downloaded ${path}`);
  return path;
}

/** A calendar day, written YYYY-MM-DD, that is not in the future. */
function isPastDay(text: string): boolean {
  const at = Date.parse(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    Number.isFinite(at) &&
    new Date(at).toISOString().startsWith(text) &&
    at <= Date.now()
  );
}

async function refreshWithProgress(ctx: AppContext, file: string, day?: string): Promise<PriceRefreshResult> {
  const bar = meter('Refreshing prices', '{doneMb}/{totalMb} MB | {cards} printings');
  const result = await refreshPrices(ctx.db, file, {
    ...(day ? { now: () => new Date(`${day}T12:00:00Z`) } : {}),
    onProgress: (p) =>
      bar.update(p.bytesRead, p.totalBytes, { doneMb: mb(p.bytesRead), totalMb: mb(p.totalBytes), cards: p.printings }),
  });
  bar.stop();
  return result;
}

function reportRefresh(result: PriceRefreshResult): void {
  reportSkipped(result);
  if (result.unknown) {
    console.log(`${result.unknown} printings are not in the catalog yet (npm run cli -- cards import FILE adds them).`);
  }
  console.log(
    `Refreshed prices of ${result.printings} printings: ${result.changed} changed, kept for ${result.day}; ${result.malformedCount} malformed objects skipped.`,
  );
  if (result.fatal) throw new Error('The file ended in a JSON syntax error; the prices before it were refreshed.');
}

/** A progress bar that starts at the first report (when the total is known) and stops only if it started. */
function meter(label: string, figures?: string) {
  const bar = progressBar(label, figures);
  let started = false;
  return {
    update(done: number, total: number, payload: Record<string, unknown>) {
      if (started) bar.update(done, payload);
      else {
        bar.start(total || done, done, payload);
        started = true;
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

async function importWithProgress(ctx: AppContext, file: string): Promise<ImportResult> {
  const bar = meter('Importing');
  const result = await importCatalogFile(ctx.db, file, {
    onProgress: (p) =>
      bar.update(p.bytesRead, p.totalBytes, {
        doneMb: mb(p.bytesRead),
        totalMb: mb(p.totalBytes),
        cards: p.cards,
        malformed: p.malformed,
      }),
  });
  bar.stop();
  return result;
}

/** The objects a bulk file's reading skipped, with their positions, and a syntax error that ended it. */
function reportSkipped(report: BulkReport): void {
  for (const m of report.malformed) console.error(`  skipped object at position ${m.position}: ${m.reason}`);
  if (report.malformedCount > report.malformed.length) {
    console.error(`  … and ${report.malformedCount - report.malformed.length} more`);
  }
  if (report.fatal) console.error(report.fatal);
}

function reportImport(result: ImportResult): void {
  reportSkipped(result);
  console.log(`Imported ${result.cards} cards; ${result.malformedCount} malformed objects skipped.`);
  if (result.fatal) throw new Error('The file ended in a JSON syntax error; the cards before it were imported.');
}

function usage(): string {
  return [
    'Usage: npm run cli -- <command>',
    '',
    'Commands:',
    ...Object.values(commands).map((c) => `  ${c.help}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command: ${name}\n\n${usage()}` : usage());
    return 2;
  }
  try {
    await command.run(args);
    return 0;
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : String(err));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
