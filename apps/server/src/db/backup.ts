import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';

/** Why PostgreSQL is not backed up by the CLI: its own tools do it better. */
export const postgresBackupHint =
  'This server uses PostgreSQL: back it up with pg_dump --format=custom --file=FILE "$DATABASE_URL" and restore with pg_restore --clean --if-exists --dbname="$DATABASE_URL" FILE (docs/deployment.md).';

/** Problems a person can act on; the CLI prints them without a stack. */
export class BackupError extends Error {}

function sqliteFile(config: Config): string {
  if (config.database.engine !== 'sqlite') throw new BackupError(postgresBackupHint);
  return config.database.file;
}

/**
 * Copies the embedded database to `target` with SQLite's online backup: the
 * server may keep running and writing; the copy is one consistent moment.
 */
export async function backupDatabase(
  config: Config,
  target: string,
  onProgress?: (done: number, total: number) => void,
) {
  const source = sqliteFile(config);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} yet.`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name.`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress?.(totalPages - remainingPages, totalPages);
        return 200;
      },
    });
  } finally {
    db.close();
  }
  return { file: path.resolve(target), bytes: fs.statSync(target).size };
}

/** The file a running server keeps beside its SQLite database, naming its process. */
const heldFile = (database: string) => `${database}.server`;

/**
 * Marks the embedded database as in use by this server, until the returned function is called (at close). A
 * restore refuses while the mark names a live process: the server would go on writing to the file it had open, and
 * what it wrote after the restore would be lost (or the restore would be, at its next checkpoint).
 */
export function holdDatabase(database: string): () => void {
  fs.writeFileSync(heldFile(database), String(process.pid));
  return () => fs.rmSync(heldFile(database), { force: true });
}

/** The process of a running server holding `database`, if any: a mark left by a killed server is ignored. */
function serverHolding(database: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(heldFile(database), 'utf8'));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * Puts a backup in place of the embedded database. The server must be
 * stopped (a running one is named, and nothing is changed): the file is checked (a Cardstock database that passes SQLite's
 * integrity check), copied beside the database, then renamed over it in one
 * step, so a failure leaves the old database as it was.
 */
export function restoreDatabase(config: Config, backup: string) {
  const target = sqliteFile(config);
  const running = serverHolding(target);
  if (running !== undefined)
    throw new BackupError(
      `A Cardstock server (process ${running}) is using ${target}. Stop it first (Ctrl+C where it runs, or ` +
        `your service manager: systemctl stop cardstock), then run the restore again; nothing was changed.`,
    );
  if (!fs.existsSync(backup)) throw new BackupError(`There is no file at ${backup}.`);
  let check: SQLite.Database | undefined;
  try {
    check = new SQLite(backup, { readonly: true, fileMustExist: true });
    const integrity = check.pragma('integrity_check', { simple: true });
    const migrated = check.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get();
    if (integrity !== 'ok') throw new BackupError(`${backup} is damaged: ${String(integrity)}.`);
    if (!migrated) throw new BackupError(`${backup} is not a Cardstock database.`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${backup} is not a SQLite database.`);
  } finally {
    check?.close();
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  for (const sidecar of [`${target}-wal`, `${target}-shm`]) fs.rmSync(sidecar, { force: true });
  fs.renameSync(incoming, target);
  return { file: target };
}
