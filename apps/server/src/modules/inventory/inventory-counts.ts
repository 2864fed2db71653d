/**
 * Row counts of a shop's lists, kept briefly. Counting a 100,000-row shop
 * costs milliseconds on every page turn while the answer rarely changes:
 * writes through this server drop the shop's counts at once; another server's
 * writes show within `ttlMs`.
 */
export class CountCache {
  private readonly entries = new Map<string, { n: number; at: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly max = 10_000,
  ) {}

  async get(shopId: number, key: string, count: () => Promise<number>): Promise<number> {
    const id = `${shopId}|${key}`;
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.n;
    const n = await count();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { n, at: Date.now() });
    return n;
  }

  forget(shopId: number): void {
    const prefix = `${shopId}|`;
    for (const id of this.entries.keys()) if (id.startsWith(prefix)) this.entries.delete(id);
  }
}
