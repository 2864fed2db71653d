import type { Serialized } from './route.ts';

/**
 * Answers kept serialized, up to `maxBytes` in all; the least recently used
 * leave first. A key must name everything the answer was made from (versions
 * included), so an entry is never wrong, only unused until it ages out.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Serialized>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async get(key: string, make: () => Promise<Serialized>): Promise<Serialized> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const answer = await make();
    if (answer.body.length > this.maxBytes) return answer;
    this.remove(key);
    this.entries.set(key, answer);
    this.bytes += answer.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
    return answer;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
