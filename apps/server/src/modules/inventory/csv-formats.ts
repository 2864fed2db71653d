/**
 * Reads the CSV exports of Magic: The Gathering inventory tools (ManaBox, Moxfield, Deckbox, TCGplayer...) into
 * normalized inventory lines. Pure: no database, no network. Which printing a line means is decided elsewhere;
 * this module only reports what the file says, in one vocabulary.
 *
 * The tools, their columns and their words are described in shared/data/csv/FORMATS.md.
 */
import {
  centsToDollars,
  dollarsToCents,
  languageNames,
  languages,
  locationMaxLength,
  locationText,
  maxStockQuantity,
  type Finish,
  type Language,
} from '@cardstock/contract';
import { parse, type Options as ParseOptions } from 'csv-parse/sync';
import { kindProblem, readSealedRow, rowKind, type SealedLine } from './csv-sealed.ts';

/** A card's surface (the contract's). */
export type { Finish };

/** Cardstock's five-step condition scale (the US one TCGplayer uses). */
export type Quality = 'NM' | 'LP' | 'MP' | 'HP' | 'D';

/** The tools whose exports Cardstock reads. */
export type CsvFormat =
  | 'cardstock'
  | 'manabox'
  | 'deckbox'
  | 'tcgplayer'
  | 'moxfield'
  | 'delverlens'
  | 'archidekt'
  | 'dragonshield'
  | 'helvault'
  | 'topdecked'
  | 'urzasgatherer'
  | 'cardsphere'
  | 'echomtg'
  | 'cubecobra'
  | 'mtgo'
  | 'deckedbuilder'
  | 'cardmarket'
  /** Any other spreadsheet whose columns say what they hold: read by their names. */
  | 'spreadsheet';

/** One inventory line read from a CSV row (a row with separate foil counts gives several). */
export interface CsvLine {
  /** 1-based line of the row in the file: the header is line 1 (line 2 after a `sep=` line). */
  line: number;
  /** Card name as written; '' when the tool gives none. */
  name: string;
  /** Scryfall card id, lowercase. */
  scryfallId?: string;
  /** The tool's set code, lowercase; for most tools Scryfall's code, see FORMATS.md for exceptions. */
  setCode?: string;
  setName?: string;
  collectorNumber?: string;
  /** TCGplayer product id (never a SKU id). */
  tcgplayerId?: number;
  /** Magic Online catalog id: Scryfall's `mtgo_id`, or `mtgo_foil_id` for a premium copy. */
  mtgoId?: number;
  /** Cardmarket product id (`idProduct`, Scryfall's `cardmarket_id`). */
  cardmarketId?: number;
  finish: Finish;
  quality: Quality;
  /** Whole number, at least 1; 0 only when read to set quantities ({@link lineReader}'s `keepEmpty`). */
  quantity: number;
  /** Purchase or listing price in US dollars, rounded to cents; undefined when absent, zero or in another currency. */
  price?: number;
  /** Scryfall language code (`en`, `ja`, `zhs`...); English when the file says none. */
  language: Language;
  /** True for signed copies, left out otherwise (as for files that cannot say). */
  signed?: boolean;
  /** True for altered copies, left out otherwise. */
  altered?: boolean;
  /** Where the copies are kept (a `Location`, `Bin` or `Binder Name` column); left out when the cell is empty. */
  location?: string;
}

/** A row that could not become a line, and why, in plain English. */
export interface CsvProblem {
  line: number;
  reason: string;
  /**
   * What the refused row could still say of its card (name, ids, set and number; the rest stand-ins): a sync keeps
   * the rows such a line names rather than taking their copies (a typo in a condition is no "none left").
   */
  named?: CsvLine;
}

/** What {@link parseInventoryCsv} found in a file. */
export interface ParsedCsv {
  format: CsvFormat;
  lines: CsvLine[];
  problems: CsvProblem[];
  /** Cardstock's own file: its sealed products' rows (absent when it has none). */
  sealed?: SealedLine[];
  /** Rows with no copies (a seller's zero-stock listing, a sold-out row): nothing to stock, so not read. */
  skipped: number;
}

/** The file is not CSV, or its header matches no tool Cardstock knows. */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

/** The columns Cardstock's own export writes, in order. */
export const CARDSTOCK_CSV_HEADER: string[] = [
  'Name',
  'Set Code',
  'Collector Number',
  'Scryfall ID',
  'Finish',
  'Condition',
  'Quantity',
  'Price',
  'Language',
  'Signed',
  'Altered',
  'Kind',
  'Category',
  'UPC',
  'Location',
];

/** Each format's name as its users know it. */
export const CSV_FORMAT_NAMES: Readonly<Record<CsvFormat, string>> = {
  cardstock: 'Cardstock',
  manabox: 'ManaBox',
  deckbox: 'Deckbox',
  tcgplayer: 'TCGplayer',
  moxfield: 'Moxfield',
  delverlens: 'Delver Lens',
  archidekt: 'Archidekt',
  dragonshield: 'Dragon Shield',
  helvault: 'Helvault',
  topdecked: 'TopDecked',
  urzasgatherer: "Urza's Gatherer",
  cardsphere: 'CardSphere',
  echomtg: 'EchoMTG',
  cubecobra: 'CubeCobra',
  mtgo: 'Magic Online',
  deckedbuilder: 'Decked Builder',
  cardmarket: 'Cardmarket',
  spreadsheet: 'a spreadsheet with Quantity and Card Name or Scryfall ID columns',
};

// ---------------------------------------------------------------------------------------------------------------
// Vocabularies

/**
 * US tools grade on five steps; ManaBox, Dragon Shield and Cardmarket on seven EU grades, where "Played" is a worse
 * card than a US "Played". The EU grades map to US steps as in FORMATS.md's side-by-side table (after MtgCsvHelper):
 * Mint, Near Mint → NM; Excellent, Good → LP; Light(ly) Played → MP; Played → HP; Poor → D.
 */
type ConditionScale = 'us' | 'eu';

