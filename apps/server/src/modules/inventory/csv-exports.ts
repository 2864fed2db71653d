import {
  centsText,
  languageNames,
  languageOf,
  type ExportFormat,
  type Finish,
  type Quality,
} from '@cardstock/contract';
import { catalogText, type CsvCell } from '../../lib/csv.ts';
import { CARDSTOCK_CSV_HEADER } from './csv-formats.ts';
import { deckboxSet, tcgplayerSet } from './csv-set-names.ts';
import type { StockFields } from './inventory.repository.ts';

/** What an export reads of a stock row and its printing. */
export interface ExportRow extends StockFields {
  card_id: string;
  name: string;
  set_code: string;
  set_name: string;
  collector_number: string;
  rarity: string;
  type_line: string | null;
  tcgplayer_id: number | null;
  cardmarket_id: number | null;
  /** Cents; null: the pricing rule prices the row. */
  asking_price: number | null;
  /** The name of the set a token, art-card, promo or oversized set goes with ("tktk" → "Khans of Tarkir"). */
  parent_set_name?: string | null;
  /** Where the copies are kept, null for nowhere said. */
  location: string | null;
}

/** A layout a tool's own importer reads: its header, and a row's cells in the header's order. */
export interface ExportLayout {
  header: readonly string[];
  /** Comma unless said (Cardmarket's importer reads semicolons). */
  delimiter?: string;
  /** Catalog text (names, set names and codes, numbers) as {@link catalogText}: written bare, never neutralised. */
  cells(row: ExportRow): CsvCell[];
  /** A sealed product's row, in the layouts that carry sealed stock (Cardstock's own); the others leave them out. */
  sealedCells?(product: SealedExportRow): CsvCell[];
}

/** What an export reads of a sealed product: as stored, price in cents, set code '' for none. */
export interface SealedExportRow {
  name: string;
  category: string;
  set_code: string;
  price: number;
  quantity: number;
  /** Its UPC/EAN (digits), null for none. */
  upc: string | null;
  /** Where its boxes are kept, null for nowhere said. */
  location: string | null;
}

/**
 * Each tool's words for Cardstock's five conditions (the US scale). ManaBox grades on the European scale, where
 * Lightly Played is "excellent" and Moderately Played "light_played" (the import reads them back the same way).
 */
const CONDITION_WORDS: Readonly<Record<Exclude<ExportFormat, 'cardstock'>, Readonly<Record<Quality, string>>>> = {
  // Cardmarket numbers its seven EU grades: 2 Near Mint, 3 Excellent, 5 Light Played, 6 Played, 7 Poor.
  cardmarket: { NM: '2', LP: '3', MP: '5', HP: '6', D: '7' },
  manabox: { NM: 'near_mint', LP: 'excellent', MP: 'light_played', HP: 'played', D: 'poor' },
  moxfield: { NM: 'Near Mint', LP: 'Good (Lightly Played)', MP: 'Played', HP: 'Heavily Played', D: 'Damaged' },
  deckbox: { NM: 'Near Mint', LP: 'Good (Lightly Played)', MP: 'Played', HP: 'Heavily Played', D: 'Poor' },
  tcgplayer: { NM: 'Near Mint', LP: 'Lightly Played', MP: 'Moderately Played', HP: 'Heavily Played', D: 'Damaged' },
};

const condition = (format: Exclude<ExportFormat, 'cardstock'>, quality: string) =>
  CONDITION_WORDS[format][quality as Quality] ?? CONDITION_WORDS[format].NM;

const dollars = (cents: number | null) => centsText(cents) ?? '';

const catalogSet = (r: ExportRow) => ({ code: r.set_code, name: r.set_name, parentName: r.parent_set_name });

/** The row's language as ManaBox writes it: Scryfall's codes, but `zh_CN` and `zh_TW` for Chinese. */
const manaboxLanguage = (language: string) =>
  (({ zhs: 'zh_CN', zht: 'zh_TW' }) as Record<string, string>)[language] ?? languageOf(language);

