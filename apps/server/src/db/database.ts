import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Repositories take either, so a service can run several of them in one transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

/**
 * Counts the writes this process makes through a database handle, so copies
 * of rows kept in memory know when to read again (see RowCache). A write
 * counts when it is sent and again when it is done, and a transaction once
 * more when it commits: a read that overlapped any of them never passes for
 * fresh. Other processes' writes are not seen here; caches bound those by age.
 */
export class WriteCounter implements KyselyPlugin {
  private count = 0;
  private readonly writes = new WeakSet<QueryId>();

  get value(): number {
    return this.count;
  }

  bump(): void {
    this.count++;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode') {
      this.writes.add(queryId);
      this.count++;
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writes.has(queryId)) this.count++;
    return result;
  }
}

const writeCounters = new WeakMap<Db, WriteCounter>();

/** The write counter of a handle made by openDatabase (a fresh one for any other). */
export function writeCounterOf(db: Db): WriteCounter {
  let counter = writeCounters.get(db);
  if (!counter) writeCounters.set(db, (counter = new WriteCounter()));
  return counter;
}

// PostgreSQL returns BIGINT (count(*), sums) as text to avoid precision loss;
// our counts stay far below 2^53, so numbers are what every caller expects.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/**
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE).
 * A deferred transaction that reads and then writes fails at once with
 * SQLITE_BUSY if another process (the CLI importing cards) committed in
 * between; an immediate one waits its turn under busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/**
 * SQLite's checkpoints, on a thread of their own. A checkpoint copies the write-ahead log into the database file and
 * flushes it to disk: by default the connection whose commit crosses 1,000 pages of log runs it, inside that commit,
 * on the one thread that answers every request (40 ms and more here, with `synchronous = FULL`; a large push's or a
 * busy register's pages stalled for it). The server's connection makes none; a second connection on a worker thread
 * checkpoints every 100 ms in passive mode, which never waits for, nor holds up, a reader or the writer, so the log
 * stays short and readers fast. Should that thread die, the connection checkpoints by itself again.
 */
