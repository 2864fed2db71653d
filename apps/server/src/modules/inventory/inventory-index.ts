import { finishes, languages, priceCents, qualities, type PricingRule } from '@cardstock/contract';
import type { InventoryQuery } from './inventory-query.ts';
import type { StockFields } from './inventory.repository.ts';

/** What the index keeps of one row: the fields a search can test, nothing shown. */
export interface IndexedRow extends StockFields {
  id: number;
  sort_name: string;
  set_code: string;
  rarity: string;
  colors: string;
  type_line: string | null;
  /** Market price of the row's finish, in cents. */
  market: number | null;
  /** The shop's own asking price in cents (null: the pricing rule); left out, none. */
  asking?: number | null;
  /** Where the copies are kept, null for nowhere said; left out, nowhere. */
  location?: string | null;
}

/** The orders a list can come in: name (the index's own), the price a customer pays either way, newest stock first. */
export type RowOrder = 'name' | 'price_asc' | 'price_desc' | 'newest';

/**
 * How a match is ordered and priced for customers: `rule` (stored as `ruleKey`) gives the price a customer pays,
 * which the price orders sort by and `usd` terms then test (instead of the market price staff search tests).
 */
export interface CustomerView {
  order: RowOrder;
  rule: PricingRule;
  ruleKey: string;
}

/** Pricing rules whose prices and orders an index keeps at once: a shop has one rule, a change adds a second. */
const KEPT_RULES = 2;

const FINISH = new Map<string, number>(finishes.map((f, i) => [f, i]));
const QUALITY = new Map<string, number>(qualities.map((q, i) => [q, i]));
const LANGUAGE = new Map<string, number>(languages.map((l, i) => [l, i]));
/** A row's flags as bits of one byte. */
const FLAG_BIT = { signed: 1, altered: 2 } as const;

type Comparison = '=' | '>' | '>=' | '<' | '<=';
const compare = (a: number, op: Comparison, b: number) =>
  op === '=' ? a === b : op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b;

/** The words of a normalized name: what a typed word may be the start of. */
const wordsOf = (sortName: string) => sortName.split(/[ /]+/).filter(Boolean);

/** Positions `from` ≤ p < `to` of the first string ≥ `key` in a sorted array. */
function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One shop's inventory in name order, held in memory so that live search and
 * page turns answer without scanning: typed words go through a sorted word
 * list and its posting lists (row positions), the other terms are tested on
 * compact columns. Positions are name order, so any set of them sorted is a
 * page-ready result. The rows themselves are read from the database a page
 * at a time.
 */
