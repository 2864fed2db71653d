import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { interopDir, interopFile, LAYOUTS, fixtureCards, type LayoutName } from '@cardstock/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { CsvFormatError, parseInventoryCsv, type CsvFormat, type CsvLine, type ParsedCsv } from './csv-formats.ts';

// Real exports of other tools, from the interop corpus (CARDSTOCK_INTEROP_DIR, its csv/FORMATS.md describes them).
// Without the corpus every test here is skipped; with it, a missing file fails its test (interopFile throws).

const csvDir = (): string => path.dirname(interopFile('csv/FORMATS.md'));
const read = (file: string): string => readFileSync(interopFile(`csv/${file}`), 'utf8');
const parseFile = (file: string): ParsedCsv => parseInventoryCsv(read(file));

/** Data rows by counting non-blank physical lines: none of these files has a newline inside a quoted field. */
function dataRowCount(text: string): number {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const sepLine = /^\uFEFF?"?sep=/.test(lines[0] ?? '') ? 1 : 0;
  return lines.length - 1 - sepLine;
}

function lineAt(parsed: ParsedCsv, line: number): CsvLine {
  const found = parsed.lines.filter((l) => l.line === line);
  expect(found, `exactly one line parsed from file line ${line}`).toHaveLength(1);
  return found[0]!;
}

const count = (parsed: ParsedCsv, predicate: (line: CsvLine) => boolean): number =>
  parsed.lines.filter(predicate).length;

/**
 * A real export of each layout the fixture writer writes; the Cardstock file, Delver Lens's minimal preset, the
 * header variants and the spreadsheets have none.
 */
const REAL_EXPORT: Readonly<Partial<Record<LayoutName, string>>> = {
  manabox: 'manabox.csv',
  'manabox-without-binder': 'manabox_2026.csv',
  'tcgplayer-app': 'tcgplayer_app.csv',
  'tcgplayer-seller': 'tcgplayer_seller_pricing.csv',
  moxfield: 'moxfield_2026.csv',
  deckbox: 'deckbox.csv',
  'deckbox-all-columns': 'deckbox_all_columns.csv',
  cardsphere: 'cardsphere.csv',
  'delverlens-moxfield': 'delverlens_moxfield_preset.csv',
  'delverlens-scryfall': 'delverlens_scryfall.csv',
  archidekt: 'archidekt.csv',
  'dragonshield-web': 'dragonshield.csv',
  'dragonshield-app': 'dragonshield_app.csv',
  helvault: 'helvault.csv',
  topdecked: 'topdecked.csv',
  urzasgatherer: 'urzas_gatherer.csv',
  echomtg: 'echomtg.csv',
  cubecobra: 'cubecobra.csv',
  mtgo: 'mtgo.csv',
  deckedbuilder: 'decked_builder.csv',
  cardmarket: 'cardmarket_generated.csv',
};

