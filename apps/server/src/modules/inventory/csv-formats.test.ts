import {
  fixtureCards,
  LAYOUT_NAMES,
  LAYOUTS,
  type FixtureCard,
  type Grade,
  type LayoutName,
  type StockLine,
} from '@cardstock/fixtures';
import type { Language } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  CARDSTOCK_CSV_HEADER,
  CsvFormatError,
  detectFormat,
  parseInventoryCsv,
  type CsvLine,
  type ParsedCsv,
} from './csv-formats.ts';

// Every layout is read here from files the fixture writer writes (packages/fixtures csv-writer.ts); the real exports
// of the tools are read by csv-formats.interop.test.ts when the interop corpus is present.

const cards = fixtureCards();

/** The one fixture printing of `name` in `set`. */
function printing(name: string, set: string): FixtureCard {
  const found = cards.filter((card) => card.name === name && card.set === set);
  if (found.length !== 1) throw new Error(`${found.length} fixture printings of ${name} in ${set}`);
  return found[0]!;
}

/**
 * A shop's stock: single-faced, transform, modal double-faced, split, adventure and flip cards; nonfoil, foil and
 * etched; every grade of the seven-step scale, so every condition word of every tool; eleven languages; prices with
 * and without cents, none, and four digits before the point; three printings of Lightning Bolt and two lines of one.
 */
const STOCK: readonly StockLine[] = [
  {
    card: printing('Lightning Bolt', '2x2'),
    finish: 'nonfoil',
    quality: 'NM',
    grade: 'mint',
    quantity: 4,
    price: 1.25,
  },
  {
    card: printing('Lightning Bolt', 'fca'),
    finish: 'foil',
    quality: 'NM',
    grade: 'near_mint',
    quantity: 1,
    language: 'ja',
    price: 7.68,
  },
  {
    card: printing('Lightning Bolt', 'tle'),
    finish: 'nonfoil',
    quality: 'LP',
    grade: 'excellent',
    quantity: 2,
    language: 'de',
  },
  {
    card: printing('Aragorn, the Uniter', 'ltr'),
    finish: 'foil',
    quality: 'LP',
    grade: 'good',
    quantity: 1,
    language: 'zhs',
    price: 27,
  },
  {
    card: printing('Delver of Secrets // Insectile Aberration', 'isd'),
    finish: 'foil',
    quality: 'MP',
    grade: 'light_played',
    quantity: 3,
    language: 'zht',
  },
  {
    card: printing('Boom // Bust', 'plc'),
    finish: 'nonfoil',
    quality: 'HP',
    grade: 'played',
    quantity: 1,
    language: 'fr',
    price: 0.5,
  },
  {
    card: printing('Esika, God of the Tree // The Prismatic Bridge', 'khm'),
    finish: 'nonfoil',
    quality: 'D',
    grade: 'poor',
    quantity: 1,
    language: 'ko',
  },
  {
    card: printing('Altar of Bhaal // Bone Offering', 'clb'),
    finish: 'foil',
    quality: 'NM',
    quantity: 2,
    language: 'es',
    price: 4599.99,
  },
  { card: printing('Abbot of Keral Keep', '2x2'), finish: 'etched', quality: 'NM', quantity: 1, price: 0.35 },
  // A French-only printing: its language is the card's own.
  { card: printing('Sylvan Library', 'ren'), finish: 'nonfoil', quality: 'LP', quantity: 1 },
  { card: printing('Goblin Warchief', 'plst'), finish: 'nonfoil', quality: 'HP', quantity: 1, language: 'it' },
  {
    card: printing('Bushi Tenderfoot // Kenzo the Hardhearted', 'chk'),
    finish: 'nonfoil',
    quality: 'MP',
    quantity: 12,
    language: 'pt',
    price: 0.05,
  },
  { card: printing('Lightning Bolt', '2x2'), finish: 'nonfoil', quality: 'LP', quantity: 1, language: 'ru' },
];

type Expected = Omit<CsvLine, 'line'>;

const language = (line: StockLine): Language => (line.language ?? line.card.lang) as Language;
const setAndNumber = ({ card }: StockLine) => ({ setCode: card.set, collectorNumber: card.collector_number });
/** A file without a language column means English. */
const counted = ({ card, finish, quality, quantity }: StockLine) => ({
  name: card.name,
  finish,
  quality,
  quantity,
  language: 'en' as Language,
});
/** Etched copies of a tool that has no etched: the file says foil. */
const etchedAsFoil = (line: StockLine): Expected['finish'] => (line.finish === 'etched' ? 'foil' : line.finish);
/** Dragon Shield names transform and modal double-faced cards by their front face. */
const frontFace = (card: FixtureCard): string =>
  ['transform', 'modal_dfc'].includes(card.layout) ? card.name.split(' // ')[0]! : card.name;

