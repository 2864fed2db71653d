import { describe, expect, it } from 'vitest';
import type { CardSummaryRow } from './catalog.repository.ts';
import { NameIndex } from './name-index.ts';
import { normalizeName } from './scryfall-card.ts';

let n = 0;
const card = (name: string, extra: Partial<CardSummaryRow> = {}): CardSummaryRow => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  oracle_id: `oracle-${name}`,
  name,
  sort_name: normalizeName(name),
  lang: 'en',
  released_at: '2024-01-01',
  set_code: 'tst',
  set_name: 'Test Set',
  collector_number: String(n),
  finishes: 'nonfoil,foil',
  image_small: null,
  image_normal: null,
  ...extra,
});

const names = (index: NameIndex, q: string, limit = 10) => index.search(q, limit).cards.map((c) => c.name);

describe('NameIndex', () => {
  const index = new NameIndex([
    card('Lightning Bolt'),
    card('Lightning Helix'),
    card('Boltwing Marauder'),
    card('Chain Lightning'),
    card('Bolt Bend'),
    card('Jace, the Mind Sculptor'),
    card('Æther Vial'),
    card('Fire // Ice'),
    card('Lightning Bolt', { oracle_id: 'oracle-Lightning Bolt', set_code: 'old', released_at: '1993-08-05' }),
  ]);

  it('keeps one entry per card: the first (newest) printing', () => {
    expect(index.size).toBe(8);
    expect(index.search('lightning bolt', 5).cards[0]!.set_code).toBe('tst');
  });

  it('ranks the exact name, then names starting with the query, then word starts', () => {
    expect(names(index, 'bolt')).toEqual(['Bolt Bend', 'Boltwing Marauder', 'Lightning Bolt']);
    expect(names(index, 'lightning')).toEqual(['Lightning Bolt', 'Lightning Helix', 'Chain Lightning']);
  });

  it('matches words in any order, by their starts, ignoring case, accents and punctuation', () => {
    expect(names(index, 'bolt light')).toEqual(['Lightning Bolt']);
    expect(names(index, 'JACE mind')).toEqual(['Jace, the Mind Sculptor']);
    expect(names(index, 'aether')).toEqual(['Æther Vial']);
    expect(names(index, 'ice')).toEqual(['Fire // Ice']);
  });

  it('finds nothing for words no name starts with', () => {
    expect(names(index, 'olt')).toEqual([]);
    expect(names(index, 'zzz')).toEqual([]);
  });

  it('counts every match and returns the best `limit`', () => {
    const result = index.search('li', 2);
    expect(result.total).toBe(3);
    expect(result.cards).toHaveLength(2);
  });

  it('prefers an English printing to represent a card', () => {
    const mixed = new NameIndex([
      card('Counterspell', { oracle_id: 'cs', lang: 'ja', set_code: 'jpn' }),
      card('Counterspell', { oracle_id: 'cs', lang: 'en', set_code: 'eng' }),
    ]);
    expect(mixed.search('counter', 5).cards.map((c) => c.set_code)).toEqual(['eng']);
  });
});