describe.skipIf(!interopDir)('real exports of other tools (interop corpus)', () => {
  describe('the fixture writer', () => {
    const bolt = fixtureCards().find((card) => card.name === 'Lightning Bolt' && card.set === '2x2')!;

    it.each(Object.entries(REAL_EXPORT))('writes the lines before the first row as %s does', (layout, file) => {
      const written = LAYOUTS[layout as LayoutName]
        .write([{ card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 1 }])
        .split(/\r?\n/);
      const real = read(file).split(/\r?\n/);
      const headerAt = written.findIndex((line) => !/sep=/.test(line));
      expect(written.slice(0, headerAt + 1)).toEqual(real.slice(0, headerAt + 1));
    });
  });

  describe('the corpus folder', () => {
    // Named by CARDSTOCK_INTEROP_DIR, wherever the corpus lives.
    it('is the shared CSV exports, with their format notes', () => {
      expect(readdirSync(csvDir())).toContain('FORMATS.md');
    });
  });

  describe('format detection on every real file', () => {
    const expected: Record<string, CsvFormat | undefined> = {
      'archidekt.csv': 'archidekt',
      'archidekt_2026.csv': 'archidekt',
      'archidekt_all_columns.csv': 'archidekt',
      'archidekt_tags.csv': 'archidekt',
      'cardcastle.csv': undefined,
      'cardcastle_simple.csv': 'spreadsheet',
      'cardmarket_generated.csv': 'cardmarket',
      'cardsphere.csv': 'cardsphere',
      // CardSphere's Moxfield-layout export, and ManaBox's: same columns, same words as Moxfield.
      'cardsphere_alt_export.csv': 'moxfield',
      'cardsphere_haves_2025-04.csv': 'cardsphere',
      'cubecobra.csv': 'cubecobra',
      'deckbox.csv': 'deckbox',
      'deckbox_2026.csv': 'deckbox',
      'deckbox_all_columns.csv': 'deckbox',
      'decked_builder.csv': 'deckedbuilder',
      'deckstats.csv': 'spreadsheet',
      'deckstats_large.csv': 'spreadsheet',
      'delverlens_moxfield_preset.csv': 'delverlens',
      'delverlens_scryfall.csv': 'delverlens',
      'dragonshield.csv': 'dragonshield',
      'dragonshield_app.csv': 'dragonshield',
      'dragonshield_collection_2022.csv': 'dragonshield',
      'dragonshield_official_sample.csv': 'dragonshield',
      'dragonshield_sample.csv': 'dragonshield',
      'dragonshield_web.csv': 'dragonshield',
      'echomtg.csv': 'echomtg',
      'helvault.csv': 'helvault',
      'helvault_signed.csv': 'helvault',
      'manabox.csv': 'manabox',
      'manabox_2026.csv': 'manabox',
      'manabox_collection_large.csv': 'manabox',
      'manabox_conditions.csv': 'manabox',
      'manabox_moxfield_format.csv': 'moxfield',
      'moxfield.csv': 'moxfield',
      'moxfield_2026.csv': 'moxfield',
      'moxfield_conditions.csv': 'moxfield',
      'mtggoldfish.csv': 'spreadsheet',
      'mtggoldfish_from_mtgarena.csv': 'spreadsheet',
      'mtggoldfish_with_scryfall_ids.csv': 'spreadsheet',
      'mtgo.csv': 'mtgo',
      'mtgo_small.csv': 'mtgo',
      'tappedout.csv': 'spreadsheet',
      'tcgplayer_app.csv': 'tcgplayer',
      'tcgplayer_collection.csv': 'tcgplayer',
      'tcgplayer_seller_pricing.csv': 'tcgplayer',
      'topdecked.csv': 'topdecked',
      'topdecked_collection.csv': 'topdecked',
      'urzas_gatherer.csv': 'urzasgatherer',
    };

    it('covers every file in the folder', () => {
      const files = readdirSync(csvDir()).filter((file) => file.endsWith('.csv'));
      expect(files.sort()).toEqual(Object.keys(expected).sort());
    });

    it.each(Object.entries(expected))('%s → %s', (file, format) => {
      if (format) {
        expect(parseFile(file).format).toBe(format);
      } else {
        expect(() => parseFile(file)).toThrow(CsvFormatError);
      }
    });

    // moxfield.csv is all proxies, helvault.csv and three Archidekt exports have some (refused, see below).
    const withProxies = [
      'moxfield.csv',
      'helvault.csv',
      'archidekt.csv',
      'archidekt_all_columns.csv',
      'archidekt_tags.csv',
    ];
    it.each(Object.entries(expected).filter(([file]) => !withProxies.includes(file)))(
      '%s has no problem rows',
      (file, format) => {
        if (format) expect(parseFile(file).problems).toEqual([]);
      },
    );
  });

  describe('ManaBox', () => {
    const file = 'manabox_2026.csv';
    let parsed: ParsedCsv;
    beforeAll(() => {
      parsed = parseFile(file);
    });

    it('reads every row', () => {
      expect(parsed.format).toBe('manabox');
      expect(parsed.lines).toHaveLength(dataRowCount(read(file)) - parsed.problems.length);
      expect(parsed.lines).toHaveLength(42);
    });

    it('reads a quoted name with a comma, the Scryfall ID, foil and the dollar price', () => {
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Aragorn, the Uniter',
        scryfallId: '9d481911-48a9-4cd7-a3b4-14c058dcac19',
        setCode: 'ltr',
        setName: 'The Lord of the Rings: Tales of Middle-earth',
        collectorNumber: '741z',
        finish: 'foil',
        quality: 'NM',
        quantity: 1,
        price: 4599.99,
        language: 'en',
      });
    });

    it('reads etched, The List collector numbers and DFC names', () => {
      expect(lineAt(parsed, 8)).toMatchObject({
        name: 'Demonic Tutor',
        setCode: 'cmm',
        collectorNumber: '509',
        finish: 'etched',
      });
      expect(lineAt(parsed, 14)).toMatchObject({
        setCode: 'plst',
        collectorNumber: 'DDC-49',
        finish: 'nonfoil',
        price: 25,
      });
      expect(lineAt(parsed, 6)).toMatchObject({ name: 'Delver of Secrets // Insectile Aberration', setCode: 'isd' });
      expect(count(parsed, (l) => l.finish === 'etched')).toBe(2);
      expect(count(parsed, (l) => l.finish === 'foil')).toBe(6);
    });

    it('maps its language codes to Scryfall codes', () => {
      expect(lineAt(parsed, 32).language).toBe('zhs');
      expect(lineAt(parsed, 33).language).toBe('zht');
      expect(lineAt(parsed, 29).language).toBe('ja');
    });

    it('reads the binder export of an older collection', () => {
      const old = parseFile('manabox.csv');
      expect(old.lines).toHaveLength(dataRowCount(read('manabox.csv')) - old.problems.length);
      expect(old.lines).toHaveLength(59);
      expect(lineAt(old, 57)).toEqual({
        line: 57,
        name: 'Icatian Moneychanger',
        scryfallId: 'cf9521ae-6fac-4d86-9c60-adecaae5687d',
        setCode: 'fem',
        setName: 'Fallen Empires',
        collectorNumber: '10c',
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 2,
        price: 0.13,
        language: 'en',
        location: 'Owned Cards',
      });
      expect(old.lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(43 * 1 + 11 * 2 + 3 * 3 + 4 + 5);
    });

    it('reads a large German collection', () => {
      const large = parseFile('manabox_collection_large.csv');
      expect(large.lines).toHaveLength(500);
      expect(count(large, (l) => l.language === 'de')).toBe(351);
      expect(count(large, (l) => l.finish === 'foil')).toBe(13);
      expect(lineAt(large, 9)).toMatchObject({ name: 'Treasure', setCode: 'tmom', collectorNumber: '20' });
      // Binders are places; the export's deck and list are not.
      expect(count(large, (l) => l.location === 'Import')).toBe(467);
      expect(count(large, (l) => l.location === 'Test-2023-09-12')).toBe(30);
      expect(count(large, (l) => l.location === undefined)).toBe(3);
    });
  });

  describe('Deckbox', () => {
    it('reads the default export (Deckbox set codes, $0.00 "My Price" as no price)', () => {
      const parsed = parseFile('deckbox.csv');
      expect(parsed.format).toBe('deckbox');
      expect(parsed.lines).toHaveLength(dataRowCount(read('deckbox.csv')) - parsed.problems.length);
      expect(parsed.lines).toHaveLength(53);
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Angelic Captain',
        setCode: 'bfz',
        setName: 'Battle for Zendikar',
        collectorNumber: '208',
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 2,
        language: 'en',
      });
      expect(lineAt(parsed, 49)).toMatchObject({ name: 'Urborg, Tomb of Yawgmoth', setCode: 'v12', finish: 'foil' });
      expect(parsed.lines.filter((l) => l.finish === 'foil').map((l) => l.line)).toEqual([16, 30, 49]);
      expect(count(parsed, (l) => l.price !== undefined)).toBe(0);
    });

    it('reads the Scryfall and TCGplayer ids of the all-columns export', () => {
      const parsed = parseFile('deckbox_all_columns.csv');
      expect(parsed.lines).toHaveLength(53);
      expect(lineAt(parsed, 2)).toMatchObject({
        name: 'Angelic Captain',
        scryfallId: 'ef0baf56-816a-4e0a-beb3-73b51487ff00',
        tcgplayerId: 105365,
        quantity: 2,
      });
    });

    it('reads the 2026 export: conditions, languages, etched stored as foil, empty ids', () => {
      const parsed = parseFile('deckbox_2026.csv');
      expect(parsed.lines).toHaveLength(dataRowCount(read('deckbox_2026.csv')) - parsed.problems.length);
      expect(lineAt(parsed, 3)).toMatchObject({
        name: 'Aragorn, the Uniter',
        setCode: 'ltr',
        collectorNumber: '741',
        finish: 'foil',
        tcgplayerId: 517446,
        scryfallId: '5f092adf-a06e-47c1-9400-2eebf9ef719d',
      });
      const commanderMasters = lineAt(parsed, 12);
      expect(commanderMasters).toMatchObject({ setCode: 'cmm', collectorNumber: '509', finish: 'foil' });
      expect(commanderMasters.tcgplayerId).toBeUndefined();
      expect(lineAt(parsed, 22).quality).toBe('NM'); // Mint
      expect(lineAt(parsed, 24).quality).toBe('LP'); // Good (Lightly Played)
      expect(lineAt(parsed, 30)).toMatchObject({ quality: 'HP', quantity: 2 });
      expect(lineAt(parsed, 29).language).toBe('zht');
      expect(lineAt(parsed, 31).language).toBe('zhs');
    });
  });

  describe('TCGplayer', () => {
    it('reads the app export: simple names, product ids, printing, conditions, languages', () => {
      const parsed = parseFile('tcgplayer_app.csv');
      expect(parsed.format).toBe('tcgplayer');
      expect(parsed.lines).toHaveLength(dataRowCount(read('tcgplayer_app.csv')) - parsed.problems.length);
      expect(parsed.lines).toHaveLength(18);
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Choose Your Weapon',
        setCode: 'afr',
        setName: 'Adventures in the Forgotten Realms',
        collectorNumber: '175',
        tcgplayerId: 243064,
        finish: 'foil',
        quality: 'NM',
        quantity: 1,
        language: 'en',
      });
      expect(lineAt(parsed, 3)).toMatchObject({ name: 'Illusion Token', setCode: 'cmr', finish: 'nonfoil' });
      expect(lineAt(parsed, 3).collectorNumber).toBeUndefined();
      // "(Foil Etched)" in the full name is the only sign of an etched card.
      expect(lineAt(parsed, 9)).toMatchObject({
        name: 'Najeela, the Blade-Blossom',
        finish: 'etched',
        tcgplayerId: 226819,
        language: 'zht',
      });
      expect(lineAt(parsed, 10)).toMatchObject({ name: 'Najeela, the Blade-Blossom', setCode: 'sld', quality: 'LP' });
      expect(lineAt(parsed, 11).quality).toBe('MP');
      expect(lineAt(parsed, 17)).toMatchObject({ quality: 'D', setCode: 'ppeld', collectorNumber: '251p' });
      expect(lineAt(parsed, 18)).toMatchObject({ quality: 'HP', language: 'zhs', finish: 'foil' });
    });

    it('reads a large collection export', () => {
      const parsed = parseFile('tcgplayer_collection.csv');
      expect(parsed.lines).toHaveLength(1010);
      expect(count(parsed, (l) => l.finish === 'foil')).toBe(148);
      expect(lineAt(parsed, 4)).toMatchObject({
        name: 'Abzan Charm',
        setCode: 'list',
        setName: 'The List Reprints',
        collectorNumber: 'C16-177',
        tcgplayerId: 203116,
      });
    });

    it('reads the seller pricing export, where condition, foil and language share a cell', () => {
      const file = 'tcgplayer_seller_pricing.csv';
      const parsed = parseFile(file);
      expect(parsed.format).toBe('tcgplayer');
      expect(parsed.lines).toHaveLength(dataRowCount(read(file)) - parsed.problems.length - parsed.skipped);
      // Catalogue rows with nothing in stock: skipped and counted, not refused.
      expect(parsed.skipped).toBe(368);
      expect(parsed.problems).toEqual([]);
      expect(lineAt(parsed, 395)).toEqual({
        line: 395,
        name: 'Dragon Cultist (Foil Etched)',
        setName: "Commander Legends: Battle for Baldur's Gate",
        collectorNumber: '503',
        finish: 'etched',
        quality: 'NM',
        quantity: 1,
        price: 0.35,
        language: 'en',
      });
      expect(lineAt(parsed, 292)).toMatchObject({ name: 'Belligerent Whiptail', finish: 'foil', quality: 'LP' });
      // The SKU id is not a product id.
      expect(count(parsed, (l) => l.tcgplayerId !== undefined)).toBe(0);
    });
  });

  describe('Moxfield', () => {
    it('refuses every row of a haves export that marks its cards as proxies', () => {
      const parsed = parseFile('moxfield.csv');
      expect(parsed.format).toBe('moxfield');
      expect(parsed.lines).toEqual([]);
      expect(parsed.problems).toHaveLength(558);
      expect(new Set(parsed.problems.map((p) => p.reason))).toEqual(
        new Set(['A proxy, not a real card: not stocked.']),
      );
    });

    it('reads a real haves export', () => {
      // The same file with its cards marked real: Proxy (the column before the last) "True" → "False".
      const text = read('moxfield.csv').replace(/"True"(,"[^"]*")$/gm, '"False"$1');
      const parsed = parseInventoryCsv(text);
      expect(parsed.format).toBe('moxfield');
      expect(parsed.lines).toHaveLength(dataRowCount(text) - parsed.problems.length);
      expect(parsed.lines).toHaveLength(558);
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Academy Rector',
        setCode: 'uds',
        collectorNumber: '1',
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 1,
        language: 'en',
      });
      expect(lineAt(parsed, 136)).toMatchObject({
        name: 'Elesh Norn, Grand Cenobite',
        setCode: 'j14',
        collectorNumber: '8',
        finish: 'foil',
        language: 'ph',
      });
      expect(lineAt(parsed, 324)).toMatchObject({ name: 'Phyrexian Tower', quantity: 3, language: 'en' });
      expect(count(parsed, (l) => l.finish === 'foil')).toBe(124);
    });

    it('reads etched and purchase prices', () => {
      const parsed = parseFile('moxfield_2026.csv');
      expect(parsed.lines).toHaveLength(43);
      expect(lineAt(parsed, 8)).toMatchObject({ name: 'Demonic Tutor', setCode: 'cmm', finish: 'etched', price: 40 });
      expect(lineAt(parsed, 10)).toMatchObject({ setCode: 'sta', finish: 'etched', price: 45 });
      expect(lineAt(parsed, 2)).toMatchObject({ collectorNumber: '741z', finish: 'foil' });
      expect(lineAt(parsed, 2).price).toBeUndefined();
    });

    it("reads ManaBox's Moxfield-layout export", () => {
      const parsed = parseFile('manabox_moxfield_format.csv');
      expect(parsed.lines).toEqual([
        {
          line: 2,
          name: 'Firkraag, Cunning Instigator',
          setCode: 'clb',
          collectorNumber: '648',
          finish: 'foil',
          quality: 'D',
          quantity: 1,
          price: 9.29,
          language: 'en',
        },
      ]);
    });
  });

  describe('Delver Lens', () => {
    it('reads the Moxfield preset (upper-case set codes)', () => {
      const file = 'delverlens_moxfield_preset.csv';
      const parsed = parseFile(file);
      expect(parsed.format).toBe('delverlens');
      expect(parsed.lines).toHaveLength(dataRowCount(read(file)) - parsed.problems.length);
      expect(parsed.lines).toHaveLength(89);
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Reflections of Littjara',
        setCode: 'clb',
        collectorNumber: '733',
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 1,
      });
      expect(lineAt(parsed, 6)).toMatchObject({ name: 'Island', setCode: 'iko', quantity: 3 });
      expect(lineAt(parsed, 16)).toMatchObject({ name: 'Lukka, Bound to Ruin', setCode: 'one', finish: 'foil' });
      expect(lineAt(parsed, 63)).toMatchObject({ setCode: 'fem', collectorNumber: '58b' });
      expect(count(parsed, (l) => l.finish === 'foil')).toBe(7);
    });

    it('reads the Scryfall-ID preset, where Edition is a set name', () => {
      const file = 'delverlens_scryfall.csv';
      const parsed = parseFile(file);
      expect(parsed.lines).toHaveLength(dataRowCount(read(file)) - parsed.problems.length);
      expect(parsed.lines).toHaveLength(983);
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Backup Agent',
        scryfallId: '2a46af75-3880-4141-b26e-19834d67e7a8',
        setName: 'Streets of New Capenna',
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 4,
      });
      expect(lineAt(parsed, 680)).toMatchObject({ name: 'Island', quantity: 34 });
    });
  });

  describe('condition vocabularies', () => {
    const qualities = (file: string): string[] => parseFile(file).lines.map((l) => l.quality);

    it("ManaBox's seven EU grades", () => {
      // mint, excellent, good, light_played, played, poor
      expect(qualities('manabox_conditions.csv')).toEqual(['NM', 'LP', 'LP', 'MP', 'HP', 'D']);
      // excellent, played, played, mint
      const lines = parseFile('manabox_2026.csv');
      expect([20, 21, 22, 23].map((n) => lineAt(lines, n).quality)).toEqual(['LP', 'HP', 'HP', 'NM']);
    });

    it("Moxfield's words", () => {
      // Mint, Near Mint, Good (Lightly Played), Heavily Played, Played, Damaged
      expect(qualities('moxfield_conditions.csv')).toEqual(['NM', 'NM', 'LP', 'HP', 'MP', 'D']);
    });

    it("Dragon Shield's EU grades, web and app", () => {
      // Poor, Played, LightPlayed, Mint, Excellent, Good, NearMint
      expect(qualities('dragonshield_sample.csv')).toEqual(['D', 'HP', 'MP', 'NM', 'LP', 'LP', 'NM']);
      // Played, Excellent, Good, NearMint, Poor, LightPlayed, NearMint, NearMint, Mint, NearMint, NearMint
      expect(qualities('dragonshield_app.csv')).toEqual([
        'HP',
        'LP',
        'LP',
        'NM',
        'D',
        'MP',
        'NM',
        'NM',
        'NM',
        'NM',
        'NM',
      ]);
    });

    it("Archidekt's abbreviations", () => {
      const parsed = parseFile('archidekt_2026.csv');
      expect([31, 32, 33].map((n) => lineAt(parsed, n).quality)).toEqual(['D', 'HP', 'MP']);
    });

    it("TopDecked's words", () => {
      const parsed = parseFile('topdecked.csv');
      // mint, slightly played, moderately played, heavily played, damaged
      expect([20, 21, 22, 23, 24].map((n) => lineAt(parsed, n).quality)).toEqual(['NM', 'LP', 'MP', 'HP', 'D']);
    });

    it("CardSphere's abbreviations and the Moxfield words in its other export", () => {
      expect(qualities('cardsphere.csv')).toEqual(['NM', 'MP', 'LP', 'HP', 'NM', 'LP']);
      // Moderately Played, SP, Near Mint, ...
      expect(qualities('cardsphere_alt_export.csv').slice(0, 2)).toEqual(['MP', 'LP']);
    });
  });

  describe('finishes of the other tools', () => {
    it('Dragon Shield foil treatments and empty printings', () => {
      const web = parseFile('dragonshield.csv');
      expect(lineAt(web, 3)).toMatchObject({ name: 'Aragorn, the Uniter', collectorNumber: '741z', finish: 'foil' }); // Double Rainbow Foil
      const sample = parseFile('dragonshield_sample.csv');
      expect(sample.lines.map((l) => l.finish)).toEqual([
        'nonfoil',
        'foil',
        'nonfoil',
        'foil',
        'nonfoil',
        'etched',
        'foil',
      ]);
      const older = parseFile('dragonshield_web.csv');
      expect(lineAt(older, 4).finish).toBe('nonfoil'); // Printing left empty
      expect(lineAt(older, 3)).toMatchObject({ finish: 'foil', quality: 'LP', language: 'zhs' });
    });

    it.each(['archidekt.csv', 'archidekt_all_columns.csv', 'archidekt_tags.csv'])(
      'refuses the rows %s tags Proxy, and only those',
      (file) => {
        const rows = read(file).split(/\r?\n/);
        const tagged = rows.flatMap((row, i) => (/(^|[,"])Proxy([,"]|$)/.test(row) ? [i + 1] : []));
        expect(tagged.length).toBeGreaterThan(0);
        expect(parseFile(file).problems).toEqual(
          tagged.map((line) => ({ line, reason: 'A proxy, not a real card: not stocked.' })),
        );
      },
    );

    it('Helvault extras flags', () => {
      const parsed = parseFile('helvault.csv');
      // Line 4's extras say "proxy": refused with the reason, as a Moxfield proxy is.
      expect(parsed.problems).toEqual([{ line: 4, reason: 'A proxy, not a real card: not stocked.' }]);
      expect(parsed.lines.map((l) => [l.finish, l.quantity])).toEqual([
        ['nonfoil', 1],
        ['nonfoil', 1],
        ['foil', 1],
        ['nonfoil', 4],
        ['foil', 2],
        ['etched', 3],
      ]);
      expect(lineAt(parsed, 8)).toMatchObject({
        scryfallId: '25de0eb6-94f5-440f-8201-cc7dad2f0805',
        setCode: 'mh2',
        collectorNumber: '389',
        finish: 'etched',
      });
      // "signed/alteredArt": both flags kept; the other rows are plain copies.
      expect(parsed.lines.map((l) => [l.line, l.signed ?? false, l.altered ?? false])).toEqual([
        [2, false, false],
        [3, true, true],
        [5, false, false],
        [6, false, false],
        [7, false, false],
        [8, false, false],
      ]);
      // Every row of Helvault's signed-cards example is signed, its finishes read as before.
      const signed = parseFile('helvault_signed.csv');
      expect(signed.problems).toEqual([]);
      expect(signed.lines.every((l) => l.signed === true && l.altered === undefined)).toBe(true);
      expect(signed.lines).toHaveLength(dataRowCount(read('helvault_signed.csv')));
    });

    it('CardSphere N/F flags, with etched named in the edition', () => {
      expect(parseFile('cardsphere.csv').lines.map((l) => l.finish)).toEqual([
        'nonfoil',
        'foil',
        'etched',
        'foil',
        'nonfoil',
        'nonfoil',
      ]);
    });

    it("Urza's Gatherer: foils are counted inside Count", () => {
      const parsed = parseFile('urzas_gatherer.csv');
      expect(parsed.lines).toHaveLength(300);
      expect(lineAt(parsed, 3)).toEqual({
        line: 3,
        name: 'A Little Chat',
        scryfallId: '4d7424b6-b56a-47b7-8204-294d3dca925f',
        setCode: 'snc',
        setName: 'Streets of New Capenna',
        collectorNumber: '47',
        tcgplayerId: 268341,
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 1,
      });
      expect(lineAt(parsed, 129)).toMatchObject({ name: 'Bonepicker Skirge', finish: 'foil', quantity: 3 });

      const header =
        'Name,Type,Color,Rarity,Author,Power,Toughness,Mana cost,Converted mana cost,Count,Foil count,Special foil count,Price,Foil price,Number,Set,Set code,ID,Multiverse ID,Comments,To trade,Condition,Grading,Languages,TCG ID,Cardmarket ID,Scryfall ID';
      const row = (counts: string) =>
        `Opt,Instant,Blue,Common,,0,0,(U),1,${counts},$0.10,$0.20,65,Ixalan,XLN,1,1,,0,,,,,,`;
      const mixed = parseInventoryCsv(`${header}\n${row('5,2,1')}\n${row('0,0,0')}\n`);
      expect(mixed.lines.map((l) => [l.line, l.finish, l.quantity])).toEqual([
        [2, 'nonfoil', 2],
        [2, 'foil', 2],
        [2, 'etched', 1],
      ]);
      expect(mixed.problems).toEqual([]);
      expect(mixed.skipped).toBe(1);
    });
  });

  describe('file-level handling', () => {
    it('handles a BOM and a "sep=," line, as in the real Urza\'s Gatherer export', () => {
      expect(read('urzas_gatherer.csv').charCodeAt(0)).toBe(0xfeff);
      const parsed = parseFile('urzas_gatherer.csv');
      expect(parsed.format).toBe('urzasgatherer');
      expect(parsed.lines[0]!.line).toBe(3);
    });

    it('numbers lines after a "sep=," line, as in the real Dragon Shield export', () => {
      const parsed = parseFile('dragonshield_collection_2022.csv');
      expect(parsed.lines).toHaveLength(dataRowCount(read('dragonshield_collection_2022.csv')));
      expect(lineAt(parsed, 3)).toMatchObject({ name: 'Abandon the Post', setCode: 'mid', language: 'de' });
    });

    // The sep line's delimiter is tested on our own files (csv-formats.test.ts); here a BOM on a real export.
    it('reads a real export behind a BOM', () => {
      const bom = parseInventoryCsv('\uFEFF' + read('moxfield_conditions.csv'));
      expect(bom.format).toBe('moxfield');
      expect(bom.lines).toHaveLength(6);
    });

    it('keeps short rows (TopDecked omits trailing cells)', () => {
      const parsed = parseFile('topdecked_collection.csv');
      expect(parsed.lines).toHaveLength(400);
      expect(lineAt(parsed, 2)).toEqual({
        line: 2,
        name: 'Conscripted Infantry',
        scryfallId: 'f50b0449-8ff7-4549-893b-aeca93720c64',
        setCode: 'bro',
        setName: "The Brothers' War",
        collectorNumber: '129',
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 1,
      });
    });
  });
});
