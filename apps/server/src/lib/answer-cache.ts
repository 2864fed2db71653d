import type { Serialized } from './route.ts';

/** A kept answer, and the group it counts against (see `AnswerCache.get`). */
interface Entry {
  answer: Serialized;
  group: string | undefined;
}

/**
 * Answers kept serialized, up to `maxBytes` in all; the least recently used
 * leave first. A key must name everything the answer was made from (versions
 * included), so an entry is never wrong, only unused until it ages out.
 *
 * Answers whose keys anyone may vary at will (a public shop's searches) are
 * kept in a named group of at most `max` entries: once it is full, further
 * answers of the group are made and sent but not kept, so a stream of
 * distinct searches cannot push every other answer out.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly groups = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async get(key: string, make: () => Promise<Serialized>, limit?: { group: string; max: number }): Promise<Serialized> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    const answer = await make();
    if (answer.body.length > this.maxBytes) return answer;
    this.remove(key);
    if (limit) {
      const kept = this.groups.get(limit.group) ?? 0;
      if (kept >= limit.max) return answer;
      this.groups.set(limit.group, kept + 1);
    }
    this.entries.set(key, { answer, group: limit?.group });
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
    this.bytes -= entry.answer.body.length;
    if (entry.group !== undefined) {
      const left = (this.groups.get(entry.group) ?? 1) - 1;
      if (left > 0) this.groups.set(entry.group, left);
      else this.groups.delete(entry.group);
    }
  }
}