/**
 * The generic reader's scale: a file no tool named can say either. Words both scales have are read on the US one,
 * as most spreadsheets are (so "Played" is MP and "Lightly Played" LP, one step better than on Dragon Shield's
 * scale); words only the EU scale has are read on it (Dragon Shield's "LightPlayed" is MP). Dragon Shield's own
 * exports are read on their scale by its layout.
 */
type ReaderScale = ConditionScale | 'either';

/** Every condition word per Cardstock quality and scale; matched ignoring case, spaces and punctuation. */
const CONDITIONS: Readonly<Record<Quality, Readonly<Record<ConditionScale, readonly string[]>>>> = {
  NM: {
    us: ['Mint', 'M', 'MT', 'Near Mint', 'NM'],
    eu: ['Mint', 'MT', 'Near Mint', 'NM'],
  },
  LP: {
    us: [
      'Lightly Played',
      'LP',
      'Good (Lightly Played)',
      'Slightly Played',
      'SP',
      'SL',
      'Excellent',
      'EX',
      'Good',
      'GD',
    ],
    eu: ['Excellent', 'EX', 'Good', 'GD'],
  },
  MP: {
    us: ['Moderately Played', 'MP', 'Played', 'PL'],
    eu: ['Light Played', 'Lightly Played', 'LP'],
  },
  HP: {
    us: ['Heavily Played', 'HP'],
    eu: ['Played', 'PL', 'Heavily Played', 'HP'],
  },
  D: {
    us: ['Damaged', 'D', 'DMG', 'Poor', 'PO'],
    eu: ['Poor', 'PO', 'Damaged', 'D', 'DMG'],
  },
};

/** Scryfall language code → how the tools write it (names, ISO codes, tool-specific codes). */
const LANGUAGES: Readonly<Record<Language, readonly string[]>> = {
  en: ['English'],
  de: ['German', 'Deutsch'],
  fr: ['French'],
  es: ['Spanish'],
  it: ['Italian'],
  pt: ['Portuguese'],
  ja: ['Japanese', 'JP'],
  ko: ['Korean', 'KR'],
  ru: ['Russian'],
  zhs: ['Chinese', 'Simplified Chinese', 'Chinese (S)', 'zh_CN', 'zh-CN', 'CS', 'CN'],
  zht: ['Traditional Chinese', 'Chinese (T)', 'zh_TW', 'zh-TW', 'CT', 'TW'],
  ph: ['Phyrexian'],
};

const conditionKey = (word: string): string => word.toLowerCase().replace(/[^a-z]/g, '');
const languageKey = (word: string): string => word.toLowerCase().replace(/\s+/g, ' ');

const CONDITION_LOOKUP: Readonly<Record<ReaderScale, ReadonlyMap<string, Quality>>> = {
  us: conditionLookup('us'),
  eu: conditionLookup('eu'),
  // The US words last, so theirs is the grade a word of both scales has.
  either: new Map([...conditionLookup('eu'), ...conditionLookup('us')]),
};

function conditionLookup(scale: ConditionScale): Map<string, Quality> {
  const lookup = new Map<string, Quality>();
  for (const [quality, words] of Object.entries(CONDITIONS) as [Quality, Record<ConditionScale, string[]>][]) {
    for (const word of words[scale]) lookup.set(conditionKey(word), quality);
  }
  return lookup;
}

const LANGUAGE_LOOKUP: ReadonlyMap<string, Language> = new Map(
  (Object.entries(LANGUAGES) as [Language, readonly string[]][]).flatMap(([code, words]) =>
    [code, languageNames[code], ...words].map((word) => [languageKey(word), code] as const),
  ),
);

// ---------------------------------------------------------------------------------------------------------------
// Tools

type Field =
  | 'name'
  | 'scryfallId'
  | 'setCode'
  | 'setName'
  | 'collectorNumber'
  | 'tcgplayerId'
  | 'mtgoId'
  | 'cardmarketId'
  | 'finish'
  | 'condition'
  | 'quantity'
  | 'price'
  | 'language'
  /** A cell saying the copy is signed ("true", "1", "signed"...); empty or "false" when not. */
  | 'signed'
  /** A cell saying the copy is altered. */
  | 'altered'
  /** A cell saying the card is a proxy (a printed copy, not a real card). */
  | 'proxy'
  /** Where the copies are kept: a shelf, a box, a binder. */
  | 'location'
  /** Helvault's `/`-joined flags ("signed/foil", "etchedFoil", "proxy/signed/alteredArt"): finish and flags in one. */
  | 'extras';

/** A row's cells by field, before any checking. */
type RawLine = Partial<Record<Field, string>>;

/** The trimmed cell of the current row under a column, named as {@link headerKey} matches it; '' when absent. */
type CellReader = (column: string) => string;

interface ToolSpec {
  format: CsvFormat;
  /** Header columns that together identify the export, matched as {@link headerKey} reads a header. */
  signature: readonly string[];
  /** The column each field is read from (matched the same way). Price only where the amount is in US dollars. */
  columns: Readonly<Partial<Record<Field, string>>>;
  /** Lower-case finish cell → finish. */
  finishes: Readonly<Record<string, Finish>>;
  scale: ReaderScale;
  /** Fixes what the tool packs into one cell or spreads over several; may give several lines for one row. */
  reshape?: (raw: RawLine, cell: CellReader) => RawLine[];
}

const FOIL_WORD: Readonly<Record<string, Finish>> = { '': 'nonfoil', foil: 'foil', etched: 'etched' };
const NORMAL_FOIL_ETCHED: Readonly<Record<string, Finish>> = { normal: 'nonfoil', foil: 'foil', etched: 'etched' };

/**
 * Known exports. First match wins, so a tool whose export also carries another tool's signature comes before it:
 * Deckbox's all-columns export has every CardSphere signature column, Moxfield's every Delver Lens preset one.
 */
/** Moxfield's columns, which Delver Lens's Moxfield preset shares (without the price). */
const MOXFIELD_COLUMNS = {
  quantity: 'count',
  name: 'name',
  setCode: 'edition',
  collectorNumber: 'collector number',
  condition: 'condition',
  language: 'language',
  finish: 'foil',
} as const;