/** What the importer must read back from each layout's row for a stock line: whatever that tool's file carries. */
const READS: Readonly<Record<Exclude<LayoutName, GroupingLayout>, (line: StockLine) => Expected>> = {
  cardstock: (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    scryfallId: l.card.id,
    price: l.price,
    language: language(l),
  }),
  manabox: (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    scryfallId: l.card.id,
    setName: l.card.set_name,
    price: l.price,
    language: language(l),
    // The fixture writer keeps every copy in one binder: where the shop keeps them.
    location: 'Shop stock',
  }),
  'manabox-without-binder': (l) => ({ ...READS.manabox(l), location: undefined }),
  'tcgplayer-app': (l) => ({
    ...counted(l),
    // TCGplayer files The List as LIST.
    setCode: l.card.set === 'plst' ? 'list' : l.card.set,
    collectorNumber: l.card.collector_number,
    setName: l.card.set_name,
    tcgplayerId: l.finish === 'etched' ? l.card.tcgplayer_etched_id : l.card.tcgplayer_id,
    language: language(l),
  }),
  // No product id (its id is a SKU) and no set code; the product name keeps TCGplayer's tag for etched.
  'tcgplayer-seller': (l) => ({
    ...counted(l),
    name: l.finish === 'etched' ? `${l.card.name} (Foil Etched)` : l.card.name,
    setName: l.card.set_name,
    collectorNumber: l.card.collector_number,
    price: l.price,
    language: language(l),
  }),
  moxfield: (l) => ({ ...counted(l), ...setAndNumber(l), price: l.price, language: language(l) }),
  deckbox: (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    setName: l.card.set_name,
    finish: etchedAsFoil(l),
    price: l.price,
    language: language(l),
  }),
  'deckbox-all-columns': (l) => ({ ...READS.deckbox(l), scryfallId: l.card.id, tcgplayerId: l.card.tcgplayer_id }),
  cardsphere: (l) => ({
    ...counted(l),
    scryfallId: l.card.id,
    setName: l.finish === 'etched' ? `${l.card.set_name} - Etched Foil` : l.card.set_name,
    language: language(l),
  }),
  'delverlens-moxfield': (l) => ({ ...counted(l), ...setAndNumber(l), language: language(l) }),
  // These presets have no condition column: every copy reads as Near Mint.
  'delverlens-scryfall': (l) => ({
    ...counted(l),
    quality: 'NM',
    scryfallId: l.card.id,
    setName: l.card.set_name,
    language: language(l),
  }),
  'delverlens-quantityx': (l) => ({ ...counted(l), quality: 'NM', setCode: l.card.set }),
  archidekt: (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    scryfallId: l.card.id,
    setName: l.card.set_name,
    price: l.price,
    language: language(l),
  }),
  'dragonshield-web': (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    name: frontFace(l.card),
    setName: l.card.set_name,
    language: language(l),
  }),
  // Read by Dragon Shield's layout, its EU grades and all: only the header's spaces differ.
  'dragonshield-web-no-spaces': (l) => READS['dragonshield-web'](l),
  'dragonshield-app': (l) => ({ ...READS['dragonshield-web'](l), finish: etchedAsFoil(l) }),
  helvault: (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    quality: 'NM',
    scryfallId: l.card.id,
    setName: l.card.set_name,
    language: language(l),
  }),
  topdecked: (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    scryfallId: l.card.id,
    setName: l.card.set_name,
    language: language(l),
  }),
  // The printing by its Magic Online id, the premium copy's for a foil; no set (Magic Online's codes are its own).
  mtgo: (l) => ({
    ...counted(l),
    quality: 'NM',
    collectorNumber: l.card.collector_number,
    mtgoId: l.finish === 'foil' ? l.card.mtgo_foil_id : l.card.mtgo_id,
  }),
  // No name, only Cardmarket's product.
  cardmarket: (l) => ({ ...counted(l), name: '', cardmarketId: l.card.cardmarket_id, language: language(l) }),
  // Spreadsheets read no price, and no trade count as the quantity.
  'helvault-chosen-columns': (l) => ({ ...counted(l), quality: 'NM', scryfallId: l.card.id, language: language(l) }),
  'spreadsheet-set-name': (l) => ({
    ...counted(l),
    setName: l.card.set_name,
    collectorNumber: l.card.collector_number,
    language: language(l),
  }),
  'spreadsheet-collectors-number': (l) => ({
    ...counted(l),
    ...setAndNumber(l),
    tcgplayerId: l.finish === 'etched' ? l.card.tcgplayer_etched_id : l.card.tcgplayer_id,
    language: language(l),
  }),
  'spreadsheet-without-number': (l) => ({ ...counted(l), setName: l.card.set_name }),
};

/** Layouts whose rows are not one a stock line: several lines in a row, or a row per copy. */
type GroupingLayout = 'urzasgatherer' | 'echomtg' | 'deckedbuilder' | 'cubecobra';

/** Lines in the order their rows come, by a key of the row they share. */
function rowsOf(stock: readonly StockLine[], key: (line: StockLine) => string): StockLine[][] {
  const rows = new Map<string, StockLine[]>();
  for (const line of stock) rows.set(key(line), [...(rows.get(key(line)) ?? []), line]);
  return [...rows.values()];
}

const copiesOf = (copies: readonly StockLine[], finish: Expected['finish']) =>
  copies.filter((l) => l.finish === finish).reduce((sum, l) => sum + l.quantity, 0);

/** A row that counts its regular and foil copies side by side reads as a line per finish with copies. */
const perFinish = (copies: readonly StockLine[], line: Omit<Expected, 'finish' | 'quantity'>): Expected[] =>
  (['nonfoil', 'foil'] as const)
    .map((finish) => ({ ...line, finish, quantity: copiesOf(copies, finish) }))
    .filter((l) => l.quantity > 0);

const GROUPED: Readonly<
  Record<Exclude<GroupingLayout, 'urzasgatherer'>, (stock: readonly StockLine[]) => Expected[][]>
> = {
  // A row per printing, condition and language; "Acquired" is the first line's price.
  echomtg: (stock) =>
    rowsOf(stock, (l) => `${l.card.id}|${l.quality}|${language(l)}`).map((copies) => {
      const first = copies[0]!;
      return perFinish(copies, {
        name: first.card.name,
        ...setAndNumber(first),
        setName: first.card.set_name,
        tcgplayerId: first.card.tcgplayer_id,
        quality: first.quality,
        price: first.price,
        language: language(first),
      });
    }),
  // A row per printing: the set by its name, no number, condition or language.
  deckedbuilder: (stock) =>
    rowsOf(stock, (l) => l.card.id).map((copies) =>
      perFinish(copies, {
        name: copies[0]!.card.name,
        setName: copies[0]!.card.set_name,
        quality: 'NM',
        language: 'en',
      }),
    ),
  // A row per copy, no condition or language.
  cubecobra: (stock) =>
    stock.flatMap((l) =>
      Array.from({ length: l.quantity }, () => [
        { ...counted(l), ...setAndNumber(l), quality: 'NM' as const, quantity: 1, mtgoId: l.card.mtgo_id },
      ]),
    ),
};

/** The stock lines a tool can write, when not all: no etched copies (its foil flag would make them foil), no paper-only cards on Magic Online. */
const WRITES: Readonly<Partial<Record<LayoutName, (line: StockLine) => boolean>>> = {
  echomtg: (l) => l.finish !== 'etched',
  deckedbuilder: (l) => l.finish !== 'etched',
  cardmarket: (l) => l.finish !== 'etched',
  mtgo: (l) =>
    (l.finish === 'foil' ? l.card.mtgo_foil_id : l.finish === 'nonfoil' ? l.card.mtgo_id : undefined) !== undefined,
};

/**
 * Urza's Gatherer writes one row per printing, with no condition or language, counting every copy in `Count` and the
 * foil and etched ones again beside it: a row reads back as one line per finish it has copies of, in finish order.
 */
function urzasGathererRows(stock: readonly StockLine[]): Expected[][] {
  const printings = new Map<string, StockLine[]>();
  for (const line of stock) printings.set(line.card.id, [...(printings.get(line.card.id) ?? []), line]);
  return [...printings.values()].map((copies) => {
    const { card } = copies[0]!;
    return (['nonfoil', 'foil', 'etched'] as const)
      .map((finish) => ({
        name: card.name,
        ...setAndNumber(copies[0]!),
        scryfallId: card.id,
        setName: card.set_name,
        tcgplayerId: card.tcgplayer_id,
        finish,
        quality: 'NM' as const,
        language: 'en' as const,
        quantity: copies.filter((l) => l.finish === finish).reduce((sum, l) => sum + l.quantity, 0),
      }))
      .filter((line) => line.quantity > 0);
  });
}

