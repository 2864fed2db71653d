import type { Engine, WriteCounter } from '../db/database.ts';

/**
 * How long rows that staff act on (sessions, inventory versions) may be kept
 * without a write of this process: on the embedded database this server is the
 * only writer besides the CLI, so a second; on PostgreSQL another server may
 * write, so they are read on every call (a read under way is still shared).
 */
export const staffRowAgeMs = (engine: Engine): number => (engine === 'sqlite' ? 1000 : 0);

interface Entry<V> {
  value: V;
  /** The write count before the value was read. */
  writes: number;
  /** When it was read (performance.now()). */
  at: number;
}

/**
 * Rows read from the database, kept while this process has written nothing
 * and for at most `maxAgeMs` (other processes' writes, and other servers',
 * show within that). For lookups on paths too hot for a query per request,
 * such as a public shop by its subdomain. Unknown keys are kept too, so
 * guessing at names costs no queries either. Up to `maxEntries`; the ones
 * read from the database longest ago leave first.
 */
export class RowCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /**
   * Reads under way: callers asking for the same key meanwhile share one, not
   * one query each, unless a write came since it began (it may predate that).
   */
  private readonly reading = new Map<K, { value: Promise<V>; writes: number }>();

  constructor(
    private readonly writes: WriteCounter,
    private readonly maxAgeMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: K, read: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.writes === this.writes.value && now - hit.at < this.maxAgeMs) return hit.value;
    const writes = this.writes.value;
    const under = this.reading.get(key);
    if (under?.writes === writes) return under.value;
    const reading = read().then(
      (value) => {
        if (this.reading.get(key)?.value === reading) this.reading.delete(key);
        this.entries.delete(key);
        this.entries.set(key, { value, writes, at: now });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return value;
      },
      (err: unknown) => {
        if (this.reading.get(key)?.value === reading) this.reading.delete(key);
        throw err;
      },
    );
    this.reading.set(key, { value: reading, writes });
    return reading;
  }
}