/** The row's language by name, as Moxfield and Deckbox write it ("Chinese" and "Traditional Chinese" for Chinese). */
const languageName = (language: string) =>
  (({ zhs: 'Chinese', zht: 'Traditional Chinese' }) as Record<string, string>)[language] ??
  languageNames[languageOf(language)];

/** TCGplayer's own names for the Chinese languages; the others by name. */
const tcgplayerLanguage = (language: string) =>
  (({ zhs: 'Chinese (S)', zht: 'Chinese (T)' }) as Record<string, string>)[language] ?? languageName(language);

function tcgplayerRarity(row: ExportRow): string {
  if (row.type_line?.includes('Token')) return 'Token';
  if (row.type_line?.startsWith('Basic Land')) return 'Land';
  const rarities: Record<string, string> = { common: 'Common', uncommon: 'Uncommon', rare: 'Rare', mythic: 'Mythic' };
  return rarities[row.rarity] ?? 'Special';
}

/** Cardmarket's language ids. Phyrexian has none: those rows are written without one (English). */
const CARDMARKET_LANGUAGES: Readonly<Record<string, number>> = {
  en: 1,
  fr: 2,
  de: 3,
  es: 4,
  it: 5,
  zhs: 6,
  ja: 7,
  pt: 8,
  ru: 9,
  ko: 10,
  zht: 11,
};

const CARDMARKET_HEADER = [
  'idProduct',
  'groupCount',
  'price',
  'idLanguage',
  'condition',
  'isFoil',
  'isSigned',
  'isAltered',
  'isPlayset',
  'isReverseHolo',
  'isFirstEd',
  'isFullArt',
  'isUberRare',
  'isWithDie',
];

const MANABOX_HEADER = [
  'Name',
  'Set code',
  'Set name',
  'Collector number',
  'Foil',
  'Rarity',
  'Quantity',
  'ManaBox ID',
  'Scryfall ID',
  'Purchase price',
  'Misprint',
  'Altered',
  'Condition',
  'Language',
  'Purchase price currency',
];

const MOXFIELD_HEADER = [
  'Count',
  'Tradelist Count',
  'Name',
  'Edition',
  'Condition',
  'Language',
  'Foil',
  'Tags',
  'Last Modified',
  'Collector Number',
  'Alter',
  'Proxy',
  'Purchase Price',
];

const DECKBOX_HEADER = [
  'Count',
  'Tradelist Count',
  'Name',
  'Edition',
  'Edition Code',
  'Card Number',
  'Condition',
  'Language',
  'Foil',
  'Signed',
  'Artist Proof',
  'Altered Art',
  'Misprint',
  'Promo',
  'Textless',
  'Printing Id',
  'Printing Note',
  'Tags',
  'My Price',
];

const TCGPLAYER_HEADER = [
  'Quantity',
  'Name',
  'Simple Name',
  'Set',
  'Card Number',
  'Set Code',
  'Printing',
  'Condition',
  'Language',
  'Rarity',
  'Product ID',
  'SKU',
];

/**
 * The layouts, each the one its tool's importer reads (the columns of its own export), each row's language, and its
 * signed and altered flags where the tool has columns for them, in the tool's own words. What a layout cannot say is left out, never guessed: Deckbox knows no etched (etched
 * copies go as foil, which its importer takes); ManaBox's and Deckbox's own ids are not in the catalog; TCGplayer's
 * etched products have ids of their own the catalog lacks, so their Product ID is empty and the name carries
 * TCGplayer's "(Foil Etched)" tag.
 */