/** Dragon Shield's web export and Urza's Gatherer's put Excel's `"sep=,"` line above the header. */
const FIRST_ROW_LINE: Readonly<Partial<Record<LayoutName, number>>> = {
  'dragonshield-web': 3,
  'dragonshield-web-no-spaces': 3,
  urzasgatherer: 3,
};

/** Every line the importer must read from `layout`'s file of `stock`, numbered by the file line of its row. */
function expectedLines(layout: LayoutName, stock: readonly StockLine[]): CsvLine[] {
  const rows =
    layout === 'urzasgatherer'
      ? urzasGathererRows(stock)
      : layout === 'echomtg' || layout === 'deckedbuilder' || layout === 'cubecobra'
        ? GROUPED[layout](stock)
        : stock.map((line) => [READS[layout](line)]);
  const first = FIRST_ROW_LINE[layout] ?? 2;
  return rows.flatMap((lines, row) => lines.map((line) => withoutUndefined({ line: first + row, ...line })));
}

function withoutUndefined(line: CsvLine): CsvLine {
  return Object.fromEntries(Object.entries(line).filter(([, value]) => value !== undefined)) as unknown as CsvLine;
}

describe('the fixture stock', () => {
  it('holds every grade, finish and card shape the layouts are tested on', () => {
    const grades: Grade[] = ['mint', 'near_mint', 'excellent', 'good', 'light_played', 'played', 'poor'];
    expect(grades.every((grade) => STOCK.some((line) => line.grade === grade))).toBe(true);
    expect(new Set(STOCK.map((line) => line.finish))).toEqual(new Set(['nonfoil', 'foil', 'etched']));
    expect(new Set(STOCK.map((line) => line.card.layout))).toEqual(
      new Set(['normal', 'transform', 'modal_dfc', 'split', 'adventure', 'flip']),
    );
    expect(new Set(STOCK.map(language)).size).toBe(11);
  });
});

describe.each(LAYOUT_NAMES)('a %s file written by the fixture writer', (layout) => {
  const stock = STOCK.filter(WRITES[layout] ?? (() => true));
  const text = LAYOUTS[layout].write(stock);
  const expected = expectedLines(layout, stock);
  let parsed: ParsedCsv | undefined;
  const read = (): ParsedCsv => (parsed ??= parseInventoryCsv(text));

  it(`is read as ${LAYOUTS[layout].format}`, () => {
    expect(read().format).toBe(LAYOUTS[layout].format);
  });

  it('reads every row, none of them a problem', () => {
    expect(read().problems).toEqual([]);
    expect(read().lines).toHaveLength(expected.length);
  });

  it.each(expected.map((line, i) => ({ ...line, i })))(
    'line $line: $quantity × $name, $finish, $quality',
    ({ i, ...line }) => {
      expect(read().lines[i]).toEqual(line);
    },
  );
});

describe('detectFormat', () => {
  it('judges by column names, ignoring case, spacing and order', () => {
    expect(
      detectFormat(['QUANTITY', ' Name ', 'Simple Name', 'Set Code', 'Card Number', 'Printing', 'Product ID']),
    ).toBe('tcgplayer');
    expect(detectFormat([...CARDSTOCK_CSV_HEADER].reverse())).toBe('cardstock');
    expect(detectFormat(['Quantity', ' Name', ' CardNumber', ' Expansion Code', ' Foil'])).toBe('dragonshield');
  });

  it('matches a column however its words are joined, cased or punctuated', () => {
    // Dragon Shield's web export with its header's spaces taken out.
    const dragonShield =
      'FolderName,Quantity,TradeQuantity,CardName,SetCode,SetName,CardNumber,Condition,Printing,Language,PriceBought,DateBought,LOW,MID,MARKET';
    expect(detectFormat(dragonShield.split(','))).toBe('dragonshield');
    expect(detectFormat(['count', 'tradelist_count', 'NAME', 'edition', 'Collector-Number'])).toBe('moxfield');
    expect(detectFormat(['CardName', 'Quantity', 'ID#', 'Rarity', 'Set', 'Collector #', 'Premium'])).toBe('mtgo');
  });

  it('tells apart exports that share columns', () => {
    const moxfield = [
      'Count',
      'Tradelist Count',
      'Name',
      'Edition',
      'Condition',
      'Language',
      'Foil',
      'Collector Number',
    ];
    expect(detectFormat(moxfield)).toBe('moxfield');
    expect(detectFormat(moxfield.filter((column) => column !== 'Tradelist Count'))).toBe('delverlens');
    const cardsphere = ['Count', 'Tradelist Count', 'Name', 'Edition', 'Condition', 'Foil', 'Scryfall ID'];
    expect(detectFormat(cardsphere)).toBe('cardsphere');
    expect(detectFormat([...cardsphere, 'Card Number'])).toBe('deckbox');
    // Deckbox's 2015-era header, documented in FORMATS.md (no file).
    expect(
      detectFormat(
        'Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price'.split(
          ',',
        ),
      ),
    ).toBe('deckbox');
    expect(detectFormat(['QuantityX', 'Name', 'Edition code', 'Foil'])).toBe('delverlens');
    // Magic Online's export is read by its ids, not as a spreadsheet; Cardmarket's has no name at all.
    expect(
      detectFormat('Card Name,Quantity,ID #,Rarity,Set,Collector #,Premium,Sideboarded,Annotation'.split(',')),
    ).toBe('mtgo');
    expect(detectFormat(['idProduct', 'groupCount', 'price', 'idLanguage', 'condition', 'isFoil'])).toBe('cardmarket');
    expect(detectFormat(['Total Qty', 'Reg Qty', 'Foil Qty', 'Card', 'Set', 'Mvid'])).toBe('deckedbuilder');
  });

  it('reads any other header with a quantity and a way to find the card as a spreadsheet', () => {
    expect(detectFormat(['Card', 'Set ID', 'Set Name', 'Quantity', 'Foil'])).toBe('spreadsheet');
    // The columns the Mass Upload dialog asks for.
    expect(detectFormat(['Quantity', 'Card Name', 'Foil', 'Condition', 'Edition Code', 'Card-database ID'])).toBe(
      'spreadsheet',
    );
  });

  it('returns undefined for a header without a quantity, or without a way to find the card', () => {
    expect(detectFormat(['Card', 'Set Name', 'Foil'])).toBeUndefined();
    expect(detectFormat(['Quantity', 'Foil', 'Condition'])).toBeUndefined();
    expect(detectFormat([])).toBeUndefined();
  });
});