function checkpointApart(file: SQLite.Database, fileName: string): { stop: () => void } {
  file.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.file);
    db.pragma('synchronous = FULL');
    const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
    parentPort.once('message', () => {
      clearInterval(timer);
      db.close();
      parentPort.close();
    });`,
    {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: fileName, everyMs: 100 },
    },
  );
  worker.unref();
  worker.once('error', (err) => {
    console.error('SQLite checkpoints are back on the server thread:', err.message);
    if (file.open) file.pragma('wal_autocheckpoint = 1000');
  });
  return { stop: () => worker.postMessage('stop') };
}

/**
 * better-sqlite3 compiles a statement on every prepare; the server repeats a
 * few hundred distinct statements, so compiled ones are kept (least recently
 * used leave first). Kysely holds the one connection for a query's whole run,
 * so a kept statement is never used by two queries at once.
 */
function withStatementCache(
  file: SQLite.Database,
  beforeClose: () => void,
  max = 500,
): SqliteDialectConfig['database'] {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose();
      file.close();
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = file.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * Opens the configured database. `onIdleError` hears of a pooled PostgreSQL
 * connection that died while idle (server restart, failover, an admin's
 * terminate): the pool drops it and opens a new one on the next query, so it is
 * logged, never thrown — unheard, it would end the process.
 */
export function openDatabase(
  config: Config['database'],
  onIdleError: (err: Error) => void = (err) => console.error('database connection lost while idle:', err.message),
): Database {
  if (config.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    pool.on('error', onIdleError);
    const writes = new WriteCounter();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    writeCounters.set(db, writes);
    // What commits apart (a shop's order counter) is made durable by the commit that uses it: PostgreSQL writes its
    // log in order, so the order's own commit flushes the counter's before it, and a counter lost to a crash numbered
    // nothing that survived. Not waiting for its own flush, the counter's row is held for the statement alone.
    const ownPool = new pg.Pool({ connectionString: config.url, max: 2, options: '-c synchronous_commit=off' });
    ownPool.on('error', onIdleError);
    const own = new Kysely<DB>({ dialect: new PostgresDialect({ pool: ownPool }) });
    apartHandles.set(db, own);
    return { db, engine: 'postgres', close: () => Promise.all([db.destroy(), own.destroy()]).then(() => undefined) };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const file = new SQLite(config.file);
  // WAL lets readers run beside the writer; FULL makes every commit durable
  // across power loss, which order and stock data need.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const checkpoints = checkpointApart(file, config.file);
  const writes = new WriteCounter();
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(file, checkpoints.stop) }),
    plugins: [writes],
  });
  writeCounters.set(db, writes);
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

const apartHandles = new WeakMap<Db, Db>();

/**
 * A handle on the same PostgreSQL database as `tx`, a transaction of `withTransaction`, whose statements run on
 * connections of their own (a pool of two beside the main one) and each commit at once, without waiting for the flush
 * (`synchronous_commit` off): for a counter that a transaction moves without holding its row until the transaction's
 * own commit, which makes it durable. Nothing else writes through it. Undefined on SQLite, which writes one
 * transaction at a time (a second connection would wait for the open one), and for a handle openDatabase did not make
 * or a transaction `withTransaction` did not open.
 */
export function apartFrom(tx: Executor): Db | undefined {
  const db = opened.get(tx as Tx)?.db;
  return db && apartHandles.get(db);
}

/** A unique-key violation on either engine: a concurrent twin of a write got in first. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** PostgreSQL's "run the transaction again" answers: chosen as a deadlock's victim, a serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs `work` in one transaction: all of it is committed, or none of it. When
 * PostgreSQL ends it as a deadlock's victim, it runs again (up to three times
 * in all), so `work` must act on the database only, never outside it.
 */
export async function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const committed: (() => Promise<void>)[] = [];
    let result: T;
    try {
      result = await db.transaction().execute((tx) => {
        opened.set(tx, { db, committed });
        return work(tx);
      });
    } catch (err) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(String((err as { code?: unknown }).code))) throw err;
      // A moment apart, so the two transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      continue;
    } finally {
      // Committed or rolled back, what readers see may have changed only now.
      writeCounterOf(db).bump();
    }
    for (const then of committed) await then();
    return result;
  }
}

/** Each open transaction of `withTransaction`: the database it runs on, and what it runs once it has committed. */
const opened = new WeakMap<Tx, { db: Db; committed: (() => Promise<void>)[] }>();

/**
 * Runs `then` once `tx` has committed, before `withTransaction` returns; never
 * when it rolls back, and not for an attempt PostgreSQL ended to run it again.
 */
export function afterCommit(tx: Tx, then: () => Promise<void>): void {
  const queue = opened.get(tx)?.committed;
  if (!queue) throw new Error('afterCommit needs a transaction opened by withTransaction');
  queue.push(then);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Timestamps are stored as UTC ISO-8601 text on both engines (see ARCHITECTURE.md). */
export const nowIso = (): string => new Date().toISOString();

/** Stands for a query's argument while it is compiled once (see `precompiled`). */
const placeholder = (i: number) => `\u0000arg${i}\u0000`;

/**
 * A hot query, compiled once per database. Kysely builds and compiles a query
 * on every call, about 30 µs here: more than SQLite takes to run a lookup by
 * key. The lookups every request makes (a session, a storefront's shop, a
 * shop's versions) are built once with placeholders in place of their
 * arguments and then run with the real values. `build` must use each
 * placeholder only as a bound value (a `where` operand), which Kysely always
 * sends as a parameter.
 */
export function precompiled<Args extends readonly (string | number)[], Row>(
  build: (db: Executor, ...args: Args) => { compile(): CompiledQuery<Row> },
): (db: Executor, ...args: Args) => Promise<Row | undefined> {
  const compiled = new WeakMap<Executor, { query: CompiledQuery<Row>; slots: (number | undefined)[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, ...(args.map((_, i) => placeholder(i)) as unknown as Args)).compile();
      const slots = query.parameters.map((p) => {
        const at = args.findIndex((_, i) => p === placeholder(i));
        return at === -1 ? undefined : at;
      });
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : args[slots[i]]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows[0];
  };
}
