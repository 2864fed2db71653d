import { exportFormats } from '@cardstock/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../lib/csv.ts';
import { EXPORT_LAYOUTS, type ExportRow } from './csv-exports.ts';
import { parseInventoryCsv } from './csv-formats.ts';

const row = (over: Partial<ExportRow> = {}): ExportRow => ({
  card_id: 'e3285e6b-3e79-4d7c-bf96-d920f973b122',
  name: 'Lightning Bolt',
  set_code: '2x2',
  set_name: 'Double Masters 2022',
  collector_number: '117',
  rarity: 'uncommon',
  type_line: 'Instant',
  tcgplayer_id: 262717,
  cardmarket_id: 664300,
  finish: 'nonfoil',
  quality: 'NM',
  language: 'en',
  signed: 0,
  altered: 0,
  quantity: 3,
  asking_price: 125,
  location: null,
  ...over,
});

const write = (format: (typeof exportFormats)[number], rows: ExportRow[]) => {
  const layout = EXPORT_LAYOUTS[format];
  return csvText(
    layout.header,
    rows.map((r) => layout.cells(r)),
    { delimiter: layout.delimiter },
  );
};

describe('CSV export layouts', () => {
  it.each(exportFormats)('the %s layout is read back as that tool’s file, each condition and finish kept', (format) => {
    // Cardmarket sells etched printings as products of their own, which the catalog lacks (see the next test).
    const finishes =
      format === 'cardmarket' ? (['nonfoil', 'foil'] as const) : (['nonfoil', 'foil', 'etched'] as const);
    const rows = (['NM', 'LP', 'MP', 'HP', 'D'] as const).flatMap((quality, i) =>
      finishes.map((finish) => row({ quality, finish, quantity: i + 1 })),
    );
    const parsed = parseInventoryCsv(write(format, rows));
    expect(parsed.format).toBe(format);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines.map((l) => `${l.quality}|${l.finish}|${l.quantity}`)).toEqual(
      rows.map(
        (r) => `${r.quality}|${format === 'deckbox' && r.finish === 'etched' ? 'foil' : r.finish}|${r.quantity}`,
      ),
    );
  });

  // A typed cell a spreadsheet would run is written after a `'`, which the import takes off again.
  it('writes a row’s storage location in Cardstock’s own layout, read back as the row’s (issue 41)', () => {
    const text = write('cardstock', [row({ location: 'Binder 3 p12' }), row({ location: '=HYPERLINK("x")' }), row()]);
    const lines = parseInventoryCsv(text).lines;
    expect(lines.map((l) => l.location)).toEqual(['Binder 3 p12', '=HYPERLINK("x")', undefined]);
  });

  it("writes Cardmarket's idProduct, language and grade numbers, and no id it cannot know", () => {
    const text = write('cardmarket', [
      row({ language: 'de', quality: 'MP', finish: 'foil', quantity: 2 }),
      row({ finish: 'etched' }),
      row({ cardmarket_id: null }),
    ]);
    expect(text.split('\n').slice(0, 4)).toEqual([
      'idProduct;groupCount;price;idLanguage;condition;isFoil;isSigned;isAltered;isPlayset;isReverseHolo;isFirstEd;isFullArt;isUberRare;isWithDie',
      '664300;2;;3;5;1;;;;;;;;',
      ';3;;1;2;;;;;;;;;',
      ';3;;1;2;;;;;;;;;',
    ]);
    expect(parseInventoryCsv(text).lines).toEqual([
      { line: 2, name: '', cardmarketId: 664300, finish: 'foil', quality: 'MP', quantity: 2, language: 'de' },
    ]);
  });

  // Which flags each layout has a column for: TCGplayer's has none, Moxfield's and ManaBox's only `Alter(ed)`.
  const flagColumns = {
    cardstock: ['signed', 'altered'],
    cardmarket: ['signed', 'altered'],
    deckbox: ['signed', 'altered'],
    manabox: ['altered'],
    moxfield: ['altered'],
    tcgplayer: [],
  } as const;

  it.each(exportFormats)('the %s layout writes signed and altered copies in its own words where it can', (format) => {
    const rows = [row({ signed: 1 }), row({ altered: 1 }), row({ signed: 1, altered: 1 }), row()];
    const parsed = parseInventoryCsv(write(format, rows));
    expect(parsed.problems).toEqual([]);
    const kept: readonly string[] = flagColumns[format];
    expect(parsed.lines.map((l) => [l.signed ?? false, l.altered ?? false])).toEqual(
      rows.map((r) => [kept.includes('signed') && r.signed === 1, kept.includes('altered') && r.altered === 1]),
    );
  });

  // What each layout's price column means: an asking price is written only where the column is a sale price.
  const priceColumns = {
    cardstock: { column: 'Price', asking: true },
    deckbox: { column: 'My Price', asking: true },
    moxfield: { column: 'Purchase Price', asking: false },
    manabox: { column: 'Purchase price', asking: false },
  } as const;

  it.each(Object.entries(priceColumns))(
    'the %s layout writes the asking price only in a column that means a sale price',
    (format, { column, asking }) => {
      const [header, cells]: string[][] = parse(
        write(format as keyof typeof priceColumns, [row({ asking_price: 125 })]),
      );
      const cell = cells![header!.indexOf(column)];
      expect(cell).toBe(asking ? (format === 'deckbox' ? '$1.25' : '1.25') : '');
    },
  );

  // Cardmarket's layout names no card: its idProduct does.
  it.each(exportFormats.filter((f) => f !== 'cardmarket'))(
    'the %s layout writes a card named like a formula ("+2 Mace") bare, as the tool writes it, and reads it back',
    (format) => {
      const text = write(format, [row({ name: '+2 Mace', set_name: '-Set', collector_number: '@1' })]);
      expect(text).not.toContain("'");
      const [header, cells]: string[][] = parse(text);
      const at = (column: string) => cells![header!.findIndex((h) => h.toLowerCase() === column)];
      expect(at('name')).toBe('+2 Mace');
      expect(cells).toContain('@1');
      expect(parseInventoryCsv(text).lines[0]).toMatchObject({ name: '+2 Mace', collectorNumber: '@1' });
    },
  );
});