export const EXPORT_LAYOUTS: Readonly<Record<ExportFormat, ExportLayout>> = {
  cardstock: {
    header: CARDSTOCK_CSV_HEADER,
    cells: (r) => [
      catalogText(r.name),
      catalogText(r.set_code),
      catalogText(r.collector_number),
      r.card_id,
      r.finish,
      r.quality,
      r.quantity,
      dollars(r.asking_price),
      languageOf(r.language),
      r.signed ? 'true' : 'false',
      r.altered ? 'true' : 'false',
      'single',
      '',
      '',
      // The shop's own words: neutralised as any typed cell is.
      r.location ?? '',
    ],
    // The shop's own words (a product's name is typed, not catalog text): neutralised as any typed cell is.
    sealedCells: (p) => [
      p.name,
      p.set_code,
      '',
      '',
      '',
      '',
      p.quantity,
      dollars(p.price),
      '',
      '',
      '',
      'sealed',
      p.category,
      p.upc ?? '',
      p.location ?? '',
    ],
  },
  manabox: {
    header: MANABOX_HEADER,
    cells: (r) => [
      catalogText(r.name),
      catalogText(r.set_code.toUpperCase()),
      catalogText(r.set_name),
      catalogText(r.collector_number),
      ({ nonfoil: 'normal', foil: 'foil', etched: 'etched' } as Record<string, string>)[r.finish] ?? 'normal',
      r.rarity,
      r.quantity,
      '',
      r.card_id,
      '',
      'false',
      r.altered ? 'true' : 'false',
      condition('manabox', r.quality),
      manaboxLanguage(r.language),
      '',
    ],
  },
  moxfield: {
    header: MOXFIELD_HEADER,
    cells: (r) => [
      r.quantity,
      0,
      catalogText(r.name),
      catalogText(r.set_code),
      condition('moxfield', r.quality),
      languageName(r.language),
      r.finish === 'nonfoil' ? '' : r.finish,
      '',
      '',
      catalogText(r.collector_number),
      r.altered ? 'True' : 'False',
      'False',
      // `Purchase Price` is what the copy cost, which the shop's asking price is not: left empty.
      '',
    ],
  },
  deckbox: {
    header: DECKBOX_HEADER,
    cells: (r) => [
      r.quantity,
      0,
      catalogText(r.name),
      catalogText(deckboxSet(catalogSet(r)).name),
      catalogText(deckboxSet(catalogSet(r)).code),
      catalogText(r.collector_number),
      condition('deckbox', r.quality),
      languageName(r.language),
      r.finish === 'nonfoil' ? '' : 'foil',
      // Deckbox writes a set flag as its lower-case word, as `foil`.
      r.signed ? 'signed' : '',
      '',
      r.altered ? 'altered' : '',
      '',
      '',
      '',
      '',
      '',
      '',
      r.asking_price === null ? '' : `$${dollars(r.asking_price)}`,
    ],
  },
  tcgplayer: {
    header: TCGPLAYER_HEADER,
    cells: (r) => {
      const etched = (r.finish as Finish) === 'etched';
      const set = tcgplayerSet(catalogSet(r));
      return [
        r.quantity,
        catalogText(etched ? `${r.name} (Foil Etched)` : r.name),
        catalogText(r.name),
        catalogText(set.name),
        catalogText(r.collector_number),
        catalogText(set.code),
        r.finish === 'nonfoil' ? 'Normal' : 'Foil',
        condition('tcgplayer', r.quality),
        tcgplayerLanguage(r.language),
        tcgplayerRarity(r),
        etched || r.tcgplayer_id === null ? '' : r.tcgplayer_id,
        '',
      ];
    },
  },
  // Cardmarket's stock layout, by idProduct alone. Its prices are euros, so the asking price (dollars) is left out;
  // etched printings are products of their own there, which the catalog lacks: their idProduct is left empty.
  cardmarket: {
    header: CARDMARKET_HEADER,
    delimiter: ';',
    cells: (r) => [
      r.finish === 'etched' || r.cardmarket_id === null ? '' : r.cardmarket_id,
      r.quantity,
      '',
      CARDMARKET_LANGUAGES[r.language] ?? '',
      condition('cardmarket', r.quality),
      r.finish === 'foil' ? 1 : '',
      r.signed ? 1 : '',
      r.altered ? 1 : '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  },
};