describe('values a written stock does not show', () => {
  it('reads Cardmarket playsets as four copies each, and refuses grades and languages it does not number', () => {
    const header =
      'idProduct;groupCount;price;idLanguage;condition;isFoil;isSigned;isAltered;isPlayset;isReverseHolo;isFirstEd;isFullArt;isUberRare;isWithDie';
    const parsed = parseInventoryCsv(
      [header, '241866;2;0.40;11;6;;;;1;;;;;', '241866;1;0.40;1;9;;;;;;;;;', '241866;1;0.40;13;2;;;;;;;;;'].join('\n'),
    );
    expect(parsed.format).toBe('cardmarket');
    expect(parsed.lines).toEqual([
      { line: 2, name: '', cardmarketId: 241866, finish: 'nonfoil', quality: 'HP', quantity: 8, language: 'zht' },
    ]);
    expect(parsed.problems).toEqual([
      { line: 3, reason: 'Condition "9" is not a known condition.' },
      { line: 4, reason: expect.stringMatching(/^Language "13" is not one Cardstock stocks/) },
    ]);
  });

  it("reads CubeCobra's statuses: owned is a copy, not owned or ordered none, proxied a proxy", () => {
    const header =
      'name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,Finish,maybeboard,image URL,image Back URL,tags,Notes,MTGO ID';
    const row = (status: string, finish = '') =>
      `"Lightning Bolt",1,"Instant",R,"2x2","117",uncommon,Red,${status},${finish},true,,,"","",101718`;
    const parsed = parseInventoryCsv(
      [
        header,
        row('Owned', 'Etched'),
        row('Premium Owned', 'Foil'),
        row('Not Owned'),
        row('Ordered'),
        row('Borrowed'),
        row('Proxied'),
      ].join('\n'),
    );
    expect(parsed.format).toBe('cubecobra');
    expect(parsed.lines.map((l) => [l.line, l.finish, l.quantity, l.mtgoId])).toEqual([
      [2, 'etched', 1, 101718],
      [3, 'foil', 1, 101718],
    ]);
    expect(parsed.skipped).toBe(3);
    expect(parsed.problems).toEqual([{ line: 7, reason: 'A proxy, not a real card: not stocked.' }]);
  });

  it("reads Magic Online's numbers without the set's size, and leaves its own set codes out", () => {
    const parsed = parseInventoryCsv(
      [
        'Card Name,Quantity,ID #,Rarity,Set,Collector #,Premium,Sideboarded,Annotation',
        '"Dark Ritual",4,6893,Common,MI,116/350,No,No,0',
      ].join('\n'),
    );
    expect(parsed.lines).toEqual([
      {
        line: 2,
        name: 'Dark Ritual',
        collectorNumber: '116',
        mtgoId: 6893,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 4,
        language: 'en',
      },
    ]);
  });

  it("reads EchoMTG's two counts as two lines, and its Japanese as ja", () => {
    const parsed = parseInventoryCsv(
      [
        'Reg Qty,Foil Qty,Name,Set,Rarity,Acquired,Language,Date Acquired,Set Code,Collector Number,Condition,Marked as Trade,note,echo_inventory_id,tcgid,echoid',
        '"2","1","Abrade","Double Masters","common","0.16","JP","05/15/2022","2xm","114","MP","0"," ","44284854","219498","121037"',
        '"0","0","Abzan Banner","Khans of Tarkir","Common","0.08","EN","05/15/2022","KTK","215","NM","0"," ","44284852","93017","94171"',
      ].join('\n'),
    );
    expect(
      parsed.lines.map((l) => [l.finish, l.quantity, l.language, l.quality, l.setCode, l.tcgplayerId, l.price]),
    ).toEqual([
      ['nonfoil', 2, 'ja', 'MP', '2xm', 219498, 0.16],
      ['foil', 1, 'ja', 'MP', '2xm', 219498, 0.16],
    ]);
    expect(parsed.skipped).toBe(1);
  });

  it("does not read Decked Builder's Mvid, which is its own number, as a printing's id", () => {
    const parsed = parseInventoryCsv(
      [
        'Total Qty,Reg Qty,Foil Qty,Card,Set,Mana Cost,Card Type,Color,Rarity,Mvid,Single Price,Single Foil Price,Total Price,Price Source,Notes',
        '1,0,1,Abraded Bluffs,Outlaws of Thunder Junction,,Land — Desert,Land,Common,1297512,0.19,0.19,0.19,TCGplayer Market,',
      ].join('\n'),
    );
    expect(parsed.lines).toEqual([
      {
        line: 2,
        name: 'Abraded Bluffs',
        setName: 'Outlaws of Thunder Junction',
        finish: 'foil',
        quality: 'NM',
        quantity: 1,
        language: 'en',
      },
    ]);
  });

  it('drops a ManaBox purchase price that is not in dollars', () => {
    const header =
      'Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Condition,Language,Purchase price currency';
    const csv = `${header}\nLightning Bolt,M11,Magic 2011,149,normal,common,1,1,,2.5,false,false,near_mint,en,EUR\nLightning Bolt,M11,Magic 2011,149,normal,common,1,1,,2.5,false,false,near_mint,en,USD\n`;
    const lines = parseInventoryCsv(csv).lines;
    expect(lines[0]!.price).toBeUndefined();
    expect(lines[1]!.price).toBe(2.5);
  });

  it('splits "Near Mint Foil - Japanese" in a TCGplayer seller export', () => {
    const csv = [
      'TCGplayer Id,Product Line,Set Name,Product Name,Title,Number,Rarity,Condition,TCG Market Price,TCG Direct Low,TCG Low Price With Shipping,TCG Low Price,Total Quantity,Add to Quantity,TCG Marketplace Price,Photo URL',
      '8535707,Magic,Aetherdrift,March of the World Ooze (Showcase),,402,M,Near Mint Foil - Japanese,2.46,,3.29,1.98,2,0,5.8600,',
      '376118,Magic,10th Edition,"Cho-Manno, Revolutionary",,12,R,Moderately Played - German,0.35,,1.56,0.25,1,0,0.34,',
      '376119,Magic,10th Edition,Some Card,,13,R,Damaged Foil,0.35,,1.56,0.25,3,0,,',
    ].join('\n');
    const parsed = parseInventoryCsv(csv);
    expect(
      parsed.lines.map(({ finish, quality, language, quantity, price }) => ({
        finish,
        quality,
        language,
        quantity,
        price,
      })),
    ).toEqual([
      { finish: 'foil', quality: 'NM', language: 'ja', quantity: 2, price: 5.86 },
      { finish: 'nonfoil', quality: 'MP', language: 'de', quantity: 1, price: 0.34 },
      { finish: 'foil', quality: 'D', language: 'en', quantity: 3, price: undefined },
    ]);
  });

  it('counts a Delver Lens file from "QuantityX" when there is no Quantity column', () => {
    const parsed = parseInventoryCsv(
      'QuantityX,Name,Edition code,Foil\n"1x","Knight of the Ebon Legion","M20",""\n3x,Opt,XLN,foil\n',
    );
    expect(parsed.lines).toEqual([
      {
        line: 2,
        name: 'Knight of the Ebon Legion',
        setCode: 'm20',
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 1,
      },
      { line: 3, name: 'Opt', setCode: 'xln', finish: 'foil', quality: 'NM', language: 'en', quantity: 3 },
    ]);
  });

  it("reads CardSphere's abbreviated export: NM/SP/MP/HP, EN, N/F flags, etched named in the edition", () => {
    const csv = [
      'Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Scryfall ID,Last Modified',
      '"1","1","Survival of the Fittest","Exodus","NM","EN","N","","c060c178-3c0e-493f-b6f0-ead5b1d6f191","2023-06-15 15:47:55.405080"',
      '"1","1","Aeromoeba","Modern Horizons 2","MP","EN","F","","2a304f7e-0b9e-4ef6-9ad8-34350839f7d9","2025-06-13 21:24:43.015018"',
      '"2","1","Aeromoeba","Modern Horizons 2 Retro Frame Etched Foil","SP","EN","F","","25de0eb6-94f5-440f-8201-cc7dad2f0805","2025-06-13 21:24:30.105411"',
      '"1","0","Opt","Ixalan","HP","EN","N","","00000000-0000-4000-8000-000000000001","2025-06-13 21:24:30.105411"',
    ].join('\n');
    const parsed = parseInventoryCsv(csv);
    expect(parsed.format).toBe('cardsphere');
    expect(parsed.lines.map((l) => [l.finish, l.quality, l.quantity, l.language])).toEqual([
      ['nonfoil', 'NM', 1, 'en'],
      ['foil', 'MP', 1, 'en'],
      ['etched', 'LP', 2, 'en'],
      ['nonfoil', 'HP', 1, 'en'],
    ]);
  });

  it("Urza's Gatherer: foils are counted inside Count", () => {
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
    // A row with no copies at all is nothing to stock: skipped, not refused.
    expect(mixed.problems).toEqual([]);
    expect(mixed.skipped).toBe(1);
  });
});

