/**
 * Values looked up by id, kept for one version of what they come from (a new version drops them all): read again
 * only for the ids not kept, at most `max` of them, the first kept out first. Not least recently used: moving every
 * id of a 200-line list to the end of a map of 20,000 on each offer churns the map's table, which the garbage
 * collector then copies, for a difference only a shop asked about for more printings than it keeps would see.
 */
export class KeptByVersion<V> {
  private version: string | undefined;
  private readonly kept = new Map<string, V>();

  constructor(private readonly max: number) {}

  async get(version: string, ids: readonly string[], read: (missing: string[]) => Promise<Map<string, V>>) {
    if (version !== this.version) {
      this.kept.clear();
      this.version = version;
    }
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const id of ids) {
      const value = this.kept.get(id);
      if (value === undefined) missing.push(id);
      else found.set(id, value);
    }
    if (missing.length === 0) return found;
    for (const [id, value] of await read(missing)) {
      found.set(id, value);
      // Read after the version was, never older than it; kept only if the version has not moved on meanwhile.
      if (this.version !== version) continue;
      this.kept.set(id, value);
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    return found;
  }
}

/** A `KeptByVersion` per shop, for the `maxShops` shops asked about last. */
export class PerShop<V> {
  private readonly shops = new Map<number, KeptByVersion<V>>();

  constructor(
    private readonly maxShops: number,
    private readonly maxPerShop: number,
  ) {}

  of(shopId: number): KeptByVersion<V> {
    let kept = this.shops.get(shopId);
    if (kept) this.shops.delete(shopId);
    else kept = new KeptByVersion<V>(this.maxPerShop);
    this.shops.set(shopId, kept);
    if (this.shops.size > this.maxShops) this.shops.delete(this.shops.keys().next().value!);
    return kept;
  }
}
