import { sql } from 'kysely';
import { withTransaction, type Db, type Tx } from '../src/db/database.ts';

/** A transaction a test keeps open: what it wrote holds its locks until `release` commits it. */
export interface HeldTransaction {
  /** Until a statement of another connection waits on this transaction's locks (PostgreSQL). */
  waitedOn(): Promise<void>;
  /** Commits the transaction and waits until it has. */
  release(): Promise<void>;
}

/** Runs `work` in a transaction of its own and keeps it open once `work` is done, until the test releases it. */
export async function holdOpen(db: Db, work: (tx: Tx) => Promise<void>): Promise<HeldTransaction> {
  let ready!: (pid: number) => void;
  const written = new Promise<number>((resolve) => (ready = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const open = withTransaction(db, async (tx) => {
    await work(tx);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
    ready(rows[0]!.pid);
    await held;
  });
  // A `work` that throws fails the test here, not as a wait that never ends.
  const pid = await Promise.race([written, open.then(() => -1)]);
  return {
    async waitedOn() {
      for (let waited = 0; ; waited += 20) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where ${pid}::int = any(pg_blocking_pids(pid))`.execute(db);
        if (rows[0]!.n > 0) return;
        if (waited > 5_000) throw new Error('nothing waited on the held transaction');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async release() {
      release();
      await open;
    },
  };
}