/** Cardstock CSV text as our export writes it: quoted only where needed. */
function cardstockCsv(rows: string[][]): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [CARDSTOCK_CSV_HEADER, ...rows].map((row) => row.map(quote).join(',')).join('\n') + '\n';
}

/** Data rows by counting non-blank physical lines: none of these files has a newline inside a quoted field. */
function dataRowCount(text: string): number {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const sepLine = /^\uFEFF?"?sep=/.test(lines[0] ?? '') ? 1 : 0;
  return lines.length - 1 - sepLine;
}

describe("Cardstock's own format", () => {
  const lines: CsvLine[] = [
    {
      line: 2,
      name: 'Kongming, "Sleeping Dragon"',
      scryfallId: '00000000-0000-4000-8000-000000000001',
      setCode: 'pca',
      collectorNumber: '1',
      finish: 'foil',
      quality: 'LP',
      language: 'de',
      quantity: 3,
      price: 12.5,
      signed: true,
    },
    {
      line: 3,
      name: 'Fire // Ice',
      setCode: 'apc',
      collectorNumber: '128',
      finish: 'nonfoil',
      quality: 'D',
      language: 'en',
      quantity: 1,
    },
    {
      line: 4,
      name: 'Demonic Tutor',
      setCode: 'cmm',
      collectorNumber: '509',
      finish: 'etched',
      quality: 'MP',
      language: 'en',
      quantity: 12,
      price: 0.05,
    },
    {
      line: 5,
      name: 'Plains',
      setCode: 'm21',
      collectorNumber: '309',
      finish: 'nonfoil',
      quality: 'HP',
      language: 'en',
      quantity: 1,
    },
    {
      line: 6,
      name: 'Opt',
      setCode: 'xln',
      collectorNumber: '65',
      finish: 'nonfoil',
      quality: 'NM',
      language: 'ja',
      quantity: 1,
      altered: true,
    },
  ];

  const write = (l: CsvLine): string[] => [
    l.name,
    l.setCode ?? '',
    l.collectorNumber ?? '',
    l.scryfallId ?? '',
    l.finish,
    l.quality,
    String(l.quantity),
    l.price === undefined ? '' : l.price.toFixed(2),
    l.language,
    String(l.signed ?? false),
    String(l.altered ?? false),
  ];

  it('reads back what the export writes', () => {
    const text = cardstockCsv(lines.map(write));
    expect(text.split('\n')[0]).toBe(
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price,Language,Signed,Altered,Kind,Category,UPC,Location',
    );
    const parsed = parseInventoryCsv(text);
    expect(parsed.format).toBe('cardstock');
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toEqual(lines);
    expect(parsed.lines).toHaveLength(dataRowCount(text));
  });

  it('reads it back after Excel re-saved it (BOM, sep line, CRLF, upper-case id)', () => {
    const text = cardstockCsv(lines.map(write)).replace(/\n/g, '\r\n').toUpperCase();
    const upper = parseInventoryCsv('\uFEFF"sep=,"\r\n' + text.replace(/^NAME,.*$/m, CARDSTOCK_CSV_HEADER.join(',')));
    expect(upper.problems).toEqual([]);
    expect(upper.lines[0]).toMatchObject({
      line: 3,
      scryfallId: '00000000-0000-4000-8000-000000000001',
      setCode: 'pca',
    });
    expect(upper.lines.map((l) => [l.line, l.finish, l.quality, l.quantity, l.language])).toEqual(
      lines.map((l) => [l.line + 1, l.finish, l.quality, l.quantity, l.language]),
    );
  });

  it('reads a file from before languages as English, and refuses a language it does not stock', () => {
    const older = cardstockCsv([]).split('\n')[0]!.replace(',Language', '');
    const parsed = parseInventoryCsv(`${older}\nOpt,xln,65,,nonfoil,NM,2,0.25\n`);
    expect(parsed.format).toBe('cardstock');
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toEqual([expect.objectContaining({ name: 'Opt', language: 'en', quantity: 2 })]);
    const klingon = parseInventoryCsv(cardstockCsv([['Opt', 'xln', '65', '', 'nonfoil', 'NM', '1', '', 'Klingon']]));
    expect(klingon.lines).toEqual([]);
    expect(klingon.problems).toEqual([
      { line: 2, reason: expect.stringContaining('Language "Klingon" is not one Cardstock stocks') },
    ]);
  });
});

