import { describe, expect, it } from 'vitest';
import { formatName, legalityLines } from './format-names.ts';

describe('formatName', () => {
  it('names the formats as players know them', () => {
    expect(formatName('penny')).toBe('Penny Dreadful');
    expect(formatName('brawl')).toBe('Historic Brawl');
    expect(formatName('standardbrawl')).toBe('Standard Brawl');
    expect(formatName('paupercommander')).toBe('Pauper Commander');
    expect(formatName('duel')).toBe('Duel Commander');
    expect(formatName('oldschool')).toBe('Old School');
    expect(formatName('predh')).toBe('PreDH');
    expect(formatName('future')).toBe('Future Standard');
    expect(formatName('vintage')).toBe('Vintage');
    expect(formatName('historicbrawl')).toBe('Historic Brawl');
    expect(formatName('competitivebrawl')).toBe('Competitive Brawl');
  });

  it('has a name for every key of a current Scryfall card', () => {
    const keys = [
      'standard',
      'future',
      'historic',
      'timeless',
      'gladiator',
      'pioneer',
      'explorer',
      'modern',
      'legacy',
      'pauper',
      'vintage',
      'penny',
      'commander',
      'oathbreaker',
      'standardbrawl',
      'brawl',
      'alchemy',
      'paupercommander',
      'duel',
      'oldschool',
      'premodern',
      'predh',
    ];
    for (const key of keys) expect(formatName(key), key).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/);
    expect(new Set(keys.map(formatName)).size).toBe(keys.length);
  });

  it('reads an unknown key as capitalized words', () => {
    expect(formatName('new_format')).toBe('New Format');
    expect(formatName('arena-cube')).toBe('Arena Cube');
    expect(formatName('frontier')).toBe('Frontier');
    expect(formatName('toString')).toBe('ToString');
    expect(formatName('tlr')).toBe('TLR');
  });
});

describe('a card’s legality lines (issue 38)', () => {
  it('reads an older file’s brawl as Standard Brawl beside its historicbrawl: Historic Brawl once', () => {
    const lines = legalityLines({ standard: 'legal', brawl: 'not_legal', historicbrawl: 'legal', vintage: 'legal' });
    expect(lines.map((l) => [l.name, l.status])).toEqual([
      ['Standard', 'legal'],
      ['Standard Brawl', 'not_legal'],
      ['Historic Brawl', 'legal'],
      ['Vintage', 'legal'],
    ]);
  });

  it('reads a newer file’s brawl as Historic Brawl beside standardbrawl', () => {
    const lines = legalityLines({ brawl: 'legal', standardbrawl: 'not_legal' });
    expect(lines.map((l) => l.name)).toEqual(['Historic Brawl', 'Standard Brawl']);
  });
});
