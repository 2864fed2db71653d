import { finishes, languages, qualities } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { ImportRows } from './import-rows.ts';
import type { CardKey } from './csv-catalog.repository.ts';

const card = (id: string, name: string): CardKey => ({
  id,
  name,
  sort_name: name.toLowerCase(),
  set_code: 'lea',
  set_name: 'Limited Edition Alpha',
  collector_number: id.slice(-3),
  finishes: 'nonfoil,foil',
  tcgplayer_id: null,
  mtgo_id: null,
  mtgo_foil_id: null,
  cardmarket_id: null,
  image_small: null,
  price_usd: null,
  price_usd_foil: null,
  price_usd_etched: null,
});
const bolt = card('00000000-0000-4000-8000-000000000161', 'Lightning Bolt');
const ring = card('00000000-0000-4000-8000-000000000268', 'Sol Ring');
const line = (quantity: number, traits: Partial<{ finish: string; quality: string; language: string }> = {}) => ({
  finish: 'nonfoil',
  quality: 'NM',
  language: 'en',
  quantity,
  ...traits,
});

describe('ImportRows', () => {
  it('adds up lines of the same printing and traits, the last asking price and location given winning', () => {
    const rows = new ImportRows();
    rows.add(bolt, { ...line(2), location: 'Binder 1' }, 150);
    rows.add(ring, line(1), null);
    rows.add(bolt, { ...line(3), location: 'Box A-04' }, null);
    rows.add(bolt, line(1), 175);
    expect(rows.size).toBe(2);
    expect(rows.copies()).toBe(7);
    expect(rows.cardIds()).toEqual([bolt.id, ring.id]);
    expect(rows.row(0)).toEqual({
      card_id: bolt.id,
      finish: 'nonfoil',
      quality: 'NM',
      language: 'en',
      signed: 0,
      altered: 0,
      quantity: 6,
      asking_price: 175,
      location: 'Box A-04',
      sort_name: 'lightning bolt',
      set_code: 'lea',
      lines: 3,
      name: 'Lightning Bolt',
      collector_number: '161',
    });
    expect(rows.row(1)).toMatchObject({ card_id: ring.id, quantity: 1, asking_price: null, location: null, lines: 1 });
  });

  it('keeps every finish, condition, language and flag apart, and reads each back as it was given', () => {
    const rows = new ImportRows();
    const all = finishes.flatMap((finish) =>
      qualities.flatMap((quality) =>
        languages.flatMap((language) =>
          [0, 1].flatMap((signed) => [0, 1].map((altered) => ({ finish, quality, language, signed, altered }))),
        ),
      ),
    );
    for (const traits of all) rows.add(bolt, { ...traits, quantity: 1 }, null);
    expect(rows.size).toBe(all.length);
    all.forEach((traits, row) => {
      expect(rows.row(row)).toMatchObject(traits);
      expect(rows.indexOf({ card_id: bolt.id, ...traits })).toBe(row);
    });
  });

  it('finds no row for a stock row the file does not name', () => {
    const rows = new ImportRows();
    rows.add(bolt, line(1), null);
    expect(rows.indexOf({ card_id: bolt.id, finish: 'nonfoil', quality: 'NM', language: 'en' })).toBe(0);
    expect(rows.indexOf({ card_id: bolt.id, finish: 'foil', quality: 'NM', language: 'en' })).toBe(-1);
    expect(rows.indexOf({ card_id: bolt.id, finish: 'nonfoil', quality: 'NM', language: 'en', signed: 1 })).toBe(-1);
    expect(rows.indexOf({ card_id: ring.id, finish: 'nonfoil', quality: 'NM', language: 'en' })).toBe(-1);
    expect(rows.indexOf({ card_id: bolt.id, finish: 'nonfoil', quality: 'NM', language: 'la' })).toBe(-1);
  });
});