const TOOLS: readonly ToolSpec[] = [
  {
    format: 'cardstock',
    // Files from before languages have no Language column (their rows are English), nor from before the flags
    // Signed and Altered (their rows are unflagged), nor from before sealed rows Kind and Category (all singles), nor
    // from before sealed products' barcodes UPC (which a spreadsheet may also call EAN or Barcode), nor from before
    // storage locations Location.
    signature: CARDSTOCK_CSV_HEADER.filter(
      (column) => !['Language', 'Signed', 'Altered', 'Kind', 'Category', 'UPC', 'Location'].includes(column),
    ),
    columns: {
      name: 'name',
      setCode: 'set code',
      collectorNumber: 'collector number',
      scryfallId: 'scryfall id',
      finish: 'finish',
      condition: 'condition',
      quantity: 'quantity',
      price: 'price',
      language: 'language',
      signed: 'signed',
      altered: 'altered',
      location: 'location',
    },
    finishes: { '': 'nonfoil', nonfoil: 'nonfoil', foil: 'foil', etched: 'etched' },
    scale: 'us',
  },
  {
    format: 'manabox',
    signature: ['name', 'set code', 'collector number', 'foil', 'quantity', 'manabox id'],
    columns: {
      name: 'name',
      setCode: 'set code',
      setName: 'set name',
      collectorNumber: 'collector number',
      scryfallId: 'scryfall id',
      finish: 'foil',
      condition: 'condition',
      quantity: 'quantity',
      price: 'purchase price',
      language: 'language',
      altered: 'altered',
      // The binder ManaBox keeps the card in is where it is; a deck or a list is not a place.
      location: 'binder name',
    },
    finishes: { '': 'nonfoil', ...NORMAL_FOIL_ETCHED },
    scale: 'eu',
    reshape: (raw, cell) => {
      const placed = ['', 'binder'].includes(cell('binder type').toLowerCase()) ? raw : { ...raw, location: '' };
      return [['', 'usd'].includes(cell('purchase price currency').toLowerCase()) ? placed : noPrice(placed)];
    },
  },
  {
    format: 'tcgplayer',
    signature: ['quantity', 'simple name', 'set code', 'card number', 'printing', 'product id'],
    columns: {
      // `Name` carries TCGplayer's variant tags ("(Borderless)", UB names); `Simple Name` is the card's name.
      name: 'simple name',
      setCode: 'set code',
      setName: 'set',
      collectorNumber: 'card number',
      tcgplayerId: 'product id',
      finish: 'printing',
      condition: 'condition',
      quantity: 'quantity',
      language: 'language',
    },
    finishes: NORMAL_FOIL_ETCHED,
    scale: 'us',
    reshape: (raw, cell) => [{ ...raw, name: raw.name || cell('name'), finish: etchedByTag(raw.finish, cell('name')) }],
  },
  {
    format: 'tcgplayer',
    // Seller portal "My Pricing" export. Its `TCGplayer Id` is a SKU id, not a product id, so it is not read.
    signature: ['tcgplayer id', 'product name', 'set name', 'number', 'condition', 'total quantity'],
    columns: {
      name: 'product name',
      setName: 'set name',
      collectorNumber: 'number',
      condition: 'condition',
      quantity: 'total quantity',
      price: 'tcg marketplace price',
    },
    finishes: NORMAL_FOIL_ETCHED,
    scale: 'us',
    reshape: (raw) => [splitSellerCondition(raw)],
  },
  {
    format: 'moxfield',
    signature: ['count', 'tradelist count', 'name', 'edition', 'collector number'],
    // CardSphere's Moxfield-like export adds a `Signed` column beside Moxfield's `Alter`.
    columns: { ...MOXFIELD_COLUMNS, price: 'purchase price', proxy: 'proxy', altered: 'alter', signed: 'signed' },
    finishes: FOIL_WORD,
    scale: 'us',
  },
  {
    format: 'deckbox',
    signature: ['count', 'tradelist count', 'name', 'edition', 'card number'],
    columns: {
      quantity: 'count',
      name: 'name',
      setName: 'edition',
      setCode: 'edition code',
      collectorNumber: 'card number',
      condition: 'condition',
      language: 'language',
      finish: 'foil',
      price: 'my price',
      tcgplayerId: 'tcgplayer id',
      scryfallId: 'scryfall id',
      signed: 'signed',
      altered: 'altered art',
    },
    // Deckbox has no etched: etched cards are exported as foil.
    finishes: { '': 'nonfoil', foil: 'foil' },
    scale: 'us',
  },
  {
    format: 'cardsphere',
    signature: ['count', 'tradelist count', 'name', 'edition', 'scryfall id'],
    columns: {
      quantity: 'count',
      name: 'name',
      setName: 'edition',
      scryfallId: 'scryfall id',
      condition: 'condition',
      language: 'language',
      finish: 'foil',
    },
    finishes: { ...FOIL_WORD, n: 'nonfoil', f: 'foil' },
    scale: 'us',
    // CardSphere's foil flag has no etched; its edition names do ("Commander Legends - Etched Foil").
    reshape: (raw) => [{ ...raw, finish: etchedByTag(raw.finish, raw.setName ?? '') }],
  },
  {
    format: 'delverlens',
    // The Moxfield preset: like Moxfield without `Tradelist Count`, set codes in upper case.
    signature: ['count', 'name', 'edition', 'collector number'],
    columns: MOXFIELD_COLUMNS,
    finishes: FOIL_WORD,
    scale: 'us',
  },
  {
    format: 'delverlens',
    // Presets counting in `QuantityX` ("4x"); there `Edition` is a set name and `Edition code` a set code.
    signature: ['quantityx', 'name'],
    columns: {
      quantity: 'quantity',
      name: 'name',
      setName: 'edition',
      setCode: 'edition code',
      collectorNumber: 'collector number',
      scryfallId: 'scryfall id',
      condition: 'condition',
      language: 'language',
      finish: 'foil',
    },
    finishes: FOIL_WORD,
    scale: 'us',
    reshape: (raw, cell) => [{ ...raw, quantity: raw.quantity || cell('quantityx').replace(/x$/i, '') }],
  },
  {
    format: 'archidekt',
    signature: ['quantity', 'name', 'finish', 'edition code', 'scryfall id'],
    columns: {
      quantity: 'quantity',
      name: 'name',
      finish: 'finish',
      condition: 'condition',
      language: 'language',
      price: 'purchase price',
      setName: 'edition name',
      setCode: 'edition code',
      scryfallId: 'scryfall id',
      collectorNumber: 'collector number',
    },
    finishes: NORMAL_FOIL_ETCHED,
    scale: 'us',
    reshape: (raw, cell) => [{ ...raw, ...archidektTags(cell('tags')) }],
  },
  {
    format: 'dragonshield',
    // Web export and published template. `Price Bought` is in the user's currency, which the file does not name.
    signature: ['quantity', 'card name', 'set code', 'card number', 'printing'],
    columns: {
      quantity: 'quantity',
      name: 'card name',
      setCode: 'set code',
      setName: 'set name',
      collectorNumber: 'card number',
      condition: 'condition',
      finish: 'printing',
      language: 'language',
    },
    // Dragon Shield leaves Printing empty when the chosen finish does not exist for the card.
    finishes: { '': 'nonfoil', ...NORMAL_FOIL_ETCHED },
    scale: 'eu',
    reshape: (raw) => [{ ...raw, finish: treatedAsFoil(raw.finish) }],
  },
  {
    format: 'dragonshield',
    // iOS app export (its header has spaces after the commas).
    signature: ['quantity', 'name', 'cardnumber', 'expansion code', 'foil'],
    columns: {
      quantity: 'quantity',
      name: 'name',
      collectorNumber: 'cardnumber',
      setCode: 'expansion code',
      setName: 'expansion name',
      finish: 'foil',
      condition: 'condition',
      language: 'language',
    },
    finishes: { false: 'nonfoil', true: 'foil' },
    scale: 'eu',
  },
  {
    format: 'helvault',
    signature: ['name', 'quantity', 'scryfall_id', 'set_code', 'collector_number', 'extras'],
    columns: {
      name: 'name',
      quantity: 'quantity',
      scryfallId: 'scryfall_id',
      setCode: 'set_code',
      setName: 'set_name',
      collectorNumber: 'collector_number',
      language: 'language',
      extras: 'extras',
    },
    finishes: FOIL_WORD,
    scale: 'us',
  },
  {
    format: 'topdecked',
    // Prices are in euros (`€4.53`), so none is read.
    signature: ['quantity', 'name', 'setcode', 'collector number', 'finish', 'id'],
    columns: {
      quantity: 'quantity',
      name: 'name',
      setCode: 'setcode',
      setName: 'setname',
      collectorNumber: 'collector number',
      finish: 'finish',
      scryfallId: 'id',
      language: 'lang',
      condition: 'condition',
      signed: 'signing',
      altered: 'alteration',
    },
    finishes: { '': 'nonfoil', nonfoil: 'nonfoil', foil: 'foil', etched: 'etched' },
    scale: 'us',
  },
  {
    format: 'urzasgatherer',
    // `Price` is a market price, not what the user paid, so it is not read.
    signature: ['name', 'count', 'foil count', 'set code', 'number'],
    columns: {
      name: 'name',
      setCode: 'set code',
      setName: 'set',
      collectorNumber: 'number',
      tcgplayerId: 'tcg id',
      scryfallId: 'scryfall id',
      condition: 'condition',
      language: 'languages',
    },
    finishes: { nonfoil: 'nonfoil', foil: 'foil', etched: 'etched' },
    scale: 'us',
    reshape: urzasGathererCounts,
  },
  {
    format: 'echomtg',
    // `Acquired` is what the user paid, in US dollars; `tcgid` is the TCGplayer product, `echoid` EchoMTG's own.
    signature: ['reg qty', 'foil qty', 'name', 'set code', 'collector number', 'tcgid'],
    columns: {
      name: 'name',
      setName: 'set',
      setCode: 'set code',
      collectorNumber: 'collector number',
      tcgplayerId: 'tcgid',
      condition: 'condition',
      language: 'language',
      price: 'acquired',
    },
    finishes: { nonfoil: 'nonfoil', foil: 'foil' },
    scale: 'us',
    reshape: countsByFinish({ 'reg qty': 'nonfoil', 'foil qty': 'foil' }),
  },
  {
    format: 'cubecobra',
    // A cube list: one copy a row, no condition or language. `Set` and `Collector Number` are Scryfall's.
    signature: ['name', 'set', 'collector number', 'status', 'finish', 'mtgo id'],
    columns: {
      name: 'name',
      setCode: 'set',
      collectorNumber: 'collector number',
      finish: 'finish',
      mtgoId: 'mtgo id',
    },
    finishes: { '': 'nonfoil', 'non-foil': 'nonfoil', foil: 'foil', etched: 'etched' },
    scale: 'us',
    reshape: (raw, cell) => [cubeCobraCopy(raw, cell('status'))],
  },
  {
    format: 'mtgo',
    // `ID #` is the catalog id of the card or, for a premium copy, of its foil. `Set` is Magic Online's own code
    // (MI, TE...), not Scryfall's, so it is not read: a line whose id the catalog lacks is a question, not a guess.
    signature: ['card name', 'quantity', 'id #', 'collector #', 'premium'],
    columns: {
      name: 'card name',
      quantity: 'quantity',
      mtgoId: 'id #',
      collectorNumber: 'collector #',
      finish: 'premium',
    },
    finishes: { no: 'nonfoil', yes: 'foil' },
    scale: 'us',
    // "116/350": the number in the set, and the set's size.
    reshape: (raw) => [{ ...raw, collectorNumber: raw.collectorNumber?.replace(/\/\d+$/, '') }],
  },
  {
    format: 'deckedbuilder',
    // `Set` is a set's name and there is no collector number: a line is stocked only when one printing of the set
    // has the name. `Mvid` is Decked Builder's own id (none of a real export's is a multiverse, TCGplayer or
    // Cardmarket id), and its prices are market prices, so neither is read.
    signature: ['total qty', 'reg qty', 'foil qty', 'card', 'set', 'mvid'],
    columns: { name: 'card', setName: 'set' },
    finishes: { nonfoil: 'nonfoil', foil: 'foil' },
    scale: 'us',
    reshape: countsByFinish({ 'reg qty': 'nonfoil', 'foil qty': 'foil' }),
  },
  {
    format: 'cardmarket',
    // The stock export: no name or set, only Cardmarket's product id. Prices are in euros, so none is read.
    signature: ['idproduct', 'groupcount', 'idlanguage', 'condition', 'isfoil'],
    columns: {
      cardmarketId: 'idproduct',
      quantity: 'groupcount',
      language: 'idlanguage',
      condition: 'condition',
      finish: 'isfoil',
      signed: 'issigned',
      altered: 'isaltered',
    },
    finishes: { '': 'nonfoil', '0': 'nonfoil', '1': 'foil' },
    scale: 'eu',
    reshape: (raw, cell) => [cardmarketLine(raw, cell('isplayset'))],
  },
];

