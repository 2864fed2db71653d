import { describe, expect, it } from 'vitest';
import { normalizeName } from '../catalog/scryfall-card.ts';
import { defaultPricingRule, labelCodeOf } from '@cardstock/contract';
import { ShopIndexCache } from './inventory-index-cache.ts';
import { ShopIndex, type IndexedRow, type RowOrder } from './inventory-index.ts';
import { parseInventoryQuery } from './inventory-query.ts';

let nextId = 1;
function row(name: string, fields: Partial<IndexedRow> = {}): IndexedRow {
  return {
    id: nextId++,
    sort_name: normalizeName(name),
    set_code: 'lea',
    finish: 'nonfoil',
    quality: 'NM',
    language: 'en',
    signed: 0,
    altered: 0,
    quantity: 1,
    rarity: 'common',
    colors: '',
    type_line: 'Creature — Elemental',
    market: 100,
    ...fields,
  };
}

// In name order, as the database hands them over.
const rows = [
  row('Air Elemental', { colors: 'U', rarity: 'uncommon', quantity: 0 }),
  row('Dragon Whelp', {
    colors: 'R',
    set_code: 'm10',
    finish: 'foil',
    market: 250,
    type_line: 'Creature — Dragon',
    location: 'Box A-04',
  }),
  row('Dragonlord Ojutai', { colors: 'WU', rarity: 'mythic', quantity: 3, market: 1200, signed: 1, altered: 1 }),
  row('Drana, Liberator of Malakir', { colors: 'B', rarity: 'mythic', quality: 'LP', market: null }),
  row('Fire // Ice', { colors: 'UR', rarity: 'uncommon', type_line: 'Instant // Instant' }),
  row('Lim-Dûl the Necromancer', { colors: 'B', rarity: 'rare', set_code: 'all', signed: 1 }),
  row('Shivan Dragon', {
    colors: 'R',
    rarity: 'rare',
    quantity: 5,
    finish: 'etched',
    market: 900,
    location: 'Binder 3 p12',
  }),
];
const index = new ShopIndex(rows);
const names = (q: string) => {
  const ids = Array.from(index.match(parseInventoryQuery(q)));
  return ids.map((id) => rows.find((r) => r.id === id)!.sort_name);
};

describe('ShopIndex', () => {
  it('lists every row in name order for * or nothing', () => {
    expect(names('*')).toEqual(rows.map((r) => r.sort_name));
    expect(names('')).toHaveLength(rows.length);
  });

  it('matches the start of any word of the name, words in any order, accents and case ignored', () => {
    expect(names('dra')).toEqual(['dragon whelp', 'dragonlord ojutai', 'drana liberator of malakir', 'shivan dragon']);
    expect(names('DRAGON shiv')).toEqual(['shivan dragon']);
    expect(names('Lim-Dûl NECRO')).toEqual(['limdul the necromancer']);
    expect(names('ice')).toEqual(['fire // ice']);
    expect(names('ragon')).toEqual([]);
    expect(names('dragon zzz')).toEqual([]);
  });

  it('tests every term on the rows, all of them together', () => {
    expect(names('set:m10')).toEqual(['dragon whelp']);
    expect(names('is:foil')).toEqual(['dragon whelp']);
    expect(names('is:etched dragon')).toEqual(['shivan dragon']);
    expect(names('q>2')).toEqual(['dragonlord ojutai', 'shivan dragon']);
    expect(names('q=0')).toEqual(['air elemental']);
    expect(names('r:mythic')).toEqual(['dragonlord ojutai', 'drana liberator of malakir']);
    expect(names('c:wu')).toEqual(['dragonlord ojutai']);
    expect(names('c:m')).toEqual(['dragonlord ojutai', 'fire // ice']);
    expect(names('t:dragon')).toEqual(['dragon whelp']);
    expect(names('cond:lp')).toEqual(['drana liberator of malakir']);
    expect(names('is:signed')).toEqual(['dragonlord ojutai', 'limdul the necromancer']);
    expect(names('is:altered')).toEqual(['dragonlord ojutai']);
    expect(names('is:signed is:altered')).toEqual(['dragonlord ojutai']);
    // A row without a market price matches no price term.
    expect(names('usd<2')).toEqual(['air elemental', 'fire // ice', 'limdul the necromancer']);
    expect(names('usd>=9 r:rare')).toEqual(['shivan dragon']);
    // A location term finds the rows whose location holds it, in any case.
    expect(names('loc:a-04')).toEqual(['dragon whelp']);
    expect(names('loc:"binder 3"')).toEqual(['shivan dragon']);
    expect(names('loc:b dragon')).toEqual(['dragon whelp', 'shivan dragon']);
    expect(names('loc:shelf')).toEqual([]);
    // A label code (scanned on the ordering screen, typed in the search) finds that one row.
    const shivan = rows.find((r) => r.sort_name === 'shivan dragon')!;
    expect(names(labelCodeOf(shivan.id))).toEqual(['shivan dragon']);
    expect(names(`${labelCodeOf(shivan.id)} is:foil`)).toEqual([]);
    expect(names(labelCodeOf(999))).toEqual([]);
  });

  it('keeps a new location of a known row, found by the next search, and carries it into a grown index', () => {
    const local = new ShopIndex(rows);
    expect(local.setLocation(rows[0]!.id, 'Shelf C')).toBe(true);
    expect(local.setLocation(rows[1]!.id, null)).toBe(true);
    expect(Array.from(local.match(parseInventoryQuery('loc:shelf')))).toEqual([rows[0]!.id]);
    expect(Array.from(local.match(parseInventoryQuery('loc:a-04')))).toEqual([]);
    const grown = local.withRow(row('Dragon Egg'));
    expect(Array.from(grown.match(parseInventoryQuery('loc:shelf')))).toEqual([rows[0]!.id]);
    expect(local.setLocation(999_999, 'Nowhere')).toBe(false);
  });

  it('keeps a new quantity of a known row and says when it does not know the row', () => {
    const local = new ShopIndex(rows);
    expect(local.setQuantity(rows[0]!.id, 7)).toBe(true);
    expect(Array.from(local.match(parseInventoryQuery('q=7')))).toEqual([rows[0]!.id]);
    expect(local.setQuantity(999_999, 1)).toBe(false);
  });

  it('takes a new row in its place by name, leaving the old index as it was', () => {
    const egg = row('Dragon Egg', { rarity: 'uncommon' });
    const grown = index.withRow(egg);
    expect(grown.size).toBe(rows.length + 1);
    expect(grown.has(egg.id)).toBe(true);
    expect(index.has(egg.id)).toBe(false);
    const ids = Array.from(grown.match(parseInventoryQuery('dragon')));
    expect(ids).toEqual([egg.id, rows[1]!.id, rows[2]!.id, rows[6]!.id]);
    expect(Array.from(grown.match(parseInventoryQuery('r:uncommon egg')))).toEqual([egg.id]);
  });

  it('sorts rows itself, by name and then id, whatever order they come in', () => {
    const shuffled = ShopIndex.of([...rows].reverse());
    expect(Array.from(shuffled.match(parseInventoryQuery('*')))).toEqual(rows.map((r) => r.id));
  });
});