describe('signed and altered copies', () => {
  const bolt = printing('Lightning Bolt', '2x2');
  const stock: StockLine[] = [
    { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 1, signed: true },
    { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 2, altered: true },
    { card: bolt, finish: 'foil', quality: 'NM', quantity: 3, signed: true, altered: true },
    { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 4 },
  ];
  const flagsOf = (layout: LayoutName) =>
    parseInventoryCsv(LAYOUTS[layout].write(stock)).lines.map((l) => [
      l.quantity,
      l.signed ?? false,
      l.altered ?? false,
    ]);

  it.each([
    'cardstock',
    'deckbox',
    'deckbox-all-columns',
    'helvault',
    'helvault-chosen-columns',
    'topdecked',
    'cardmarket',
    'archidekt',
  ] as const)('reads both flags from %s, in its own words', (layout) => {
    expect(flagsOf(layout)).toEqual([
      [1, true, false],
      [2, false, true],
      [3, true, true],
      [4, false, false],
    ]);
  });

  it.each(['manabox', 'moxfield'] as const)('reads the altered flag from %s, which has no signed column', (layout) => {
    expect(flagsOf(layout)).toEqual([
      [1, false, false],
      [2, false, true],
      [3, false, true],
      [4, false, false],
    ]);
  });

  it("reads Helvault's real extras and TappedOut's dashes", () => {
    const helvault = parseInventoryCsv(
      [
        'cmc,collector_number,color_identity,colors,estimated_price,extras,language,mana_cost,name,oracle_id,quantity,rarity,scryfall_id,set_code,set_name,type_line',
        '"3.0","228","C","C","18.68","signed/foil","en","{3}","Sword of Sinew and Steel","","1","mythic","c081e5cf-81e2-4afb-a912-8267de29e88d","mh1","Modern Horizons","Artifact"',
        '"3.0","228","C","C","18.68","signed/alteredArt","en","{3}","Sword of Sinew and Steel","","1","mythic","c081e5cf-81e2-4afb-a912-8267de29e88d","mh1","Modern Horizons","Artifact"',
      ].join('\n'),
    );
    expect(helvault.lines.map((l) => [l.finish, l.signed ?? false, l.altered ?? false])).toEqual([
      ['foil', true, false],
      ['nonfoil', true, true],
    ]);
    const tappedout = parseInventoryCsv(
      'Qty,Name,Set,Set Number,Foil,Alter,Signed,Condition,Languange,Proxy\n1,Opt,XLN,65,-,-,-,NM,EN,-\n1,Opt,XLN,65,-,-,x,NM,EN,-\n',
    );
    expect(tappedout.problems).toEqual([]);
    expect(tappedout.lines.map((l) => l.signed ?? false)).toEqual([false, true]);
  });

  it('reads a Cardstock file from before the flags as unflagged, and refuses a flag it cannot read', () => {
    const older = cardstockCsv([]).split('\n')[0]!.replace(',Signed,Altered,Kind,Category,UPC', '');
    const parsed = parseInventoryCsv(`${older}\nOpt,xln,65,,nonfoil,NM,2,0.25,en\n`);
    expect(parsed.format).toBe('cardstock');
    expect(parsed.lines).toEqual([expect.not.objectContaining({ signed: expect.anything() })]);
    const maybe = parseInventoryCsv(
      cardstockCsv([['Opt', 'xln', '65', '', 'nonfoil', 'NM', '1', '', 'en', 'maybe', 'false']]),
    );
    expect(maybe.lines).toEqual([]);
    expect(maybe.problems).toEqual([{ line: 2, reason: 'Signed must be true or false, not "maybe".' }]);
  });
});

describe('condition vocabularies', () => {
  it('an empty condition is Near Mint; an unknown one is a problem', () => {
    const header =
      '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"';
    const parsed = parseInventoryCsv(
      `${header}\n"1","0","Opt","xln","","English","","","","65","False","False",""\n"1","0","Opt","xln","Excellent-ish","English","","","","65","False","False",""\n`,
    );
    expect(parsed.lines.map((l) => l.quality)).toEqual(['NM']);
    expect(parsed.problems).toEqual([{ line: 3, reason: 'Condition "Excellent-ish" is not a known condition.' }]);
  });

  it('reads "Played" as a US or an EU grade by the tool that wrote it', () => {
    const bolt = printing('Lightning Bolt', '2x2');
    const played: StockLine[] = [{ card: bolt, finish: 'nonfoil', quality: 'HP', grade: 'played', quantity: 1 }];
    const lightlyPlayed: StockLine[] = [{ card: bolt, finish: 'nonfoil', quality: 'MP', quantity: 1 }];
    // ManaBox and Dragon Shield write "played" for a worse card than Moxfield's "Played".
    expect(LAYOUTS.manabox.write(played)).toContain(',played,');
    expect(LAYOUTS.moxfield.write(lightlyPlayed)).toContain('"Played"');
    expect(parseInventoryCsv(LAYOUTS.manabox.write(played)).lines[0]!.quality).toBe('HP');
    expect(parseInventoryCsv(LAYOUTS['dragonshield-web'].write(played)).lines[0]!.quality).toBe('HP');
    expect(parseInventoryCsv(LAYOUTS.moxfield.write(lightlyPlayed)).lines[0]!.quality).toBe('MP');
  });

  it("reads Dragon Shield's words in a spreadsheet, a word of both scales on the US one", () => {
    const words = ['NearMint', 'Mint', 'Excellent', 'Good', 'LightPlayed', 'Light Played', 'Played', 'Poor'];
    const sheet = parseInventoryCsv(['Quantity,Name,Condition', ...words.map((word) => `1,Opt,${word}`)].join('\n'));
    expect(sheet.format).toBe('spreadsheet');
    expect(sheet.problems).toEqual([]);
    expect(sheet.lines.map((l) => l.quality)).toEqual(['NM', 'NM', 'LP', 'LP', 'MP', 'MP', 'MP', 'D']);
  });
});