/**
 * Tools that count a printing's copies per finish, each in a column of its own (EchoMTG's and Decked Builder's
 * `Reg Qty` and `Foil Qty`): one line per finish with copies, or one line of none.
 */
function countsByFinish(counts: Readonly<Record<string, Finish>>) {
  return (raw: RawLine, cell: CellReader): RawLine[] => {
    const lines = Object.entries(counts).map(([column, finish]) => ({ ...raw, quantity: cell(column) || '0', finish }));
    const some = lines.filter((line) => !/^0+$/.test(line.quantity));
    return some.length > 0 ? some : lines.slice(0, 1);
  };
}

/**
 * A CubeCobra row is one copy when the cube's owner has it (`Owned`, `Premium Owned`, or no status); a proxy when
 * `Proxied`; no copy when `Not Owned`, `Ordered` or `Borrowed` (skipped and counted, as a row of 0 copies is).
 */
function cubeCobraCopy(raw: RawLine, status: string): RawLine {
  const owned = ['', 'owned', 'premium owned', 'proxied'].includes(status.toLowerCase());
  return { ...raw, quantity: owned ? '1' : '0', proxy: status.toLowerCase() === 'proxied' ? 'proxy' : '' };
}

/** Cardmarket's numbered conditions, in its EU grades. */
const CARDMARKET_CONDITIONS: Readonly<Record<string, string>> = {
  1: 'MT',
  2: 'NM',
  3: 'EX',
  4: 'GD',
  5: 'LP',
  6: 'PL',
  7: 'PO',
};

