import type { ShopIndex } from './inventory-index.ts';

/** Which data an index was built from: the shop's inventory version and the catalog's. */
export interface IndexVersion {
  inventory: number;
  catalog: string;
}

interface Entry {
  version: IndexVersion;
  index: Promise<ShopIndex>;
  /** Rows counted against `maxRows` once built. */
  rows: number;
}

/**
 * The shops' indexes, each valid for one version of its shop's inventory and
 * of the catalog. Every inventory write bumps the shop's version in its own
 * transaction, so an index never answers for rows it has not seen, whichever
 * process wrote them. The least recently used indexes leave first once the
 * rows held pass `maxRows`.
 *
 * On PostgreSQL this process's writes commit side by side: a reader may read a
 * version whose write has committed but not yet moved the index (`advance`),
 * and advances may arrive out of order. Both wait, up to `catchUpMs`, for the
 * index to reach the version they need; only then is it dropped and rebuilt
 * (a second or more at 100,000 rows). An index ahead of a reader's version
 * answers it: it has seen every row the reader's version has.
 */
export class ShopIndexCache {
  private readonly entries = new Map<number, Entry>();
  /** Who waits for a shop's index to move (see `reach`). */
  private readonly waiting = new Map<number, Set<() => void>>();
  private rows = 0;

  constructor(
    private readonly maxRows = 1_000_000,
    private readonly catchUpMs = 250,
  ) {}

  async get(shopId: number, version: IndexVersion, build: () => Promise<ShopIndex>): Promise<ShopIndex> {
    const held = this.entries.get(shopId);
    if (held && held.version.catalog === version.catalog && held.version.inventory < version.inventory)
      await this.reach(shopId, held, version.inventory);
    const hit = this.entries.get(shopId);
    if (hit && hit.version.inventory >= version.inventory && hit.version.catalog === version.catalog) {
      this.entries.delete(shopId);
      this.entries.set(shopId, hit);
      return hit.index;
    }
    this.drop(shopId);
    const entry: Entry = { version, index: build(), rows: 0 };
    this.entries.set(shopId, entry);
    entry.index.then(
      (built) => {
        if (this.entries.get(shopId) !== entry) return;
        entry.rows = built.size;
        this.rows += built.size;
        this.evict();
      },
      () => {
        if (this.entries.get(shopId) === entry) this.entries.delete(shopId);
      },
    );
    return entry.index;
  }

  /**
   * After this process's write moved a shop's inventory from version `from`
   * to `to`: `apply` gives the index for `to` (the same one changed in
   * place, or a new one), or undefined, and then the index is dropped.
   */
  async advance(
    shopId: number,
    from: number,
    to: number,
    apply: (index: ShopIndex) => ShopIndex | undefined | Promise<ShopIndex | undefined>,
  ): Promise<void> {
    const hit = this.entries.get(shopId);
    if (!hit || hit.version.inventory >= to) return;
    if (hit.version.inventory < from) await this.reach(shopId, hit, from);
    if (hit.version.inventory === from) {
      const index = await hit.index.catch(() => undefined);
      const next = index && this.entries.get(shopId) === hit ? await apply(index) : undefined;
      if (next && this.entries.get(shopId) === hit && hit.version.inventory === from) {
        hit.version = { ...hit.version, inventory: to };
        hit.index = Promise.resolve(next);
        this.rows += next.size - hit.rows;
        hit.rows = next.size;
        this.moved(shopId);
        return;
      }
    }
    if (this.entries.get(shopId) === hit) this.drop(shopId);
  }

  private drop(shopId: number): void {
    const hit = this.entries.get(shopId);
    if (!hit) return;
    this.entries.delete(shopId);
    this.rows -= hit.rows;
    this.moved(shopId);
  }

  /** Waits until `entry`, still the shop's, holds `version` or later; at most `catchUpMs`. */
  private async reach(shopId: number, entry: Entry, version: number): Promise<void> {
    const deadline = Date.now() + this.catchUpMs;
    while (this.entries.get(shopId) === entry && entry.version.inventory < version && Date.now() < deadline) {
      const waiting = this.waiting.get(shopId) ?? new Set<() => void>();
      this.waiting.set(shopId, waiting);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, deadline - Date.now());
        waiting.add(done);
      });
    }
  }

  /** Wakes whoever waits for the shop's index: it moved, or is gone. */
  private moved(shopId: number): void {
    const waiting = this.waiting.get(shopId);
    if (!waiting) return;
    this.waiting.delete(shopId);
    for (const wake of waiting) wake();
  }

  private evict(): void {
    for (const shopId of this.entries.keys()) {
      if (this.rows <= this.maxRows || this.entries.size <= 1) return;
      this.drop(shopId);
    }
  }
}