describe('ShopIndexCache', () => {
  const version = (inventory: number) => ({ inventory, catalog: 'c1' });
  /** An index builder that counts its builds. */
  const counted = () => {
    let n = 0;
    const build = () => {
      n++;
      return Promise.resolve(new ShopIndex(rows));
    };
    return { build, builds: () => n };
  };

  it('builds once per version and rebuilds when the version moves', async () => {
    const cache = new ShopIndexCache();
    const { build, builds } = counted();
    const a = await cache.get(1, version(1), build);
    expect(await cache.get(1, version(1), build)).toBe(a);
    expect(builds()).toBe(1);
    await cache.get(1, { inventory: 1, catalog: 'c2' }, build);
    expect(builds()).toBe(2);
    await cache.get(1, version(2), build);
    expect(builds()).toBe(3);
  });

  it('moves an index forward in place after a local write, and drops it when it cannot', async () => {
    const cache = new ShopIndexCache(1_000_000, 30);
    const { build, builds } = counted();
    await cache.get(1, version(1), build);
    await cache.advance(1, 1, 2, (index) => index);
    await cache.get(1, version(2), build);
    expect(builds()).toBe(1);
    // Another writer got in between (3 → 4 while the index is at 2): rebuild.
    await cache.advance(1, 3, 4, (index) => index);
    await cache.get(1, version(4), build);
    expect(builds()).toBe(2);
    await cache.advance(1, 4, 5, () => undefined);
    await cache.get(1, version(5), build);
    expect(builds()).toBe(3);
  });

  it('waits for its own writes that commit side by side, in either order, instead of rebuilding', async () => {
    const cache = new ShopIndexCache();
    const { build, builds } = counted();
    const held = await cache.get(1, version(1), build);
    // A reader already sees version 3, committed by two writes whose advances have not run yet.
    const reader = cache.get(1, version(3), build);
    // They arrive out of order: 2 → 3 first, then 1 → 2.
    const applied: number[] = [];
    const later = cache.advance(1, 2, 3, (index) => (applied.push(3), index));
    await cache.advance(1, 1, 2, (index) => (applied.push(2), index));
    await later;
    expect(applied).toEqual([2, 3]);
    expect(await reader).toBe(held);
    // A reader behind the index (it read version 2 before the last commit) is answered by it too.
    expect(await cache.get(1, version(2), build)).toBe(held);
    expect(builds()).toBe(1);
  });

  it('rebuilds after a short wait when another process moved the version', async () => {
    const cache = new ShopIndexCache(1_000_000, 30);
    const { build, builds } = counted();
    await cache.get(1, version(1), build);
    const started = Date.now();
    await cache.get(1, version(2), build);
    expect(builds()).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('lets the least recently used shops go past the row limit', async () => {
    const cache = new ShopIndexCache(rows.length * 2);
    const { build, builds } = counted();
    await cache.get(1, version(1), build);
    await cache.get(2, version(1), build);
    await cache.get(1, version(1), build);
    await cache.get(3, version(1), build); // shop 2 is the oldest now
    expect(builds()).toBe(3);
    await cache.get(1, version(1), build);
    expect(builds()).toBe(3);
    await cache.get(2, version(1), build);
    expect(builds()).toBe(4);
  });
});

describe('ShopIndex.firstOfEachName', () => {
  // Rows of one name side by side, as name order puts them; some sold out.
  const stock = [
    row('Lightning Bolt', { quantity: 0 }),
    row('Lightning Bolt', { set_code: 'm10', quantity: 2 }),
    row('Lightning Bolt', { set_code: 'm11', quantity: 4 }),
    row('Lightning Helix', { quantity: 0 }),
    row('Lightning Strike', { quantity: 1 }),
    row('Lightning Strike', { quality: 'LP', quantity: 1 }),
    row('Lightwalker', { quantity: 1 }),
  ];
  const shop = new ShopIndex(stock);
  const firsts = (q: string, limit = 10) =>
    shop.firstOfEachName(parseInventoryQuery(q), limit).map((id) => {
      const r = stock.find((s) => s.id === id)!;
      return `${r.sort_name}|${r.set_code}`;
    });

  it('gives the first in-stock row of each matching name, in name order', () => {
    expect(firsts('lightning')).toEqual(['lightning bolt|m10', 'lightning strike|lea']);
    expect(firsts('light')).toEqual(['lightning bolt|m10', 'lightning strike|lea', 'lightwalker|lea']);
  });

  it('stops at the limit and finds nothing for a name out of stock or not held', () => {
    expect(firsts('light', 2)).toEqual(['lightning bolt|m10', 'lightning strike|lea']);
    expect(firsts('helix')).toEqual([]);
    expect(firsts('counterspell')).toEqual([]);
  });
});

describe('ShopIndex customer orders', () => {
  const rule = { ...defaultPricingRule, markup_percent: 0, floor_cents: 1 };
  const view = (order: RowOrder) => ({ order, rule, ruleKey: 'test' });
  const shop = () => {
    const list = [
      row('Alpha', { market: 300 }),
      row('Bravo', { market: null }),
      row('Charlie', { market: 100, asking: 5000 }),
      row('Delta', { market: 200, quality: 'HP' }),
      row('Echo', { market: 100 }),
    ];
    return { list, index: new ShopIndex(list) };
  };
  const namesOf = (list: IndexedRow[], ids: Int32Array) =>
    Array.from(ids, (id) => list.find((r) => r.id === id)!.sort_name);

  it('sorts by what a customer pays (asking price, else the rule), no price last either way, ties by name', () => {
    const { list, index } = shop();
    const all = parseInventoryQuery('');
    // Customer prices: alpha 300, bravo none, charlie 5000 (asking), delta 120 (HP 60 %), echo 100.
    expect(namesOf(list, index.match(all, view('price_asc')))).toEqual(['echo', 'delta', 'alpha', 'charlie', 'bravo']);
    expect(namesOf(list, index.match(all, view('price_desc')))).toEqual(['charlie', 'alpha', 'delta', 'echo', 'bravo']);
    expect(namesOf(list, index.match(all, view('name')))).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
  });

  it('puts the newest row (highest id) first, and keeps the order of a search', () => {
    const { list, index } = shop();
    expect(namesOf(list, index.match(parseInventoryQuery(''), view('newest')))).toEqual([
      'echo',
      'delta',
      'charlie',
      'bravo',
      'alpha',
    ]);
    expect(namesOf(list, index.match(parseInventoryQuery('usd<2'), view('price_desc')))).toEqual(['delta', 'echo']);
    // Staff search tests the market price: Charlie's $1 market matches, its $50 asking price does not count.
    expect(namesOf(list, index.match(parseInventoryQuery('usd<2')))).toEqual(['charlie', 'echo']);
  });

  it('follows a new asking price in place', () => {
    const { list, index } = shop();
    const all = parseInventoryQuery('');
    expect(namesOf(list, index.match(all, view('price_asc')))[0]).toBe('echo');
    expect(index.setAsking(list[0]!.id, 1)).toBe(true);
    expect(namesOf(list, index.match(all, view('price_asc')))[0]).toBe('alpha');
    expect(index.setAsking(999_999, 1)).toBe(false);
  });
});