/** Cardmarket's language ids. */
const CARDMARKET_LANGUAGES: Readonly<Record<string, Language>> = {
  1: 'en',
  2: 'fr',
  3: 'de',
  4: 'es',
  5: 'it',
  6: 'zhs',
  7: 'ja',
  8: 'pt',
  9: 'ru',
  10: 'ko',
  11: 'zht',
};

/** Numbers to words; a playset is four copies, so `groupCount` counts fours. Unknown numbers are left to refuse. */
function cardmarketLine(raw: RawLine, playset: string): RawLine {
  const count = raw.quantity ?? '';
  return {
    ...raw,
    condition: CARDMARKET_CONDITIONS[raw.condition ?? ''] ?? raw.condition,
    language: CARDMARKET_LANGUAGES[raw.language ?? ''] ?? raw.language,
    quantity: playset === '1' && /^\d+$/.test(count) ? String(Number(count) * 4) : count,
  };
}

function noPrice(raw: RawLine): RawLine {
  const { price: _price, ...rest } = raw;
  return rest;
}

/** Foil treatments ("Rainbow Foil", "Surge Foil"...) are foils, unless the finish is a word the reader knows. */
function treatedAsFoil(finish: string | undefined, known: Readonly<Record<string, Finish>> = {}): string | undefined {
  return /\sfoil$/i.test(finish ?? '') && !Object.hasOwn(known, finish!.toLowerCase()) ? 'foil' : finish;
}

/** TCGplayer and CardSphere list etched cards as foils, tagged "Foil Etched"/"Etched Foil" in a product or set name. */
function etchedByTag(finish: string | undefined, tagged: string): string | undefined {
  return ['foil', 'f'].includes(finish?.toLowerCase() ?? '') && /\betched\b/i.test(tagged) ? 'etched' : finish;
}

/** "Near Mint Foil - Japanese": grade, printing and language in one cell; English is implied. */
function splitSellerCondition(raw: RawLine): RawLine {
  const match = /^(.*?)(\s+foil)?(?:\s+-\s+(.+))?$/i.exec(raw.condition ?? '');
  const foil = match?.[2] !== undefined;
  return {
    ...raw,
    condition: match?.[1] ?? '',
    finish: etchedByTag(foil ? 'foil' : 'normal', raw.name ?? ''),
    language: match?.[3] ?? 'English',
  };
}

/**
 * Archidekt's `Tags` is the owner's comma list; its own tags `Signed`, `Altered` and `Proxy` are flags (any other tag
 * is the owner's and says nothing of the copy).
 */
function archidektTags(tags: string): RawLine {
  const flags = tags.split(',').map((t) => t.trim().toLowerCase());
  return {
    signed: flags.includes('signed') ? 'signed' : '',
    altered: flags.includes('altered') ? 'altered' : '',
    proxy: flags.includes('proxy') ? 'proxy' : '',
  };
}

/**
 * Helvault's `extras` read into the finish and the flags. A flag it sets wins over the row's other columns (a
 * spreadsheet may have both); one it leaves out leaves them as they say.
 */
function withExtras(raw: RawLine): RawLine {
  const flags = (raw.extras ?? '').toLowerCase().split('/');
  const has = (flag: string) => flags.includes(flag);
  return {
    ...raw,
    finish: has('etchedfoil') ? 'etched' : has('foil') ? 'foil' : raw.finish,
    signed: has('signed') ? 'signed' : raw.signed,
    altered: has('alteredart') ? 'altered' : raw.altered,
    proxy: has('proxy') ? 'proxy' : raw.proxy,
  };
}

/**
 * Urza's Gatherer counts all copies in `Count`, and the foil ones again in `Foil count` and `Special foil count`
 * (etched, as other importers read it): one line per finish that has copies.
 */