describe('rows that cannot be read', () => {
  const header =
    'Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,Collector Number,Alter,Proxy,Purchase Price';
  const csv = [
    header,
    '2,0,Opt,xln,Near Mint,English,,,,65,False,False,0.25', // 2
    'abc,0,Opt,xln,Near Mint,English,,,,65,False,False,', // 3
    '', // 4: blank, skipped
    '0,0,Opt,xln,Near Mint,English,,,,65,False,False,', // 5: no copies, skipped
    ',0,Opt,xln,Near Mint,English,,,,65,False,False,', // 6
    '1,0,,,Near Mint,English,,,,,False,False,', // 7
    '1,0,Opt,xln,Near Mint,English,shiny,,,65,False,False,', // 8
    '1.5,0,Opt,xln,Dusty,English,,,,65,False,False,€3', // 9
    ',,,,,,,,,,,,', // 10: no cells, skipped
    '1,0,"Multi', // 11
    'line",xln,Near Mint,English,,,,65,False,False,', // 12
    '1,0,,xln,Near Mint,English,,,,65,False,False,', // 13: set code + number, no name: fine
    '1,0,Opt,,Near Mint,English,,,,65,False,False,', // 14: name only: fine
  ].join('\n');
  const parsed = parseInventoryCsv(csv);

  it('reports each bad row once, with its line number and every reason', () => {
    expect(parsed.problems).toEqual([
      { line: 3, reason: 'Quantity "abc" is not a whole number.' },
      { line: 6, reason: 'Quantity is missing.' },
      { line: 7, reason: 'No card name, set or Scryfall ID.' },
      { line: 8, reason: 'Finish "shiny" is not a finish this tool writes.' },
      {
        line: 9,
        reason:
          'Condition "Dusty" is not a known condition. Quantity "1.5" is not a whole number. Price "€3" is not an amount in US dollars.',
      },
    ]);
  });

  it('skips a row with no copies (a sold-out row, a zero-stock listing) and counts it', () => {
    expect(parsed.skipped).toBe(1);
  });

  it('keeps the good rows, numbered by their first line in the file', () => {
    expect(parsed.lines.map((l) => [l.line, l.name, l.setCode, l.quantity, l.price])).toEqual([
      [2, 'Opt', 'xln', 2, 0.25],
      [11, 'Multi\nline', 'xln', 1, undefined],
      [13, '', 'xln', 1, undefined],
      [14, 'Opt', undefined, 1, undefined],
    ]);
  });

  it('does not take object properties for words', () => {
    const parsed = parseInventoryCsv(cardstockCsv([['Opt', 'xln', '65', '', 'constructor', 'toString', '1', '']]));
    expect(parsed.problems).toEqual([
      {
        line: 2,
        reason: 'Finish "constructor" is not a finish this tool writes. Condition "toString" is not a known condition.',
      },
    ]);
  });

  it('rejects malformed Scryfall and TCGplayer ids', () => {
    const cardstock = parseInventoryCsv(cardstockCsv([['Opt', 'xln', '65', 'not-a-uuid', 'nonfoil', 'NM', '1', '']]));
    expect(cardstock.problems).toEqual([{ line: 2, reason: 'Scryfall ID "not-a-uuid" is not a Scryfall card ID.' }]);
    const deckbox = parseInventoryCsv(
      'Count,Tradelist Count,Name,Edition,Edition Code,Card Number,Condition,Language,Foil,TcgPlayer ID\n1,0,Opt,Ixalan,xln,65,Near Mint,English,,12a\n',
    );
    expect(deckbox.problems).toEqual([{ line: 2, reason: 'TCGplayer product ID "12a" is not a number.' }]);
  });
});

