import type { CardSummaryRow } from './catalog.repository.ts';
import { normalizeName } from './scryfall-card.ts';

export interface SearchResult {
  /** How many cards match in all. */
  total: number;
  /** The best `limit` of them. */
  cards: CardSummaryRow[];
}

interface Entry {
  norm: string;
  words: string[];
  card: CardSummaryRow;
}

const CACHE_SIZE = 2000;

/**
 * Card names held in memory for search-as-you-type: one entry per card (its
 * newest printing, English preferred), an index from the first two letters
 * of every word to the entries having such a word, and a small cache of
 * recent queries. Both database engines answer the same way, in microseconds.
 */
export class NameIndex {
  private readonly entries: Entry[] = [];
  private readonly byPrefix = new Map<string, number[]>();
  private readonly cache = new Map<string, SearchResult>();

  /** `rows` newest first; the first English printing of each card represents it. */
  constructor(rows: readonly CardSummaryRow[]) {
    const seen = new Map<string, number>();
    for (const card of rows) {
      const key = card.oracle_id ?? card.name;
      const at = seen.get(key);
      if (at === undefined) {
        seen.set(key, this.entries.length);
        const norm = card.sort_name || normalizeName(card.name);
        this.entries.push({ norm, words: norm.split(/[\s/]+/).filter(Boolean), card });
      } else if (this.entries[at]!.card.lang !== 'en' && card.lang === 'en') {
        this.entries[at]!.card = card;
      }
    }
    this.entries.forEach((entry, i) => {
      for (const prefix of new Set(entry.words.map((w) => w.slice(0, 2)))) {
        const list = this.byPrefix.get(prefix);
        if (list) list.push(i);
        else this.byPrefix.set(prefix, [i]);
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Cards whose name holds every query word as the start of one of its words,
   * in any order. Ranked: exact name, name starting with the query, a word
   * starting with the query, then the rest; shorter names first within a rank.
   */
  search(query: string, limit: number): SearchResult {
    const q = normalizeName(query);
    const key = `${limit}:${q}`;
    const cached = this.cache.get(key);
    if (cached) return cached;

    const words = q.split(/[\s/]+/).filter(Boolean);
    const result = words.length === 0 ? { total: 0, cards: [] } : this.match(q, words, limit);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, result);
    return result;
  }

  private match(q: string, words: string[], limit: number): SearchResult {
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const candidates: Iterable<number> =
      longest.length >= 2 ? (this.byPrefix.get(longest.slice(0, 2)) ?? []) : this.entries.keys();
    const hits: { rank: number; entry: Entry }[] = [];
    for (const i of candidates) {
      const entry = this.entries[i]!;
      if (!words.every((w) => entry.words.some((ew) => ew.startsWith(w)))) continue;
      const rank = entry.norm === q ? 0 : entry.norm.startsWith(q) ? 1 : entry.norm.includes(` ${q}`) ? 2 : 3;
      hits.push({ rank, entry });
    }
    hits.sort(
      (a, b) =>
        a.rank - b.rank || a.entry.norm.length - b.entry.norm.length || a.entry.norm.localeCompare(b.entry.norm),
    );
    return { total: hits.length, cards: hits.slice(0, limit).map((h) => h.entry.card) };
  }
}