function urzasGathererCounts(raw: RawLine, cell: CellReader): RawLine[] {
  const counts = [cell('count'), cell('foil count') || '0', cell('special foil count') || '0'];
  const unreadable = counts.find((count) => !/^\d+$/.test(count));
  if (unreadable !== undefined) return [{ ...raw, quantity: unreadable, finish: 'nonfoil' }];
  const [total = 0, foil = 0, etched = 0] = counts.map(Number);
  const lines = [
    { ...raw, quantity: String(Math.max(0, total - foil - etched)), finish: 'nonfoil' },
    { ...raw, quantity: String(foil), finish: 'foil' },
    { ...raw, quantity: String(etched), finish: 'etched' },
  ].filter((line) => line.quantity !== '0');
  return lines.length > 0 ? lines : [{ ...raw, quantity: '0', finish: 'nonfoil' }];
}

// ---------------------------------------------------------------------------------------------------------------
// Detection and parsing

/**
 * A header cell as layouts and synonyms are matched: its letters and digits in lower case, `#` read as "number".
 * Tools and people write one column many ways (`CardNumber`, `Card Number`, `card_number`, `Collector's number`,
 * `Collector #`), and no two columns a layout tells apart differ only in spacing, case or punctuation.
 */
const headerKey = (column: string): string =>
  column
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** What a spreadsheet may call each field's column, as {@link headerKey} matches it; the first one the header has is read. */
const SYNONYMS: Readonly<Record<Exclude<Field, 'price'>, readonly string[]>> = {
  quantity: ['quantity', 'qty', 'count', 'copies', 'amount', 'have', 'total quantity'],
  proxy: ['proxy', 'is proxy'],
  name: ['card name', 'name', 'card'],
  scryfallId: ['scryfall id', 'card-database id', 'database id', 'scryfall uuid'],
  setCode: ['edition code', 'set code', 'expansion code', 'set id'],
  setName: ['set name', 'edition name', 'edition', 'set', 'expansion'],
  collectorNumber: ['collector number', "collector's number", 'card number', 'set number', 'number', 'cn'],
  tcgplayerId: ['tcgplayer product id', 'tcgplayer id', 'tcg product id', 'product id'],
  mtgoId: ['mtgo id'],
  cardmarketId: ['cardmarket id', 'cardmarket product id', 'idproduct'],
  finish: ['finish', 'foil', 'is foil', 'premium', 'printing'],
  condition: ['condition', 'quality', 'grade', 'cond'],
  language: ['language', 'lang'],
  signed: ['signed', 'is signed', 'signing'],
  altered: ['altered', 'alter', 'altered art', 'is altered', 'alteration'],
  extras: ['extras'],
  location: ['location', 'storage location', 'bin', 'binder name', 'binder', 'box', 'shelf'],
};

/** Every tool's finish words (no word means two finishes in two tools), and what else spreadsheets write. */
const SPREADSHEET_FINISHES: Readonly<Record<string, Finish>> = Object.assign(
  {},
  ...TOOLS.map((tool) => tool.finishes),
  {
    '-': 'nonfoil',
    nonfoil: 'nonfoil',
    'non-foil': 'nonfoil',
    regular: 'nonfoil',
    f: 'foil',
    'f-etch': 'etched',
    'foil etched': 'etched',
    'etched foil': 'etched',
    etchedfoil: 'etched',
  } satisfies Record<string, Finish>,
) as Record<string, Finish>;

/**
 * A reader for a header no tool wrote, built from its column names: it needs a quantity and a way to find the
 * printing (a Scryfall id, a TCGplayer product, a card name, or set code and number). Prices are not read: a
 * spreadsheet does not say whose price or which currency.
 */
function spreadsheetTool(columns: ReadonlySet<string>): ToolSpec | undefined {
  const found = Object.fromEntries(
    Object.entries(SYNONYMS).flatMap(([field, names]) => {
      const column = names.find((name) => columns.has(headerKey(name)));
      return column ? [[field, column]] : [];
    }),
  ) as Partial<Record<Field, string>>;
  const findsPrinting =
    found.scryfallId ||
    found.tcgplayerId ||
    found.mtgoId ||
    found.cardmarketId ||
    found.name ||
    (found.setCode && found.collectorNumber);
  if (!found.quantity || !findsPrinting) return undefined;
  return {
    format: 'spreadsheet',
    signature: [],
    columns: found,
    finishes: SPREADSHEET_FINISHES,
    scale: 'either',
    reshape: (raw) => [
      {
        ...raw,
        // "73/269": the number in the set, and the set's size.
        collectorNumber: raw.collectorNumber?.replace(/\/\d+$/, ''),
        finish: treatedAsFoil(raw.finish, SPREADSHEET_FINISHES),
      },
    ],
  };
}

function findTool(header: readonly string[]): ToolSpec | undefined {
  const columns = new Set(header.map(headerKey));
  return (
    TOOLS.find((tool) => tool.signature.every((column) => columns.has(headerKey(column)))) ?? spreadsheetTool(columns)
  );
}

/**
 * Which tool wrote a CSV file, judged by its header row (column names, any case, spacing and punctuation).
 * @returns undefined when the columns match no known export.
 */
export function detectFormat(header: string[]): CsvFormat | undefined {
  return findTool(header)?.format;
}

export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The delimiter of a file without a `sep=` line: whichever of comma, semicolon and tab its header row has most of
 * outside quotes (Cardmarket and European spreadsheets write semicolons; tab-separated exports exist); comma on a tie.
 */
function sniffDelimiter(text: string): string {
  const header = text.slice(0, Math.max(0, text.indexOf('\n')) || text.length).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const [best, count] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return count > 0 ? best : ',';
}

/** `sep=,` is an Excel hint some tools write before the header; it names the delimiter. */
const SEP_LINE = /^\uFEFF?\s*"?sep=(.)"?[ \t]*(?:\n|$)/i;

/**
 * The text in one newline style, so csv-parse's line count matches what an
 * editor shows, and csv-parse's options for it: each record arrives as its
 * line and cells, rows with no cells are skipped.
 */
function csvReading(text: string): { text: string; options: ParseOptions<CsvRecord, string[]> } {
  const normalized = oneNewlineStyle(text);
  return { text: normalized, options: csvOptions(normalized) };
}