describe('file-level handling', () => {
  it('throws CsvFormatError naming the known tools for an unknown header', () => {
    const attempt = () => parseInventoryCsv('Card,Set ID,Set Name,Foil\nOpt,XLN,Ixalan,regular\n');
    expect(attempt).toThrow(CsvFormatError);
    expect(attempt).toThrow(/Card, Set ID, Set Name, Foil/);
    for (const tool of ['Cardstock', 'ManaBox', 'Deckbox', 'TCGplayer', 'Moxfield', 'Delver Lens']) {
      expect(attempt).toThrow(tool);
    }
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('CsvFormatError');
    }
  });

  it('reads a spreadsheet in the columns the Mass Upload dialog asks for, by their names', () => {
    const bolt = '77c6fa74-5543-42ac-9ead-0e890b188e99';
    const parsed = parseInventoryCsv(
      [
        'Quantity,Card Name,Foil,Condition,Edition Code,Card-database ID',
        `4,Lightning Bolt,,Near Mint,M10,${bolt}`,
        '2,Opt,foil,LP,XLN,',
        '1,Opt,yes,MP,XLN,',
      ].join('\n'),
    );
    expect(parsed.format).toBe('spreadsheet');
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toEqual([
      {
        line: 2,
        name: 'Lightning Bolt',
        scryfallId: bolt,
        setCode: 'm10',
        finish: 'nonfoil',
        quality: 'NM',
        language: 'en',
        quantity: 4,
      },
      { line: 3, name: 'Opt', setCode: 'xln', finish: 'foil', quality: 'LP', language: 'en', quantity: 2 },
      { line: 4, name: 'Opt', setCode: 'xln', finish: 'foil', quality: 'MP', language: 'en', quantity: 1 },
    ]);
  });

  it.each(['Location', 'Bin', 'Binder Name'])('reads where copies are kept from a %s column (issue 41)', (column) => {
    const parsed = parseInventoryCsv(
      [
        `Quantity,Card Name,Edition Code,${column}`,
        '4,Lightning Bolt,M10,  Binder   3 p12 ',
        '2,Opt,XLN,',
        `1,Opt,DOM,${'x'.repeat(61)}`,
      ].join('\n'),
    );
    expect(parsed.problems).toEqual([
      { line: 4, reason: `Location "${'x'.repeat(20)}…" is longer than 60 characters.` },
    ]);
    expect(parsed.lines.map((l) => [l.name, l.location])).toEqual([
      ['Lightning Bolt', 'Binder 3 p12'],
      ['Opt', undefined],
    ]);
  });

  it("reads ManaBox's binder as where its copies are kept, and not its decks or lists", () => {
    const parsed = parseInventoryCsv(
      [
        'Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Condition,Language,Purchase price currency',
        'Trade Binder,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,2,1,e3285e6b-3e79-4d7c-bf96-d920f973b122,1.00,false,false,near_mint,en,USD',
        'Edgar Markov,deck,Opt,XLN,Ixalan,65,normal,common,1,2,,0.10,false,false,near_mint,en,USD',
        'my list,list,Shock,M21,Core Set 2021,159,normal,common,1,3,,0.10,false,false,near_mint,en,USD',
      ].join('\n'),
    );
    expect(parsed.format).toBe('manabox');
    expect(parsed.lines.map((l) => [l.name, l.quantity, l.location])).toEqual([
      ['Lightning Bolt', 2, 'Trade Binder'],
      ['Opt', 1, undefined],
      ['Shock', 1, undefined],
    ]);
  });

  it("reads other tools' column names in a spreadsheet, and no trade count or price", () => {
    const dragonShieldLike = parseInventoryCsv(
      [
        'Quantity,TradeQuantity,CardName,SetName,CardNumber,Printing,PriceBought,Acquired Price',
        '3,1,Opt,Ixalan,65/279,Surge Foil,1.00,2.00',
      ].join('\n'),
    );
    expect(dragonShieldLike.format).toBe('spreadsheet');
    expect(dragonShieldLike.lines).toEqual([
      {
        line: 2,
        name: 'Opt',
        setName: 'Ixalan',
        collectorNumber: '65',
        finish: 'foil',
        quality: 'NM',
        language: 'en',
        quantity: 3,
      },
    ]);
    const numbered = parseInventoryCsv(
      ["Qty,Card,Set Code,Collector's number,TCGPlayer productID,Finish", '2,Opt,XLN,65,144329,etchedFoil'].join('\n'),
    );
    expect(numbered.lines).toEqual([
      expect.objectContaining({ setCode: 'xln', collectorNumber: '65', tcgplayerId: 144329, finish: 'etched' }),
    ]);
    // Helvault's and CubeCobra's words under a column of their own.
    const flagged = parseInventoryCsv('Qty,Name,Set,Altered,Proxy\n1,Opt,XLN,alteredArt,\n2,Opt,XLN,,Proxied\n');
    expect(flagged.lines).toEqual([expect.objectContaining({ quantity: 1, altered: true })]);
    expect(flagged.problems).toEqual([{ line: 3, reason: 'A proxy, not a real card: not stocked.' }]);
  });

  it("reads Helvault's extras in a spreadsheet of the columns a Helvault user chose", () => {
    const id = 'c081e5cf-81e2-4afb-a912-8267de29e88d';
    const parsed = parseInventoryCsv(
      [
        'extras,language,name,quantity,scryfall_id',
        `foil,en,Sword of Sinew and Steel,1,${id}`,
        `etchedFoil/signed,ja,Sword of Sinew and Steel,2,${id}`,
        `alteredArt,en,Sword of Sinew and Steel,3,${id}`,
        `proxy/foil,en,Sword of Sinew and Steel,4,${id}`,
        `,en,Sword of Sinew and Steel,5,${id}`,
      ].join('\n'),
    );
    expect(parsed.format).toBe('spreadsheet');
    expect(parsed.lines.map((l) => [l.quantity, l.finish, l.language, l.signed ?? false, l.altered ?? false])).toEqual([
      [1, 'foil', 'en', false, false],
      [2, 'etched', 'ja', true, false],
      [3, 'nonfoil', 'en', false, true],
      [5, 'nonfoil', 'en', false, false],
    ]);
    expect(parsed.problems).toEqual([{ line: 5, reason: 'A proxy, not a real card: not stocked.' }]);
  });

  it('refuses proxies, in a Moxfield export and in a spreadsheet, with the reason', () => {
    const moxfield = parseInventoryCsv(
      [
        '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
        '"1","0","Opt","xln","Near Mint","English","","","","65","False","True",""',
        '"2","0","Opt","xln","Near Mint","English","","","","65","False","False",""',
      ].join('\n'),
    );
    expect(moxfield.problems).toEqual([{ line: 2, reason: 'A proxy, not a real card: not stocked.' }]);
    expect(moxfield.lines.map((l) => l.quantity)).toEqual([2]);
    const archidekt = parseInventoryCsv(
      [
        'Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,Edition Code,Multiverse Id,Scryfall ID,Collector Number',
        '2,Aeromoeba,Foil,NM,2025-06-13,EN,,"Proxy,Signed,Altered",Modern Horizons 2,mh2,522113,2a304f7e-0b9e-4ef6-9ad8-34350839f7d9,37',
        '1,Aeromoeba,Foil,NM,2025-06-13,EN,,Binder 3,Modern Horizons 2,mh2,522113,2a304f7e-0b9e-4ef6-9ad8-34350839f7d9,37',
      ].join('\n'),
    );
    expect(archidekt.problems).toEqual([{ line: 2, reason: 'A proxy, not a real card: not stocked.' }]);
    expect(archidekt.lines.map((l) => [l.quantity, l.signed ?? false])).toEqual([[1, false]]);
    const sheet = parseInventoryCsv('Qty,Name,Set,Proxy\n1,Opt,XLN,yes\n3,Opt,XLN,\n');
    expect(sheet.problems).toEqual([{ line: 2, reason: 'A proxy, not a real card: not stocked.' }]);
    expect(sheet.lines.map((l) => l.quantity)).toEqual([3]);
  });

  it('throws CsvFormatError for an empty file and for broken quoting', () => {
    expect(() => parseInventoryCsv('')).toThrow(new CsvFormatError('The file is empty.'));
    expect(() => parseInventoryCsv('\n\n')).toThrow(CsvFormatError);
    expect(() => parseInventoryCsv(cardstockCsv([]) + '"Opt,xln\n')).toThrow(/not valid CSV/);
  });

  it('reads past a BOM and a "sep=," line, as Urza\'s Gatherer writes them', () => {
    const text = LAYOUTS.urzasgatherer.write(STOCK.slice(0, 1));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\n')[0]).toBe('"sep=,"');
    const parsed = parseInventoryCsv(text);
    expect(parsed.format).toBe('urzasgatherer');
    expect(parsed.lines[0]!.line).toBe(3);
  });

  it('finds a semicolon or tab delimiter without a sep line, and keeps commas inside quoted names', () => {
    const header = 'Name;Set Code;Collector Number;Scryfall ID;Finish;Condition;Quantity;Price';
    const semicolons = parseInventoryCsv(`${header}\n"Jace, the Mind Sculptor";wwk;31;;foil;NM;1;55.00\n`);
    expect(semicolons.problems).toEqual([]);
    expect(semicolons.lines[0]).toMatchObject({ name: 'Jace, the Mind Sculptor', setCode: 'wwk', quantity: 1 });
    const tabs = parseInventoryCsv(`${header.replaceAll(';', '\t')}\nOpt\txln\t65\t\tnonfoil\tNM\t3\t\n`);
    expect(tabs.lines[0]).toMatchObject({ name: 'Opt', setCode: 'xln', quantity: 3 });
    // A comma file whose names hold semicolons stays a comma file.
    const commas = parseInventoryCsv(`${header.replaceAll(';', ',')}\n"Fire; Ice",xln,1,,nonfoil,NM,2,\n`);
    expect(commas.lines[0]).toMatchObject({ name: 'Fire; Ice', quantity: 2 });
  });

  it('honours the delimiter a sep line names, and a BOM without one', () => {
    const semicolons = parseInventoryCsv(
      'sep=;\nName;Set Code;Collector Number;Scryfall ID;Finish;Condition;Quantity;Price\n"Jace, the Mind Sculptor";wwk;31;;foil;NM;1;55.00\n',
    );
    expect(semicolons.lines).toEqual([
      {
        line: 3,
        name: 'Jace, the Mind Sculptor',
        setCode: 'wwk',
        collectorNumber: '31',
        finish: 'foil',
        quality: 'NM',
        language: 'en',
        quantity: 1,
        price: 55,
      },
    ]);
    const bom = parseInventoryCsv('\uFEFF' + LAYOUTS.moxfield.write(STOCK));
    expect(bom.format).toBe('moxfield');
    expect(bom.lines).toEqual(expectedLines('moxfield', STOCK));
  });

  it('keeps short rows (TopDecked leaves off trailing empty cells)', () => {
    const text = LAYOUTS.topdecked.write(STOCK);
    const [header, row] = text.split('\n');
    expect(row!.split(',').length).toBeLessThan(header!.split(',').length);
    expect(parseInventoryCsv(text).lines).toEqual(expectedLines('topdecked', STOCK));
  });
});