export class ShopIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly quantity: Int32Array;
  private readonly finish: Uint8Array;
  private readonly quality: Uint8Array;
  private readonly language: Uint8Array;
  private readonly flags: Uint8Array;
  private readonly market: Float64Array;
  private readonly asking: Float64Array;
  private readonly setCode: string[];
  private readonly rarity: string[];
  private readonly colors: string[];
  private readonly typeLine: string[];
  private readonly sortName: string[];
  /** Each row's location as stored ("" for none), and in lower case for `loc:` terms. */
  private readonly location: string[];
  private readonly locationLower: string[];
  private readonly words: string[];
  private readonly postings: Int32Array[];
  private readonly positionOf = new Map<number, number>();
  /** Per pricing rule (its stored text): what a customer pays per position, and the price orders, made when asked. */
  private readonly customer = new Map<string, { prices: Float64Array; orders: Map<RowOrder, Int32Array> }>();
  private newest: Int32Array | undefined;

  /**
   * Rows in any order, put in name order here: by normalized name, then id,
   * comparing code units, the same on both engines whatever their collation.
   */
  static of(rows: IndexedRow[]): ShopIndex {
    return new ShopIndex(rows.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)));
  }

  /** `rows` in name order (see `of`). */
  constructor(rows: readonly IndexedRow[]) {
    const n = rows.length;
    this.size = n;
    this.ids = new Int32Array(n);
    this.quantity = new Int32Array(n);
    this.finish = new Uint8Array(n);
    this.quality = new Uint8Array(n);
    this.language = new Uint8Array(n);
    this.flags = new Uint8Array(n);
    this.market = new Float64Array(n);
    this.asking = new Float64Array(n);
    this.setCode = new Array<string>(n);
    this.rarity = new Array<string>(n);
    this.colors = new Array<string>(n);
    this.typeLine = new Array<string>(n);
    this.sortName = new Array<string>(n);
    this.location = new Array<string>(n);
    this.locationLower = new Array<string>(n);
    // Repeated values share one string: a big shop holds few distinct sets, rarities and types.
    const intern = new Map<string, string>();
    const shared = (s: string) => intern.get(s) ?? (intern.set(s, s), s);
    const byWord = new Map<string, number[]>();
    for (let p = 0; p < n; p++) {
      const r = rows[p]!;
      this.ids[p] = r.id;
      this.positionOf.set(r.id, p);
      this.quantity[p] = r.quantity;
      this.finish[p] = FINISH.get(r.finish) ?? 0;
      this.quality[p] = QUALITY.get(r.quality) ?? 0;
      this.language[p] = LANGUAGE.get(r.language) ?? 0;
      this.flags[p] = (r.signed ? FLAG_BIT.signed : 0) | (r.altered ? FLAG_BIT.altered : 0);
      this.market[p] = r.market ?? Number.NaN;
      this.asking[p] = r.asking ?? Number.NaN;
      this.setCode[p] = shared(r.set_code);
      this.rarity[p] = shared(r.rarity);
      this.colors[p] = shared(r.colors);
      this.typeLine[p] = shared((r.type_line ?? '').toLowerCase());
      this.sortName[p] = r.sort_name;
      const location = shared(r.location ?? '');
      this.location[p] = location;
      this.locationLower[p] = shared(location.toLowerCase());
      for (const word of new Set(wordsOf(r.sort_name))) {
        const list = byWord.get(word);
        if (list) list.push(p);
        else byWord.set(word, [p]);
      }
    }
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((w) => Int32Array.from(byWord.get(w)!));
  }

  /**
   * The ids of the rows that match, in name order, or for a customer (`view`) in the view's order with `usd` terms
   * on the price the customer pays.
   */
  match(q: InventoryQuery, view?: CustomerView): Int32Array {
    const positions = this.matchingPositions(q, view && this.customerOf(view).prices);
    if (!view || view.order === 'name') {
      if (!positions) return this.ids;
      const out = new Int32Array(positions.length);
      for (let i = 0; i < positions.length; i++) out[i] = this.ids[positions[i]!]!;
      return out;
    }
    // Walk the kept order once, keeping the matched positions: linear, whatever the share that matched.
    const order = this.orderOf(view);
    let wanted: Uint8Array | undefined;
    if (positions) {
      wanted = new Uint8Array(this.size);
      for (const p of positions) wanted[p] = 1;
    }
    const out = new Int32Array(positions ? positions.length : this.size);
    let n = 0;
    for (const p of order) if (!wanted || wanted[p]) out[n++] = this.ids[p]!;
    return out;
  }

  /** The positions that match, ascending (name order); undefined for every row. */
  private matchingPositions(q: InventoryQuery, prices: Float64Array | undefined): Int32Array | undefined {
    let positions: Int32Array | undefined;
    for (const word of q.words.flatMap(wordsOf)) {
      const hits = this.startingWith(word);
      positions = positions ? intersect(positions, hits) : hits;
      if (positions.length === 0) break;
    }
    const test = this.predicate(q, prices);
    if (!test) return positions;
    const out: number[] = [];
    if (positions) {
      for (const p of positions) if (test(p)) out.push(p);
    } else {
      for (let p = 0; p < this.size; p++) if (test(p)) out.push(p);
    }
    return Int32Array.from(out);
  }

  /**
   * Of the rows that match and have copies in stock, the first of each name,
   * in name order, at most `limit`: what a name suggestion offers. Rows of one
   * name sit side by side in name order, so one look back finds a repeat.
   */
  firstOfEachName(q: InventoryQuery, limit: number): number[] {
    const out: number[] = [];
    let lastName: string | undefined;
    for (const id of this.match(q)) {
      const p = this.positionOf.get(id)!;
      if (this.quantity[p]! <= 0 || this.sortName[p] === lastName) continue;
      lastName = this.sortName[p];
      out.push(id);
      if (out.length === limit) break;
    }
    return out;
  }

  /**
   * What a customer pays for one copy of each position under `view`'s rule (NaN: no price), with the price orders
   * made from it so far: made once per rule and kept with the index (quantities change in place, prices only with
   * a new index).
   */
  private customerOf(view: CustomerView) {
    let kept = this.customer.get(view.ruleKey);
    if (!kept) {
      const prices = new Float64Array(this.size);
      for (let p = 0; p < this.size; p++) {
        const asking = this.asking[p]!;
        const market = this.market[p]!;
        prices[p] =
          priceCents({
            askingCents: Number.isNaN(asking) ? null : asking,
            marketCents: Number.isNaN(market) ? null : market,
            quality: qualities[this.quality[p]!]!,
            language: languages[this.language[p]!]!,
            rule: view.rule,
          }) ?? Number.NaN;
      }
      kept = { prices, orders: new Map() };
      if (this.customer.size >= KEPT_RULES) this.customer.delete(this.customer.keys().next().value!);
      this.customer.set(view.ruleKey, kept);
    }
    return kept;
  }

  /**
   * The positions in `view`'s order, sorted once per index (and rule, for prices) and kept. Prices either way put
   * rows without a price last, equal prices in name order; newest is the highest id first (ids grow as rows are
   * stocked, and a sale does not move a row).
   */
  private orderOf(view: CustomerView): Int32Array {
    if (view.order === 'newest') {
      if (!this.newest) {
        const order = Int32Array.from({ length: this.size }, (_, p) => p);
        this.newest = order.sort((a, b) => this.ids[b]! - this.ids[a]!);
      }
      return this.newest;
    }
    const kept = this.customerOf(view);
    let order = kept.orders.get(view.order);
    if (!order) {
      const { prices } = kept;
      const sign = view.order === 'price_desc' ? -1 : 1;
      order = Int32Array.from({ length: this.size }, (_, p) => p).sort((a, b) => {
        const pa = prices[a]!;
        const pb = prices[b]!;
        if (Number.isNaN(pa) || Number.isNaN(pb)) return Number.isNaN(pa) ? (Number.isNaN(pb) ? a - b : 1) : -1;
        return pa === pb ? a - b : sign * (pa - pb);
      });
      kept.orders.set(view.order, order);
    }
    return order;
  }

  /** Keeps a row's new quantity after a write this process made; false when the row is unknown. */
  setQuantity(id: number, quantity: number): boolean {
    const p = this.positionOf.get(id);
    if (p === undefined) return false;
    this.quantity[p] = quantity;
    return true;
  }

  /**
   * Keeps a row's new asking price (cents, null: the pricing rule) after a write this process made; the customer
   * prices and price orders are made again when next asked. False when the row is unknown.
   */
  setAsking(id: number, cents: number | null): boolean {
    const p = this.positionOf.get(id);
    if (p === undefined) return false;
    this.asking[p] = cents ?? Number.NaN;
    this.customer.clear();
    return true;
  }

  /** Keeps a row's new location (null: none) after a write this process made; false when the row is unknown. */
  setLocation(id: number, location: string | null): boolean {
    const p = this.positionOf.get(id);
    if (p === undefined) return false;
    this.location[p] = location ?? '';
    this.locationLower[p] = (location ?? '').toLowerCase();
    return true;
  }

  has(id: number): boolean {
    return this.positionOf.has(id);
  }

  /**
   * This index with one more row, in its place by name: a fraction of what
   * reading a big shop from the database again costs.
   */
  withRow(added: IndexedRow): ShopIndex {
    const rows = Array.from({ length: this.size }, (_, p) => this.rowAt(p));
    let at = 0;
    while (at < rows.length && before(rows[at]!, added)) at++;
    rows.splice(at, 0, added);
    return new ShopIndex(rows);
  }

  private rowAt(p: number): IndexedRow {
    const market = this.market[p]!;
    return {
      id: this.ids[p]!,
      sort_name: this.sortName[p]!,
      set_code: this.setCode[p]!,
      finish: finishes[this.finish[p]!]!,
      quality: qualities[this.quality[p]!]!,
      language: languages[this.language[p]!]!,
      signed: this.flags[p]! & FLAG_BIT.signed ? 1 : 0,
      altered: this.flags[p]! & FLAG_BIT.altered ? 1 : 0,
      quantity: this.quantity[p]!,
      rarity: this.rarity[p]!,
      colors: this.colors[p]!,
      type_line: this.typeLine[p]!,
      market: Number.isNaN(market) ? null : market,
      asking: Number.isNaN(this.asking[p]!) ? null : this.asking[p]!,
      location: this.location[p]! || null,
    };
  }

  /** Rows having a word that starts with `prefix`, in position order. */
  private startingWith(prefix: string): Int32Array {
    const from = lowerBound(this.words, prefix);
    const to = lowerBound(this.words, `${prefix}\uffff`);
    if (to - from === 1) return this.postings[from]!;
    let total = 0;
    for (let i = from; i < to; i++) total += this.postings[i]!.length;
    const all = new Int32Array(total);
    let at = 0;
    for (let i = from; i < to; i++) {
      all.set(this.postings[i]!, at);
      at += this.postings[i]!.length;
    }
    all.sort();
    return dedupe(all);
  }

  /**
   * The non-word terms as one test of a position, or undefined when there are none. `usd` terms test `prices` when
   * given (what a customer pays), else the market price.
   */
  private predicate(q: InventoryQuery, prices?: Float64Array): ((p: number) => boolean) | undefined {
    const tests: ((p: number) => boolean)[] = [];
    if (q.sets.length) {
      const sets = new Set(q.sets);
      tests.push((p) => sets.has(this.setCode[p]!));
    }
    if (q.finishes.length) {
      const wanted = new Set(q.finishes.map((f) => FINISH.get(f)));
      tests.push((p) => wanted.has(this.finish[p]));
    }
    if (q.qualities.length) {
      const wanted = new Set(q.qualities.map((x) => QUALITY.get(x)));
      tests.push((p) => wanted.has(this.quality[p]));
    }
    if (q.languages.length) {
      const wanted = new Set(q.languages.map((x) => LANGUAGE.get(x)));
      tests.push((p) => wanted.has(this.language[p]));
    }
    if (q.flags.length) {
      const wanted = q.flags.reduce((bits, flag) => bits | FLAG_BIT[flag], 0);
      tests.push((p) => (this.flags[p]! & wanted) === wanted);
    }
    if (q.rarities.length) {
      const wanted = new Set(q.rarities);
      tests.push((p) => wanted.has(this.rarity[p]!));
    }
    for (const { op, value } of q.quantity) tests.push((p) => compare(this.quantity[p]!, op, value));
    // A row without a price matches no price term, as SQL's null would not.
    const usd = prices ?? this.market;
    for (const { op, cents } of q.usd) tests.push((p) => compare(usd[p]!, op, cents));
    for (const type of q.types) tests.push((p) => this.typeLine[p]!.includes(type));
    for (const place of q.locations) tests.push((p) => this.locationLower[p]!.includes(place));
    for (const row of q.rows) tests.push((p) => this.ids[p] === row);
    for (const colors of q.colors) {
      if (colors === 'c') tests.push((p) => this.colors[p] === '');
      else if (colors === 'm') tests.push((p) => this.colors[p]!.length > 1);
      else {
        const each = [...colors.toUpperCase()];
        tests.push((p) => each.every((c) => this.colors[p]!.includes(c)));
      }
    }
    if (tests.length === 0) return undefined;
    if (tests.length === 1) return tests[0];
    return (p) => tests.every((t) => t(p));
  }
}

/** The database's order: by normalized name, then id (a binary comparison, as SQL's). */
const before = (a: IndexedRow, b: IndexedRow) =>
  a.sort_name < b.sort_name || (a.sort_name === b.sort_name && a.id < b.id);

function dedupe(sorted: Int32Array): Int32Array {
  let w = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[w++] = sorted[i]!;
  return sorted.subarray(0, w);
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}