/** Windows (`\r\n`) and old Mac (`\r`) line ends as `\n`. */
export const oneNewlineStyle = (text: string): string => text.replace(/\r\n?/g, '\n');

/** How many newlines a cell holds (counted, not split: this runs for every cell of a file). */
function newlinesIn(cell: string): number {
  let count = 0;
  for (let at = cell.indexOf('\n'); at >= 0; at = cell.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * csv-parse's options for a file whose text (in one newline style) starts with `head`: the delimiter its `sep=`
 * line names or its header line uses. The head needs only the file's first lines.
 */
export function csvOptions(head: string): ParseOptions<CsvRecord, string[]> {
  const sep = SEP_LINE.exec(head);
  const delimiter = sep?.[1] ?? sniffDelimiter(head);
  return {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    delimiter,
    from_line: sep ? 2 : 1,
    on_record: (record: string[], { lines }: { lines: number }): CsvRecord | null =>
      record.some((cell) => cell !== '')
        ? {
            // csv-parse counts up to a record's last line; quoted newlines inside it move its start up.
            line: lines - record.reduce((sum, cell) => sum + newlinesIn(cell), 0),
            cells: record,
          }
        : null,
  };
}

export const notCsv = (error: unknown) =>
  new CsvFormatError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);

function readRecords(text: string): CsvRecord[] {
  const reading = csvReading(text);
  try {
    // csv-parse's sync overloads do not model `on_record` changing the record's type.
    return parse(reading.text, reading.options as unknown as ParseOptions) as unknown as CsvRecord[];
  } catch (error) {
    throw notCsv(error);
  }
}

function unknownHeaderMessage(header: readonly string[]): string {
  const known = [...new Set(Object.values(CSV_FORMAT_NAMES))].join(', ');
  const columns = header.slice(0, 8).join(', ') + (header.length > 8 ? ', ...' : '');
  const shown = columns.length > 120 ? `${columns.slice(0, 117)}...` : columns;
  return `The columns of this file (${shown}) do not match an export Cardstock knows. It reads exports from: ${known}.`;
}

/** A cell an export wrote after a `'` so that no spreadsheet runs it as a formula ("'+2 Mace"), as it was. */
const unneutralised = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/** Reads the rows after a header, one at a time, into lines or problems (one per row). */
export interface LineReader {
  format: CsvFormat;
  read(
    row: CsvRecord,
    into: { lines: CsvLine[]; problems: CsvProblem[]; skipped: number; sealed?: SealedLine[] },
  ): void;
}

/**
 * The reader for the tool whose header this is. Rows with no copies are skipped and counted, unless `keepEmpty`
 * (an import that sets quantities): then a readable one is a line of quantity 0, an unreadable one skipped.
 * @throws CsvFormatError when the header matches no known tool.
 */
export function lineReader(header: CsvRecord | undefined, { keepEmpty = false } = {}): LineReader {
  if (!header) throw new CsvFormatError('The file is empty.');
  const tool = findTool(header.cells);
  if (!tool) throw new CsvFormatError(unknownHeaderMessage(header.cells));
  const index = new Map<string, number>();
  header.cells.forEach((column, i) => {
    if (!index.has(headerKey(column))) index.set(headerKey(column), i);
  });
  // The reader's own column names, keyed once each rather than once a cell.
  const positions = new Map<string, number | undefined>();
  const position = (column: string): number | undefined => {
    if (!positions.has(column)) positions.set(column, index.get(headerKey(column)));
    return positions.get(column);
  };
  return {
    format: tool.format,
    read(row, into) {
      const cell: CellReader = (column) => {
        const i = position(column);
        return i === undefined ? '' : unneutralised((row.cells[i] ?? '').trim());
      };
      if (tool.format === 'cardstock') {
        const kind = rowKind(cell('kind'));
        if (!kind) {
          into.problems.push({ line: row.line, reason: kindProblem(cell('kind')) });
          return;
        }
        if (kind === 'sealed') {
          const sealed = readSealedRow(cell, row.line, keepEmpty);
          if (sealed === 'empty') into.skipped++;
          else if ('reasons' in sealed)
            into.problems.push({ line: row.line, reason: `Sealed product: ${sealed.reasons.join(' ')}` });
          else (into.sealed ??= []).push(sealed);
          return;
        }
      }
      for (const raw of readRow(tool, cell)) {
        if (/^0+$/.test(raw.quantity ?? '')) {
          const empty = keepEmpty ? toCsvLine({ ...raw, quantity: '1' }, tool, row.line) : undefined;
          if (empty && !('reason' in empty)) into.lines.push({ ...empty, quantity: 0 });
          else into.skipped++;
          continue;
        }
        const checked = toCsvLine(raw, tool, row.line);
        if ('reason' in checked) into.problems.push(checked);
        else into.lines.push(checked);
      }
    },
  };
}

/**
 * Reads an inventory CSV exported by Cardstock or another tool into normalized lines. Rows that cannot become a
 * line are reported in `problems` (one per row) instead; rows with no cells are skipped.
 * @throws CsvFormatError when the text is not CSV or its header matches no known tool.
 */
export function parseInventoryCsv(text: string): ParsedCsv {
  const records = readRecords(text);
  const reader = lineReader(records[0]);
  const result: ParsedCsv = { format: reader.format, lines: [], problems: [], skipped: 0 };
  for (let r = 1; r < records.length; r++) reader.read(records[r]!, result);
  return result;
}

function readRow(tool: ToolSpec, cell: CellReader): RawLine[] {
  const raw: RawLine = {};
  for (const [field, column] of Object.entries(tool.columns) as [Field, string][]) raw[field] = cell(column);
  const flagged = raw.extras ? withExtras(raw) : raw;
  return tool.reshape ? tool.reshape(flagged, cell) : [flagged];
}

// ---------------------------------------------------------------------------------------------------------------
// Checking one line. Each reader returns a stand-in value on failure and records why, so a row reports every fault.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOLLARS = /^(?:US)?\$?\s*(\d*[.,]?\d+)$/;

function toCsvLine(raw: RawLine, tool: ToolSpec, line: number): CsvLine | CsvProblem {
  const reasons: string[] = [];
  const card: CsvLine = {
    line,
    name: raw.name ?? '',
    scryfallId: readScryfallId(raw.scryfallId, reasons),
    setCode: optional(raw.setCode)?.toLowerCase(),
    setName: optional(raw.setName),
    collectorNumber: optional(raw.collectorNumber),
    tcgplayerId: readToolId(raw.tcgplayerId, 'TCGplayer product ID', reasons),
    mtgoId: readToolId(raw.mtgoId, 'MTGO ID', reasons),
    cardmarketId: readToolId(raw.cardmarketId, 'Cardmarket product ID', reasons),
    finish: readFinish(raw.finish, tool.finishes, reasons),
    quality: readCondition(raw.condition, tool.scale, reasons),
    quantity: readQuantity(raw.quantity, reasons),
    price: readPrice(raw.price, reasons),
    language: readLanguage(raw.language, reasons),
    signed: readFlag(raw.signed, 'Signed', reasons),
    altered: readFlag(raw.altered, 'Altered', reasons),
    location: readLocation(raw.location, reasons),
  };
  const toolId = card.tcgplayerId ?? card.mtgoId ?? card.cardmarketId;
  if (!card.name && !raw.scryfallId && toolId === undefined && !(card.setCode && card.collectorNumber)) {
    reasons.unshift('No card name, set or Scryfall ID.');
  }
  if (/^(true|yes|1|x|proxy|proxied)$/i.test(raw.proxy ?? '')) {
    reasons.unshift('A proxy, not a real card: not stocked.');
  }
  if (reasons.length === 0) return withoutUndefined(card);
  const problem: CsvProblem = { line, reason: reasons.join(' ') };
  // Not enumerable: the problem goes into the report's `refused` as it is, whose lines are {line, reason}.
  Object.defineProperty(problem, 'named', { value: withoutUndefined(card), enumerable: false });
  return problem;
}

const optional = (text: string | undefined): string | undefined => (text ? text : undefined);

/** The line without its unset fields, built a field at a time (`Object.fromEntries` made slow dictionary objects). */
function withoutUndefined(line: CsvLine): CsvLine {
  const out: Record<string, unknown> = {};
  for (const key in line) {
    const value = line[key as keyof CsvLine];
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as CsvLine;
}

/** A location cell: spaces as one; undefined when empty; too long, a reason (the form's own limit). */
function readLocation(text: string | undefined, reasons: string[]): string | undefined {
  const location = text ? locationText(text) : '';
  if (location.length > locationMaxLength)
    reasons.push(`Location "${location.slice(0, 20)}…" is longer than ${locationMaxLength} characters.`);
  return location || undefined;
}

function readQuantity(text: string | undefined, reasons: string[]): number {
  if (!text) {
    reasons.push('Quantity is missing.');
  } else if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    reasons.push(`Quantity "${text}" is not a whole number.`);
  } else if (Number(text) < 1) {
    reasons.push(`Quantity "${text}" is less than 1.`);
  } else if (Number(text) > maxStockQuantity) {
    // The bound add and edit keep (issue 38), checked where the file's number is read.
    reasons.push(`Quantity "${text}" is more than ${maxStockQuantity}, the most copies a row can hold.`);
  } else {
    return Number(text);
  }
  return 0;
}

function readFinish(text: string | undefined, finishes: Readonly<Record<string, Finish>>, reasons: string[]): Finish {
  const key = (text ?? '').toLowerCase();
  if (Object.hasOwn(finishes, key)) return finishes[key]!;
  reasons.push(`Finish "${text ?? ''}" is not a finish this tool writes.`);
  return 'nonfoil';
}

function readCondition(text: string | undefined, scale: ReaderScale, reasons: string[]): Quality {
  if (!text) return 'NM';
  const quality = CONDITION_LOOKUP[scale].get(conditionKey(text));
  if (quality) return quality;
  reasons.push(`Condition "${text}" is not a known condition.`);
  return 'NM';
}

function readScryfallId(text: string | undefined, reasons: string[]): string | undefined {
  if (!text) return undefined;
  if (UUID.test(text)) return text.toLowerCase();
  reasons.push(`Scryfall ID "${text}" is not a Scryfall card ID.`);
  return undefined;
}

/** A tool's own numeric id of a printing (TCGplayer product, MTGO catalog id, Cardmarket product). */
function readToolId(text: string | undefined, what: string, reasons: string[]): number | undefined {
  // Some tools write 0 for "no id".
  if (!text || text === '0') return undefined;
  if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  reasons.push(`${what} "${text}" is not a number.`);
  return undefined;
}

/** `12.0`, `$16.60`, `4,99`; zero counts as no price, since tools write 0.00 for an empty price field. */
function readPrice(text: string | undefined, reasons: string[]): number | undefined {
  if (!text) return undefined;
  const match = DOLLARS.exec(text);
  if (!match?.[1]) {
    reasons.push(`Price "${text}" is not an amount in US dollars.`);
    return undefined;
  }
  const cents = dollarsToCents(Number(match[1].replace(',', '.')));
  return cents > 0 ? centsToDollars(cents) : undefined;
}

// The flag's own word in every tool's spelling (Deckbox's `altered`, Helvault's `alteredArt`).
const FLAG_SET = /^(true|yes|y|1|x|signed|altered|altered ?art|alter)$/i;
const FLAG_UNSET = /^(false|no|n|0|-)?$/i;

/** A flag cell: true when set, undefined when not (so a line reads the same as from a file without the column). */
function readFlag(text: string | undefined, what: string, reasons: string[]): true | undefined {
  if (FLAG_SET.test(text ?? '')) return true;
  if (!FLAG_UNSET.test(text ?? '')) reasons.push(`${what} must be true or false, not "${text}".`);
  return undefined;
}

function readLanguage(text: string | undefined, reasons: string[]): Language {
  if (!text) return 'en';
  const language = LANGUAGE_LOOKUP.get(languageKey(text));
  if (language) return language;
  reasons.push(`Language "${text}" is not one Cardstock stocks (${languages.join(', ')}).`);
  return 'en';
}
