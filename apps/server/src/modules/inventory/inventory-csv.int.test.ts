import {
  fixtureCards,
  LAYOUT_NAMES,
  LAYOUTS,
  type FixtureCard,
  type LayoutName,
  type StockLine,
} from '@cardstock/fixtures';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, expectError, expectOk } from '../../../test/client.ts';
import { expectExportRoundTrip, inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import {
  catalog as loadCatalog,
  member,
  order,
  pricedCard,
  shop as buildShop,
  type Shop,
} from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
type Json = any;

const catalog = fixtureCards() as (FixtureCard & { released_at: string })[];

function printing(name: string, set: string): FixtureCard {
  const found = catalog.filter((card) => card.name === name && card.set === set);
  if (found.length !== 1) throw new Error(`${found.length} fixture printings of ${name} in ${set}`);
  return found[0]!;
}

const bolt = printing('Lightning Bolt', '2x2');

/**
 * A shop's stock over single- and double-faced, split, adventure and flip cards, three printings of one name, every
 * finish and condition; two lines of one printing, finish and condition that an import adds up.
 */
const STOCK: readonly StockLine[] = [
  { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 4, price: 1.25 },
  { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 2, language: 'ja' },
  { card: bolt, finish: 'foil', quality: 'LP', grade: 'excellent', quantity: 1 },
  { card: printing('Lightning Bolt', 'fca'), finish: 'nonfoil', quality: 'MP', quantity: 3, language: 'de' },
  { card: printing('Lightning Bolt', 'tle'), finish: 'foil', quality: 'HP', quantity: 1 },
  { card: printing('Aragorn, the Uniter', 'ltr'), finish: 'foil', quality: 'NM', grade: 'mint', quantity: 2 },
  { card: printing('Delver of Secrets // Insectile Aberration', 'isd'), finish: 'nonfoil', quality: 'D', quantity: 1 },
  { card: printing('Boom // Bust', 'plc'), finish: 'foil', quality: 'LP', quantity: 5, price: 0.5 },
  {
    card: printing('Esika, God of the Tree // The Prismatic Bridge', 'khm'),
    finish: 'nonfoil',
    quality: 'NM',
    quantity: 1,
  },
  { card: printing('Altar of Bhaal // Bone Offering', 'clb'), finish: 'foil', quality: 'MP', quantity: 2 },
  { card: printing('Abbot of Keral Keep', '2x2'), finish: 'etched', quality: 'NM', quantity: 1 },
  { card: printing('Sylvan Library', 'ren'), finish: 'nonfoil', quality: 'HP', quantity: 1 },
  { card: printing('Goblin Warchief', 'plst'), finish: 'nonfoil', quality: 'NM', quantity: 7, language: 'zhs' },
  {
    card: printing('Bushi Tenderfoot // Kenzo the Hardhearted', 'chk'),
    finish: 'nonfoil',
    quality: 'LP',
    quantity: 12,
  },
];

/** What an import keeps of a layout's file, beyond the finish and the count every layout keeps. */
interface Keeps {
  /** false: the file has no condition, and every copy is imported Near Mint. */
  condition: boolean;
  /**
   * false: the tool writes etched copies as foil, and a printing only made etched has none, so those lines are left
   * out (Deckbox, Dragon Shield's app); or, for the TCGplayer seller export, its product name carries an
   * "(Foil Etched)" tag no printing is named by.
   */
  etched: boolean;
  /** false: the file names no language, and every copy is imported as English. */
  language: boolean;
  /** The stock lines the tool can write at all, when not every one: Magic Online has no paper-only cards. */
  writes?: (line: StockLine) => boolean;
}

const KEEPS: Readonly<Record<LayoutName, Keeps>> = {
  cardstock: { condition: true, etched: true, language: true },
  manabox: { condition: true, etched: true, language: true },
  'manabox-without-binder': { condition: true, etched: true, language: true },
  'tcgplayer-app': { condition: true, etched: true, language: true },
  'tcgplayer-seller': { condition: true, etched: false, language: true },
  moxfield: { condition: true, etched: true, language: true },
  deckbox: { condition: true, etched: false, language: true },
  'deckbox-all-columns': { condition: true, etched: false, language: true },
  cardsphere: { condition: true, etched: true, language: true },
  'delverlens-moxfield': { condition: true, etched: true, language: true },
  'delverlens-scryfall': { condition: false, etched: true, language: true },
  // Name and set code, and no two printings of one name share a set in this stock.
  'delverlens-quantityx': { condition: false, etched: true, language: false },
  archidekt: { condition: true, etched: true, language: true },
  'dragonshield-web': { condition: true, etched: true, language: true },
  'dragonshield-web-no-spaces': { condition: true, etched: true, language: true },
  'dragonshield-app': { condition: true, etched: false, language: true },
  helvault: { condition: false, etched: true, language: true },
  'helvault-chosen-columns': { condition: false, etched: true, language: true },
  topdecked: { condition: true, etched: true, language: true },
  urzasgatherer: { condition: false, etched: true, language: false },
  echomtg: { condition: true, etched: false, language: true },
  cubecobra: { condition: false, etched: true, language: false },
  mtgo: {
    condition: false,
    etched: false,
    language: false,
    writes: (line) => (line.finish === 'foil' ? line.card.mtgo_foil_id : line.card.mtgo_id) !== undefined,
  },
  // Set name and card name, and no two printings of one name share a set in this stock.
  deckedbuilder: { condition: false, etched: false, language: false },
  cardmarket: { condition: true, etched: false, language: true },
  'spreadsheet-set-name': { condition: true, etched: true, language: true },
  'spreadsheet-collectors-number': { condition: true, etched: true, language: true },
  // Set name and card name, as Decked Builder's.
  'spreadsheet-without-number': { condition: true, etched: true, language: false },
};

/**
 * The inventory rows (`id|finish|condition|count`, then `|language` when not English, sorted) an import of `stock`
 * in `layout` must leave.
 */
function expectedInventory(layout: LayoutName, stock: readonly StockLine[]): string[] {
  const keeps = KEEPS[layout];
  const rows = new Map<string, { key: string; language: string; quantity: number }>();
  for (const line of stock) {
    const language = keeps.language ? (line.language ?? line.card.lang) : 'en';
    const key = `${line.card.id}|${line.finish}|${keeps.condition ? line.quality : 'NM'}`;
    const row = rows.get(`${key}|${language}`) ?? { key, language, quantity: 0 };
    row.quantity += line.quantity;
    rows.set(`${key}|${language}`, row);
  }
  return [...rows.values()]
    .map(({ key, language, quantity }) => `${key}|${quantity}${language === 'en' ? '' : `|${language}`}`)
    .sort();
}

describe(`CSV import and export (${testEngine})`, () => {
  let server: TestServer;

  const upload = (shop: Shop, file: Buffer | string, fields: Record<string, string> = {}, name?: string) =>
    uploadCsv(server, shop, file, fields, name);
  const inventory = (shop: Shop) => inventoryRows(server, shop);

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await loadCatalog(server);
  });
  afterAll(() => server.close());

  it.each(LAYOUT_NAMES)(
    'imports a file in the %s layout: each line into its printing, finish, condition and count',
    async (layout) => {
      const { etched, writes = () => true } = KEEPS[layout];
      const stock = STOCK.filter((line) => (etched || line.finish !== 'etched') && writes(line));
      const text = LAYOUTS[layout].write(stock);
      const shop = await buildShop(server);

      const dry = await upload(shop, text, { dry_run: 'true' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ format: LAYOUTS[layout].format, dry_run: true, imported: false, refused: [] });
      expect(await inventory(shop)).toEqual([]);

      const res = await upload(shop, text);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        imported: true,
        refused: [],
        copies: stock.reduce((sum, line) => sum + line.quantity, 0),
      });
      expect(await inventory(shop)).toEqual(expectedInventory(layout, stock));
    },
  );

  it('reports each bad line with its line number and reason, and imports nothing until told', async () => {
    const shop = await buildShop(server);
    const csv = [
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price',
      `Lightning Bolt,,,${bolt.id},nonfoil,NM,2,`,
      'Nobody,zzz,999,,nonfoil,NM,1,',
      `Lightning Bolt,,,${bolt.id},nonfoil,NM,abc,`,
      `Lightning Bolt,,,${bolt.id},nonfoil,LP,1,3.50`,
    ].join('\n');
    const dry = await upload(shop, csv, { dry_run: 'true' });
    expect(dry.body.refused.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    expect(dry.body.refused[0].reason).toBe('No printing found for "Nobody" set ZZZ #999.');
    expect(dry.body.refused[1].reason).toMatch(/Quantity "abc"/);
    expect(dry.body.message).toBe('2 lines can be imported; 2 cannot.');
    expect((await upload(shop, csv)).status).toBe(422);
    expect(await inventory(shop)).toEqual([]);
    const partial = await upload(shop, csv, { accept_partial: 'true' });
    expect(partial.body).toMatchObject({ imported: true, rows: 2, added: 2, merged: 0, copies: 3 });
    expect(await inventory(shop)).toEqual([`${bolt.id}|nonfoil|LP|1`, `${bolt.id}|nonfoil|NM|2`].sort());
    // Importing again adds to the same rows instead of duplicating them.
    const again = await upload(shop, csv, { accept_partial: 'true' });
    expect(again.body).toMatchObject({ added: 0, merged: 2 });
    expect(await inventory(shop)).toEqual([`${bolt.id}|nonfoil|LP|2`, `${bolt.id}|nonfoil|NM|4`].sort());
  });

  describe('the exact printing or a question, never a guess', () => {
    const header = 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price';
    const bolts = catalog.filter((c) => c.name === 'Lightning Bolt');
    const abbot = printing('Abbot of Keral Keep', '2x2');
    const delver = printing('Delver of Secrets // Insectile Aberration', 'isd');

    it('reads a file in the columns the Mass Upload dialog asks for, by their names', async () => {
      const shop = await buildShop(server);
      const library = printing('Sylvan Library', 'ren');
      const csv = [
        'Quantity,Card Name,Foil,Condition,Edition Code,Card-database ID',
        `4,Lightning Bolt,,Near Mint,2X2,${bolt.id}`,
        '1,Sylvan Library,,LP,REN,',
        '2,Lightning Bolt,foil,MP,2X2,',
      ].join('\n');
      const res = await upload(shop, csv);
      expect(res.body).toMatchObject({ format: 'spreadsheet', imported: true, refused: [] });
      expect(await inventory(shop)).toEqual(
        [`${bolt.id}|nonfoil|NM|4`, `${library.id}|nonfoil|LP|1`, `${bolt.id}|foil|MP|2`].sort(),
      );
    });

    it('refuses a line whose name is not the printing its set and number (or id) give, naming both', async () => {
      const shop = await buildShop(server);
      const csv = [
        header,
        // A mistyped number that is another card of the set.
        `Lightning Bolt,2x2,${abbot.collector_number},,nonfoil,NM,4,`,
        // An id of another card.
        `Lightning Bolt,,,${abbot.id},nonfoil,NM,1,`,
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body.refused).toEqual([
        {
          line: 2,
          reason: `The file names "Lightning Bolt", but 2X2 #${abbot.collector_number} is "Abbot of Keral Keep".`,
        },
        {
          line: 3,
          reason: `The file names "Lightning Bolt", but 2X2 #${abbot.collector_number} is "Abbot of Keral Keep".`,
        },
      ]);
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual([]);
    });

    it('takes a card by one face’s name, and by its name in a set when the set has one printing of it', async () => {
      const shop = await buildShop(server);
      const csv = [
        header,
        `Delver of Secrets,isd,${delver.collector_number},,nonfoil,NM,1,`,
        'Lightning Bolt,2x2,,,nonfoil,LP,2,',
        // A number the set does not have names a printing the catalog lacks: a question, even with one candidate.
        'Lightning Bolt,2x2,9999,,nonfoil,LP,5,',
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body.refused).toEqual([
        {
          line: 4,
          reason:
            'The printing "Lightning Bolt" set 2X2 #9999 names is not in the catalog; one printing of the name is: pick it, or leave the line out.',
        },
      ]);
      // The line as the file wrote it, and plainly: its own printing is not in the catalog.
      expect(dry.body.review).toEqual([
        {
          line: 4,
          name: 'Lightning Bolt',
          candidates: [expect.objectContaining({ scryfall_id: bolt.id })],
          file: {
            set_code: '2x2',
            collector_number: '9999',
            finish: 'nonfoil',
            quality: 'LP',
            language: 'en',
            quantity: 5,
          },
          in_catalog: false,
        },
      ]);
      const res = await upload(shop, csv, { accept_partial: 'true' });
      expect(res.body).toMatchObject({ imported: true, rows: 2 });
      expect(await inventory(shop)).toEqual([`${delver.id}|nonfoil|NM|1`, `${bolt.id}|nonfoil|LP|2`].sort());
    });

    it('sends a name several printings share to review with them as candidates, and stocks the one picked', async () => {
      const shop = await buildShop(server);
      const csv = [
        header,
        'Lightning Bolt,,,,nonfoil,NM,3,',
        `Delver of Secrets,isd,${delver.collector_number},,nonfoil,NM,1,`,
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      const nonfoil = bolts.filter((c) => c.finishes.includes('nonfoil'));
      expect(nonfoil.length).toBeGreaterThan(1);
      expect(dry.body.refused).toEqual([
        { line: 2, reason: `${nonfoil.length} printings match "Lightning Bolt": pick one, or leave the line out.` },
      ]);
      expect(dry.body.review).toHaveLength(1);
      expect(dry.body.review[0]).toMatchObject({ line: 2, name: 'Lightning Bolt' });
      expect(dry.body.review[0].candidates.map((c: { scryfall_id: string }) => c.scryfall_id).sort()).toEqual(
        nonfoil.map((c) => c.id).sort(),
      );
      expect(dry.body.review[0].candidates[0]).toEqual({
        scryfall_id: expect.any(String),
        name: 'Lightning Bolt',
        set_code: expect.any(String),
        set_name: expect.any(String),
        collector_number: expect.any(String),
        finishes: expect.arrayContaining(['nonfoil']),
        image: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
        price: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
      });
      // A name alone names no printing: the candidates are the question, not a stand-in for a missing one.
      expect(dry.body.review[0]).toMatchObject({
        in_catalog: true,
        file: { finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 3 },
      });
      // Without a pick the line is refused, and nothing is stocked on a guess.
      expect((await upload(shop, csv)).status).toBe(422);
      expect(await inventory(shop)).toEqual([]);

      const fca = printing('Lightning Bolt', 'fca');
      const picked = await upload(shop, csv, { picks: JSON.stringify({ 2: fca.id }) });
      expect(picked.status).toBe(200);
      expect(picked.body).toMatchObject({ imported: true, refused: [] });
      expect(await inventory(shop)).toEqual([`${delver.id}|nonfoil|NM|1`, `${fca.id}|nonfoil|NM|3`].sort());
    });

    it('refuses a pick that is not one of the line’s candidates, and picks that are not JSON', async () => {
      const shop = await buildShop(server);
      const csv = [header, 'Lightning Bolt,,,,nonfoil,NM,3,'].join('\n');
      const wrong = await upload(shop, csv, { picks: JSON.stringify({ 2: abbot.id }) });
      expect(wrong.status).toBe(422);
      expect(wrong.body.refused).toEqual([
        { line: 2, reason: 'The printing picked for line 2 is not one the line could be.' },
      ]);
      const garbage = await upload(shop, csv, { picks: '{"two": 3}' });
      expect(garbage.status).toBe(400);
      expect(garbage.body.message).toBe('picks must be JSON such as {"12": "<Scryfall id>"}.');
      expect(await inventory(shop)).toEqual([]);
    });
  });

  describe("the tools' own ids: Magic Online, Cardmarket, CubeCobra, EchoMTG, Decked Builder", () => {
    const delver = printing('Delver of Secrets // Insectile Aberration', 'isd');
    const abbot = printing('Abbot of Keral Keep', '2x2');
    const nonfoilBolts = catalog.filter((c) => c.name === 'Lightning Bolt' && c.finishes.includes('nonfoil'));
    const refusedLines = (body: Json) => body.refused.map((r: { line: number }) => r.line);

    it('finds an MTGO line by its ID # (the premium copy’s own id too); an id the catalog lacks is a question', async () => {
      const shop = await buildShop(server);
      const csv = [
        LAYOUTS.mtgo
          .write([
            { card: delver, finish: 'foil', quality: 'NM', quantity: 2 },
            { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 3 },
          ])
          .trimEnd(),
        // Magic Online's own set code and a number with the set's size: neither is read.
        '"Lightning Bolt",4,99999999,Common,M10,146/249,No,No,0',
        // Delver's id under another name.
        `"Lightning Bolt",1,${delver.mtgo_id},Common,ISD,51/264,No,No,0`,
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'mtgo', rows: 2 });
      expect(dry.body.refused).toEqual([
        {
          line: 4,
          reason: `${nonfoilBolts.length} printings match "Lightning Bolt" #146 MTGO ID 99999999: pick one, or leave the line out.`,
        },
        { line: 5, reason: `The file names "Lightning Bolt", but ISD #51 is "${delver.name}".` },
      ]);
      expect(dry.body.review.map((r: { line: number }) => r.line)).toEqual([4]);
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual([`${bolt.id}|nonfoil|NM|3`, `${delver.id}|foil|NM|2`].sort());
    });

    it('finds a Cardmarket line by idProduct alone: its language, grade, foil and playsets', async () => {
      const shop = await buildShop(server);
      const csv = [
        'idProduct;groupCount;price;idLanguage;condition;isFoil;isSigned;isAltered;isPlayset;isReverseHolo;isFirstEd;isFullArt;isUberRare;isWithDie',
        // German, Excellent (Lightly Played here), two playsets.
        `${bolt.cardmarket_id};2;1.50;3;3;;;;1;;;;;`,
        // Japanese, Poor, foil.
        `${delver.cardmarket_id};1;4.00;7;7;1;;;;;;;;`,
        // A product the catalog does not have, and a language Cardstock does not stock.
        '1;1;0.10;1;2;;;;;;;;;',
        `${bolt.cardmarket_id};1;0.10;12;2;;;;;;;;;`,
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'cardmarket' });
      expect(dry.body.refused).toEqual([
        { line: 4, reason: 'No printing found for Cardmarket product 1.' },
        { line: 5, reason: expect.stringMatching(/^Language "12" is not one Cardstock stocks/) },
      ]);
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual([`${bolt.id}|nonfoil|LP|8|de`, `${delver.id}|foil|D|1|ja`].sort());
    });

    it('reads a CubeCobra row as one copy the owner has: by MTGO ID first, not owned skipped, proxies refused', async () => {
      const shop = await buildShop(server);
      const header =
        'name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,Finish,maybeboard,image URL,image Back URL,tags,Notes,MTGO ID';
      const row = (name: string, set: string, number: string, status: string, finish: string, mtgo: string) =>
        `"${name}",1,"Instant",R,"${set}","${number}",common,Red,${status},${finish},false,,,"","",${mtgo}`;
      const csv = [
        header,
        row('Lightning Bolt', '2x2', bolt.collector_number, 'Owned', '', String(bolt.mtgo_id)),
        row('Lightning Bolt', '2x2', bolt.collector_number, 'Premium Owned', 'Non-foil', ''),
        row('Lightning Bolt', '2x2', bolt.collector_number, 'Owned', 'Foil', ''),
        row('Lightning Bolt', '2x2', bolt.collector_number, 'Not Owned', '', ''),
        row('Lightning Bolt', '2x2', bolt.collector_number, 'Proxied', '', ''),
        // The MTGO ID is the printing: Delver, whatever the set and number say.
        row(delver.name, 'zzz', '1', 'Owned', '', String(delver.mtgo_id)),
        row('Abbot of Keral Keep', '2x2', abbot.collector_number, 'Owned', 'Etched', ''),
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'cubecobra', skipped: 1 });
      expect(dry.body.refused).toEqual([{ line: 6, reason: 'A proxy, not a real card: not stocked.' }]);
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual(
        [
          `${bolt.id}|nonfoil|NM|2`,
          `${bolt.id}|foil|NM|1`,
          `${delver.id}|nonfoil|NM|1`,
          `${abbot.id}|etched|NM|1`,
        ].sort(),
      );
    });

    it('finds an EchoMTG line by its TCGplayer product, the name checked; reads its language words', async () => {
      const shop = await buildShop(server);
      const text = LAYOUTS.echomtg.write([
        { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 2, language: 'ja' },
        { card: bolt, finish: 'foil', quality: 'NM', quantity: 1, language: 'ja' },
      ]);
      // The same row with Delver's product under Bolt's name.
      const wrong = text.trimEnd().split('\n')[1]!.replace(`"${bolt.tcgplayer_id}"`, `"${delver.tcgplayer_id}"`);
      const csv = `${text}${wrong}\n`;
      expect(text).toContain('"JP"');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'echomtg' });
      // Its two counts are two lines, both refused.
      expect(dry.body.refused).toEqual([
        { line: 3, reason: `The file names "Lightning Bolt", but ISD #51 is "${delver.name}".` },
        { line: 3, reason: `The file names "Lightning Bolt", but ISD #51 is "${delver.name}".` },
      ]);
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual([`${bolt.id}|foil|NM|1|ja`, `${bolt.id}|nonfoil|NM|2|ja`]);
    });

    it('takes a Decked Builder line by set name and card name only when one printing of the set has it', async () => {
      const shop = await buildShop(server);
      const forests = catalog.filter((c) => c.name === 'Forest' && c.set === 'isd');
      expect(forests.length).toBeGreaterThan(1);
      const header =
        'Total Qty,Reg Qty,Foil Qty,Card,Set,Mana Cost,Card Type,Color,Rarity,Mvid,Single Price,Single Foil Price,Total Price,Price Source,Notes';
      const csv = [
        header,
        '5,3,2,Lightning Bolt,Double Masters 2022,R,Instant,Red,Uncommon,1281376,,,,TCGplayer Market,',
        '4,4,0,Forest,Innistrad,,Basic Land — Forest,Land,Common,1281377,,,,TCGplayer Market,',
        '1,1,0,Lightning Bolt,Crimson Vow Art Series,,Card,Artifact,Common,1281378,,,,TCGplayer Market,',
      ].join('\n');
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'deckedbuilder' });
      expect(refusedLines(dry.body)).toEqual([3, 4]);
      expect(dry.body.review).toEqual([
        { line: 3, name: 'Forest', candidates: expect.any(Array), file: expect.any(Object), in_catalog: true },
      ]);
      expect(dry.body.review[0].candidates.map((c: { scryfall_id: string }) => c.scryfall_id).sort()).toEqual(
        forests.map((c) => c.id).sort(),
      );
      expect(dry.body.refused[1].reason).toBe('No printing found for "Lightning Bolt" set "Crimson Vow Art Series".');
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual([`${bolt.id}|foil|NM|2`, `${bolt.id}|nonfoil|NM|3`]);
    });
  });

  describe("other tools' column names and words (issue 39)", () => {
    const forests = catalog.filter((c) => c.name === 'Forest' && c.set === 'isd');
    const forest = forests.find((c) => c.collector_number === '263')!;
    const aragorn = printing('Aragorn, the Uniter', 'ltr');
    const abbot = printing('Abbot of Keral Keep', '2x2');

    it('reads a Dragon Shield export whose header has no spaces by its layout: number, EU grades, no price', async () => {
      const shop = await buildShop(server);
      const csv = LAYOUTS['dragonshield-web-no-spaces'].write([
        { card: forest, finish: 'foil', quality: 'MP', quantity: 2, price: 3 },
        { card: bolt, finish: 'nonfoil', quality: 'HP', quantity: 1 },
        { card: bolt, finish: 'nonfoil', quality: 'LP', grade: 'excellent', quantity: 4 },
      ]);
      expect(csv).toMatch(/,LightPlayed,Foil,/);
      expect(csv).toMatch(/,Played,Normal,/);
      const res = await upload(shop, csv);
      expect(res.body).toMatchObject({ format: 'dragonshield', imported: true, refused: [] });
      expect(await inventory(shop)).toEqual(
        [`${forest.id}|foil|MP|2`, `${bolt.id}|nonfoil|HP|1`, `${bolt.id}|nonfoil|LP|4`].sort(),
      );
    });

    it("stocks a Helvault file of a user's columns by its extras: foils as foil, the flags, proxies refused", async () => {
      const shop = await buildShop(server);
      const csv = LAYOUTS['helvault-chosen-columns'].write([
        { card: aragorn, finish: 'foil', quality: 'NM', quantity: 2 },
        { card: abbot, finish: 'etched', quality: 'NM', quantity: 1, signed: true },
        { card: bolt, finish: 'nonfoil', quality: 'NM', quantity: 3, altered: true, language: 'ja' },
        { card: bolt, finish: 'foil', quality: 'NM', quantity: 5, proxy: true },
      ]);
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'spreadsheet', imported: false });
      expect(dry.body.refused).toEqual([{ line: 5, reason: 'A proxy, not a real card: not stocked.' }]);
      expect((await upload(shop, csv, { accept_partial: 'true' })).body).toMatchObject({ imported: true, copies: 6 });
      expect(await inventory(shop)).toEqual(
        [`${aragorn.id}|foil|NM|2`, `${abbot.id}|etched|NM|1|signed`, `${bolt.id}|nonfoil|NM|3|ja|altered`].sort(),
      );
    });

    it("takes a spreadsheet's CardNumber or Collector's number for the printing, of several in the set", async () => {
      for (const layout of ['spreadsheet-set-name', 'spreadsheet-collectors-number'] as const) {
        const shop = await buildShop(server);
        const csv = LAYOUTS[layout].write([
          { card: forest, finish: 'nonfoil', quality: 'LP', quantity: 3, price: 0.25 },
          { card: abbot, finish: 'etched', quality: 'D', quantity: 1 },
        ]);
        const res = await upload(shop, csv);
        expect(res.body).toMatchObject({ format: 'spreadsheet', imported: true, refused: [] });
        expect(await inventory(shop)).toEqual([`${abbot.id}|etched|D|1`, `${forest.id}|nonfoil|LP|3`].sort());
      }
    });

    it('sends a spreadsheet line with a set and a name but no number to review when the set has several', async () => {
      expect(forests.length).toBeGreaterThan(1);
      const shop = await buildShop(server);
      const csv = LAYOUTS['spreadsheet-without-number'].write([
        { card: forest, finish: 'nonfoil', quality: 'NM', quantity: 4 },
        { card: bolt, finish: 'foil', quality: 'MP', quantity: 1 },
      ]);
      const dry = await upload(shop, csv, { dry_run: 'true' });
      expect(dry.body).toMatchObject({ format: 'spreadsheet' });
      expect(dry.body.refused.map((r: { line: number }) => r.line)).toEqual([2]);
      expect(dry.body.review).toEqual([
        { line: 2, name: 'Forest', candidates: expect.any(Array), file: expect.any(Object), in_catalog: true },
      ]);
      expect(dry.body.review[0].candidates.map((c: { scryfall_id: string }) => c.scryfall_id).sort()).toEqual(
        forests.map((c) => c.id).sort(),
      );
      expect((await upload(shop, csv, { accept_partial: 'true' })).body.imported).toBe(true);
      expect(await inventory(shop)).toEqual([`${bolt.id}|foil|MP|1`]);
    });
  });

  it('skips rows with no copies instead of refusing the file, and says how many', async () => {
    const shop = await buildShop(server);
    const csv = [
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price',
      `Lightning Bolt,,,${bolt.id},nonfoil,NM,0,`,
      `Lightning Bolt,,,${bolt.id},nonfoil,LP,2,`,
    ].join('\n');
    const res = await upload(shop, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: true, rows: 1, skipped: 1, refused: [] });
    expect(await inventory(shop)).toEqual([`${bolt.id}|nonfoil|LP|2`]);
  });

  describe('import modes: add, set the quantities, or make the file the inventory', () => {
    const HEADER = 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price';
    const fca = printing('Lightning Bolt', 'fca');
    const boom = printing('Boom // Bust', 'plc');
    const line = (card: FixtureCard, finish: string, quality: string, quantity: number, price = '') =>
      `"${card.name}",${card.set},${card.collector_number},${card.id},${finish},${quality},${quantity},${price}`;
    const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');

    /** Every row of the shop, those with no copies left included, as `set #number|finish|condition|count|cents`. */
    async function rowsOf(shop: Shop): Promise<string[]> {
      const rows = await server.ctx.db
        .selectFrom('inventory')
        .innerJoin('users', 'users.shop_id', 'inventory.shop_id')
        .innerJoin('cards', 'cards.id', 'inventory.card_id')
        .select(['cards.set_code', 'cards.collector_number', 'finish', 'quality', 'quantity', 'asking_price'])
        .where('users.email', '=', shop.email)
        .execute();
      return rows
        .map(
          (r) => `${r.set_code} #${r.collector_number}|${r.finish}|${r.quality}|${r.quantity}|${r.asking_price ?? ''}`,
        )
        .sort();
    }
    const at = (card: FixtureCard) => `${card.set} #${card.collector_number}`;

    /** A shop with 4 NM and 2 LP Lightning Bolt (2X2) and 5 foil LP Boom // Bust at $0.50. */
    async function stockedShop() {
      const shop = await buildShop(server);
      const res = await upload(
        shop,
        csv(line(bolt, 'nonfoil', 'NM', 4), line(bolt, 'nonfoil', 'LP', 2), line(boom, 'foil', 'LP', 5, '0.50')),
      );
      expect(res.body).toMatchObject({ imported: true, refused: [] });
      return shop;
    }

    it('set: each line’s count replaces its row’s, shown first as a difference; 0 says none left', async () => {
      const shop = await stockedShop();
      const file = csv(
        line(bolt, 'nonfoil', 'NM', 1, '2.00'),
        line(bolt, 'nonfoil', 'LP', 0),
        line(fca, 'nonfoil', 'MP', 3),
        // None of a printing the shop never had: nothing to write, skipped.
        line(printing('Sylvan Library', 'ren'), 'nonfoil', 'HP', 0),
      );
      const before = await rowsOf(shop);
      const dry = await upload(shop, file, { dry_run: 'true', mode: 'set' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ imported: false, rows: 3, skipped: 1, added: 1, merged: 2, refused: [] });
      expect(dry.body.difference).toMatchObject({
        mode: 'set',
        new_rows: 1,
        quantities_changed: 2,
        prices_changed: 1,
        zeroed: 0,
        unchanged: 0,
      });
      expect(dry.body.difference.sample).toEqual([
        expect.objectContaining({ change: 'new', set_code: 'fca', quantity_before: 0, quantity_after: 3 }),
        expect.objectContaining({
          change: 'quantity',
          name: 'Lightning Bolt',
          quality: 'NM',
          quantity_before: 4,
          quantity_after: 1,
          price_before: null,
          price_after: 2,
        }),
        expect.objectContaining({ change: 'quantity', quality: 'LP', quantity_before: 2, quantity_after: 0 }),
      ]);
      expect(await rowsOf(shop)).toEqual(before);

      const res = await upload(shop, file, { mode: 'set' });
      expect(res.body).toMatchObject({ imported: true, difference: { quantities_changed: 2, new_rows: 1 } });
      expect(await rowsOf(shop)).toEqual(
        [
          `${at(bolt)}|nonfoil|NM|1|200`,
          `${at(bolt)}|nonfoil|LP|0|`,
          `${at(fca)}|nonfoil|MP|3|`,
          `${at(boom)}|foil|LP|5|50`,
        ].sort(),
      );

      // The same file again changes nothing: a set is not an add.
      const again = await upload(shop, file, { mode: 'set' });
      expect(again.body.difference).toMatchObject({
        new_rows: 0,
        quantities_changed: 0,
        prices_changed: 0,
        unchanged: 3,
      });
      expect(await rowsOf(shop)).toHaveLength(4);
    });

    it('set: re-importing the shop’s own export leaves the inventory as it was (add would double it)', async () => {
      const shop = await stockedShop();
      const before = await rowsOf(shop);
      const exported = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth_token: shop.token }),
      });
      const file = await exported.text();
      const set = await upload(shop, file, { mode: 'set' });
      expect(set.body.difference).toMatchObject({
        new_rows: 0,
        quantities_changed: 0,
        prices_changed: 0,
        unchanged: 3,
      });
      expect(await rowsOf(shop)).toEqual(before);
      const added = await upload(shop, file, { dry_run: 'true' });
      expect(added.body.difference).toMatchObject({ mode: 'add', quantities_changed: 3, unchanged: 0 });
    });

    it('sync: rows the file does not name go to 0, and copies pending orders hold stay theirs', async () => {
      const shop = await stockedShop();
      const priced = await pricedCard(server);
      await upload(shop, csv(line(priced, 'nonfoil', 'NM', 3)));
      // A kiosk order holds one of the three: the row has 2 left for sale.
      const placed = await order(server, shop, [{ card: priced, quantity: 1 }], { stocked: true });

      const file = csv(line(bolt, 'nonfoil', 'NM', 6));
      const dry = await upload(shop, file, { dry_run: 'true', mode: 'sync' });
      // 3 of the shop's 4 rows with copies go to 0: more than half, so the commit must confirm the count.
      expect(dry.body.difference).toMatchObject({
        mode: 'sync',
        new_rows: 0,
        quantities_changed: 1,
        zeroed: 3,
        stocked_before: 4,
        confirm_zero_rows: 3,
      });
      expect(dry.body.difference.sample).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ change: 'zeroed', set_code: priced.set, quantity_before: 2, quantity_after: 0 }),
          expect.objectContaining({ change: 'zeroed', name: 'Boom // Bust', quantity_before: 5, quantity_after: 0 }),
        ]),
      );

      const res = await upload(shop, file, { mode: 'sync', confirm_zero_rows: '3' });
      expect(res.body).toMatchObject({ imported: true, difference: { zeroed: 3 } });
      expect(await rowsOf(shop)).toEqual(
        [
          `${at(bolt)}|nonfoil|NM|6|`,
          `${at(bolt)}|nonfoil|LP|0|`,
          `${at(boom)}|foil|LP|0|50`,
          `${at(priced)}|nonfoil|NM|0|`,
        ].sort(),
      );
      // The held copy is still the order's: rejecting it puts it back on its row.
      expectOk(await api(server, shop).call('rejectOrder', { order_number: placed.orderNumber }));
      expect(await rowsOf(shop)).toContain(`${at(priced)}|nonfoil|NM|1|`);
    });

    it('sync: a row named only by a refused line (a typo in its condition or finish) is kept as it is, never zeroed', async () => {
      const shop = await stockedShop();
      const sylvan = printing('Sylvan Library', 'ren');
      await upload(shop, csv(line(sylvan, 'nonfoil', 'HP', 1), line(fca, 'nonfoil', 'MP', 3)));
      const before = await rowsOf(shop);
      const file = csv(
        line(bolt, 'nonfoil', 'NM', 4),
        line(bolt, 'nonfoil', 'LPP', 2),
        line(boom, 'foyl', 'LP', 5),
        // Named by its card name only (no id, no number), refused for its condition.
        `"Sylvan Library",,,,nonfoil,Heavily Playd,1,`,
        line(fca, 'nonfoil', 'MP', 3),
      );
      const dry = await upload(shop, file, { dry_run: 'true', mode: 'sync' });
      expect(dry.status).toBe(200);
      expect(dry.body.refused.map((r: Json) => r.line)).toEqual([3, 4, 5]);
      expect(dry.body.difference).toMatchObject({ mode: 'sync', zeroed: 0, kept: 3, stocked_before: 5 });
      expect(dry.body.difference.confirm_zero_rows).toBeUndefined();
      expect(dry.body.difference.sample).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ change: 'kept', quality: 'LP', quantity_before: 2, quantity_after: 2 }),
          expect.objectContaining({ change: 'kept', name: 'Boom // Bust', quantity_before: 5, quantity_after: 5 }),
          expect.objectContaining({ change: 'kept', name: 'Sylvan Library', quantity_after: 1 }),
        ]),
      );
      const res = await upload(shop, file, { mode: 'sync', accept_partial: 'true' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: true, difference: { zeroed: 0, kept: 3 } });
      expect(await rowsOf(shop)).toEqual(before);
    });

    it('sync: a file that would empty the singles stock, or zero more than half its rows, needs confirm_zero_rows', async () => {
      const shop = await stockedShop();
      const before = await rowsOf(shop);
      // One line of 0 copies: "none left" of one row, and every other row unnamed.
      const file = csv(line(bolt, 'nonfoil', 'NM', 0));
      const dry = await upload(shop, file, { dry_run: 'true', mode: 'sync' });
      expect(dry.status).toBe(200);
      expect(dry.body.difference).toMatchObject({ zeroed: 2, quantities_changed: 1, confirm_zero_rows: 3 });

      const unconfirmed = await upload(shop, file, { mode: 'sync' });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body).toMatchObject({
        imported: false,
        message: messages.inventoryServer.syncConfirmNeeded(3, 3),
      });
      const wrong = await upload(shop, file, { mode: 'sync', confirm_zero_rows: '2' });
      expect(wrong.status).toBe(422);
      const notNumber = await upload(shop, file, { mode: 'sync', confirm_zero_rows: 'all' });
      expect(notNumber.status).toBe(400);
      expect(notNumber.body.message).toBe(messages.inventoryServer.confirmZeroRowsInvalid);
      // accept_partial is no confirmation either (a mostly unreadable file).
      const partial = await upload(shop, csv(line(bolt, 'nonfoil', 'NM', 0), line(boom, 'foyl', 'XX', 1)), {
        mode: 'sync',
        accept_partial: 'true',
      });
      expect(partial.status).toBe(422);
      expect(partial.body.difference).toMatchObject({ zeroed: 1, kept: 1, confirm_zero_rows: 2 });
      expect(await rowsOf(shop)).toEqual(before);

      // The check's number is the commit's: a row stocked since makes it 4, and 3 no longer confirms it.
      const sylvan = printing('Sylvan Library', 'ren');
      await upload(shop, csv(line(sylvan, 'nonfoil', 'HP', 1)));
      const stale = await upload(shop, file, { mode: 'sync', confirm_zero_rows: '3' });
      expect(stale.status).toBe(422);
      expect(stale.body.message).toBe(messages.inventoryServer.syncConfirmNeeded(4, 4));

      const res = await upload(shop, file, { mode: 'sync', confirm_zero_rows: '4', file_name: 'cube.csv' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: true, difference: { zeroed: 3, confirm_zero_rows: 4 } });
      expect((await rowsOf(shop)).every((r) => r.split('|')[3] === '0')).toBe(true);

      // The Activity log names the file and every row it set to 0.
      const entry = await server.ctx.db
        .selectFrom('audit_log')
        .innerJoin('users', 'users.shop_id', 'audit_log.shop_id')
        .select(['audit_log.detail'])
        .where('users.email', '=', shop.email)
        .where('audit_log.action', '=', 'inventory.import')
        .orderBy('audit_log.id', 'desc')
        .executeTakeFirstOrThrow();
      const detail = JSON.parse(entry.detail!);
      expect(detail).toMatchObject({ mode: 'sync', file: 'cube.csv', zeroed: 3, kept: 0 });
      const zeroedRow = (card: FixtureCard, finish: string, quality: string, quantity: number) => ({
        name: card.name,
        set_code: card.set,
        collector_number: card.collector_number,
        finish,
        quality,
        language: 'en',
        signed: false,
        altered: false,
        quantity,
      });
      const byText = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
      expect(byText(detail.zeroed_rows as object[])).toEqual(
        byText([
          zeroedRow(bolt, 'nonfoil', 'NM', 4),
          zeroedRow(bolt, 'nonfoil', 'LP', 2),
          zeroedRow(boom, 'foil', 'LP', 5),
          zeroedRow(sylvan, 'nonfoil', 'HP', 1),
        ]),
      );
    });

    it('keeps the bounds add and edit keep: 100000 copies a row, $100000 an asking price', async () => {
      const shop = await buildShop(server);
      const over = await upload(
        shop,
        csv(
          line(bolt, 'nonfoil', 'NM', 100_001),
          line(boom, 'foil', 'LP', 1, '100000.01'),
          line(fca, 'nonfoil', 'MP', 1),
        ),
        { accept_partial: 'true' },
      );
      expect(over.status).toBe(200);
      expect(over.body.refused).toEqual([
        { line: 2, reason: 'Quantity "100001" is more than 100000, the most copies a row can hold.' },
        { line: 3, reason: messages.inventoryServer.importPriceTooHigh(100000.01) },
      ]);
      expect(await rowsOf(shop)).toEqual([`${at(fca)}|nonfoil|MP|1|`]);
      // Lines of one row add up; and an add onto the row's copies: past the bound, nothing is written.
      const summed = await upload(shop, csv(line(bolt, 'nonfoil', 'NM', 60_000), line(bolt, 'nonfoil', 'NM', 40_001)));
      expect(summed.status).toBe(400);
      expect(summed.body.message).toBe(
        messages.inventoryServer.importRowTooMany(`Lightning Bolt (${at(bolt).toUpperCase()})`, 100_001),
      );
      const onto = await upload(shop, csv(line(fca, 'nonfoil', 'MP', 100_000)));
      expect(onto.status).toBe(400);
      expect(await rowsOf(shop)).toEqual([`${at(fca)}|nonfoil|MP|1|`]);
      const set = await upload(shop, csv(line(fca, 'nonfoil', 'MP', 100_000)), { mode: 'set' });
      expect(set.status).toBe(200);
      expect(await rowsOf(shop)).toEqual([`${at(fca)}|nonfoil|MP|100000|`]);
    });

    it('sync: zeroing half of the rows or fewer needs no confirmation', async () => {
      const shop = await stockedShop();
      const res = await upload(shop, csv(line(bolt, 'nonfoil', 'NM', 4), line(boom, 'foil', 'LP', 5)), {
        mode: 'sync',
      });
      expect(res.status).toBe(200);
      expect(res.body.difference).toMatchObject({ zeroed: 1, stocked_before: 3 });
      expect(res.body.difference.confirm_zero_rows).toBeUndefined();
    });

    it('sync: a file with nothing to stock is refused, not taken as "sell nothing"; a mode it does not know too', async () => {
      const shop = await stockedShop();
      const before = await rowsOf(shop);
      const empty = await upload(shop, csv('"No Such Card",zzz,1,,nonfoil,NM,1,'), {
        mode: 'sync',
        accept_partial: 'true',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(messages.inventoryServer.syncEmpty);
      const unknown = await upload(shop, csv(line(bolt, 'nonfoil', 'NM', 1)), { mode: 'replace' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(messages.inventoryServer.importModeInvalid);
      expect(await rowsOf(shop)).toEqual(before);
    });
  });

  it('refuses a line whose finish its printing was never made in', async () => {
    const shop = await buildShop(server);
    const deckbox = LAYOUTS.deckbox.write([
      { card: printing('Abbot of Keral Keep', '2x2'), finish: 'etched', quality: 'NM', quantity: 1 },
    ]);
    const dry = await upload(shop, deckbox, { dry_run: 'true' });
    // Deckbox writes etched copies as foil; this printing was only made etched.
    expect(dry.body.refused).toEqual([{ line: 2, reason: 'Abbot of Keral Keep (2X2 #446) has no foil printing.' }]);
  });

  it('exports a CSV that imports back to the same inventory, asking prices included', async () => {
    const a = await buildShop(server);
    // Every fixture printing, in one of its finishes and conditions.
    const qualities = ['NM', 'LP', 'MP', 'HP', 'D'] as const;
    const everything: StockLine[] = catalog.map((card, i) => ({
      card,
      finish: card.finishes[i % card.finishes.length] as StockLine['finish'],
      quality: qualities[i % qualities.length]!,
      quantity: 1 + (i % 4),
      language: 'en',
    }));
    const imported = await upload(a, LAYOUTS.archidekt.write(everything));
    expect(imported.status).toBe(200);
    expect(imported.body.refused).toEqual([]);
    expect(await expectExportRoundTrip(server, a)).toHaveLength(everything.length);
  });

  describe('upload once: the checked file is kept for its commit, and its progress can be asked', () => {
    const progressOf = (shop: Shop, importId: string) =>
      call(server, 'inventoryImportProgress', { token: shop.token, import_id: importId });

    it('keeps the checked file under the id the dialog chose, tells how far it read, and imports it without a second upload', async () => {
      const shop = await buildShop(server);
      const file = LAYOUTS.cardstock.write(STOCK);
      const dry = await upload(shop, file, { dry_run: 'true', import_id: 'check-0000000000000001' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ import_id: 'check-0000000000000001', refused: [] });

      const progress = await progressOf(shop, 'check-0000000000000001');
      expectOk(progress);
      expect(progress.body).toEqual({
        import_id: 'check-0000000000000001',
        state: 'checked',
        total_bytes: Buffer.byteLength(file),
        read_bytes: Buffer.byteLength(file),
        rows_read: STOCK.length,
        matched: dry.body.added,
      });
      expect(await inventory(shop)).toEqual([]);

      // The commit names the upload: no file.
      const form = new FormData();
      form.set('token', shop.token);
      form.set('import_id', 'check-0000000000000001');
      const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ imported: true, copies: STOCK.reduce((n, l) => n + l.quantity, 0) });
      expect(await inventory(shop)).toEqual(expectedInventory('cardstock', STOCK));
      // Imported, the file is not kept: a second commit cannot import it twice.
      expectError(await progressOf(shop, 'check-0000000000000001'), 404);
      const again = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
      expect(again.status).toBe(404);
      expect(((await again.json()) as Json).message).toBe(messages.inventoryServer.importExpired);
      expect(await inventory(shop)).toEqual(expectedInventory('cardstock', STOCK));
    });

    it('keeps a file of several megabytes in parts and imports all of it from them', async () => {
      const shop = await buildShop(server);
      // The stock over and over, past two of the kept file's 1 MB parts; its lines add up.
      const times = Math.ceil((2.5 * 1024 * 1024) / Buffer.byteLength(LAYOUTS.cardstock.write(STOCK)));
      const stock = Array.from({ length: times }, () => STOCK).flat();
      const file = LAYOUTS.cardstock.write(stock);
      const dry = await upload(shop, file, { dry_run: 'true', import_id: 'parts-000000000000001' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ refused: [], rows: stock.length });
      const parts = await server.ctx.db
        .selectFrom('csv_upload_parts')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>(eb.fn('length', ['bytes'])).as('bytes')])
        .where('upload_id', '=', 'parts-000000000000001')
        .executeTakeFirstOrThrow();
      expect(Number(parts.n)).toBe(3);
      expect(Number(parts.bytes)).toBe(Buffer.byteLength(file));

      const form = new FormData();
      form.set('token', shop.token);
      form.set('import_id', 'parts-000000000000001');
      const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ imported: true, rows: stock.length });
      expect(await inventory(shop)).toEqual(expectedInventory('cardstock', stock));
      // Imported, the parts go with their upload.
      expect(
        await server.ctx.db
          .selectFrom('csv_upload_parts')
          .select('part')
          .where('upload_id', '=', 'parts-000000000000001')
          .execute(),
      ).toEqual([]);
    });

    it('keeps an upload 30 minutes and for its own shop only; an id in another shape is refused', async () => {
      const a = await buildShop(server);
      const b = await buildShop(server);
      const file = LAYOUTS.cardstock.write(STOCK.slice(0, 2));
      expect((await upload(a, file, { dry_run: 'true', import_id: 'shop-a-upload-000001' })).status).toBe(200);

      // Another shop can neither see it, nor import it, nor take its id.
      expectError(await progressOf(b, 'shop-a-upload-000001'), 404);
      const form = new FormData();
      form.set('token', b.token);
      form.set('import_id', 'shop-a-upload-000001');
      const taken = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
      expect(taken.status).toBe(404);
      const clash = await upload(b, file, { dry_run: 'true', import_id: 'shop-a-upload-000001' });
      expect(clash.status).toBe(409);
      expect(clash.body.message).toBe(messages.inventoryServer.importIdTaken);
      expect(await inventory(b)).toEqual([]);

      // Half an hour after its check, it is gone.
      await server.ctx.db
        .updateTable('csv_uploads')
        .set({ created_at: new Date(Date.now() - 31 * 60_000).toISOString() })
        .where('id', '=', 'shop-a-upload-000001')
        .execute();
      const late = await progressOf(a, 'shop-a-upload-000001');
      expectError(late, 404);
      expect(late.body.message).toBe(messages.inventoryServer.importExpired);

      const odd = await upload(a, file, { dry_run: 'true', import_id: 'short' });
      expect(odd.status).toBe(400);
      expect(odd.body.message).toBe('import_id must be 16 to 64 letters, digits or dashes.');
    });
  });

  describe('export for the tools shops use', () => {
    const exportAs = async (shop: Shop, format?: string) => {
      const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth_token: shop.token, ...(format ? { format } : {}) }),
      });
      return { res, text: await res.text() };
    };

    // Each layout as its tool's importer reads it; what each keeps is what its tool can say.
    const FORMATS = [
      { format: 'manabox', reads: 'manabox', header: 'Name,Set code,Set name,Collector number,Foil,Rarity,Quantity' },
      { format: 'moxfield', reads: 'moxfield', header: 'Count,Tradelist Count,Name,Edition,Condition,Language,Foil' },
      { format: 'deckbox', reads: 'deckbox', header: 'Count,Tradelist Count,Name,Edition,Edition Code,Card Number' },
      { format: 'tcgplayer', reads: 'tcgplayer', header: 'Quantity,Name,Simple Name,Set,Card Number,Set Code' },
      { format: 'cardmarket', reads: 'cardmarket', header: 'idProduct;groupCount;price;idLanguage;condition;isFoil' },
    ] as const;

    it.each(FORMATS)(
      'writes the $format layout, which imports back into an empty shop as the same inventory',
      async ({ format, reads, header }) => {
        // Deckbox knows no etched: etched copies go as foil, and a printing made only etched has none. Cardmarket's
        // etched products are ids the catalog lacks.
        const stock = STOCK.filter((line) => !['deckbox', 'cardmarket'].includes(format) || line.finish !== 'etched');
        const a = await buildShop(server);
        expect((await upload(a, LAYOUTS.cardstock.write(stock))).body.refused).toEqual([]);

        const { res, text } = await exportAs(a, format);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toMatch(
          new RegExp(`^attachment; filename="inventory_export_\\d{4}-\\d{2}-\\d{2}_${format}\\.csv"$`),
        );
        expect(text.startsWith(header)).toBe(true);

        const b = await buildShop(server);
        const back = await upload(b, text);
        expect(back.status).toBe(200);
        expect(back.body).toMatchObject({ format: reads, refused: [] });
        expect(await inventory(b)).toEqual(await inventory(a));
        expect(await inventory(b)).toEqual(expectedInventory('cardstock', stock));
      },
    );

    it('writes TCGplayer’s Product ID from the catalog, and refuses a format it does not know', async () => {
      const a = await buildShop(server);
      await upload(a, LAYOUTS.cardstock.write([{ card: bolt, finish: 'nonfoil', quality: 'MP', quantity: 2 }]));
      const { text } = await exportAs(a, 'tcgplayer');
      const [, row] = text.trim().split('\n');
      expect(row).toBe(
        `2,Lightning Bolt,Lightning Bolt,${bolt.set_name},${bolt.collector_number},2X2,Normal,Moderately Played,English,Uncommon,${bolt.tcgplayer_id},`,
      );
      const unknown = await exportAs(a, 'excel');
      expect(unknown.res.status).toBe(400);
      expect(JSON.parse(unknown.text).message).toMatch(/format must be cardstock, manabox, .* or cardmarket\./);
    });
  });

  it('refuses a file that is not a known CSV, and a missing file, with the reason', async () => {
    const shop = await buildShop(server);
    const unknown = await upload(shop, 'Foo,Bar\n1,2\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/ManaBox/);
    const broken = await upload(
      shop,
      `Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n"Bolt,lea`,
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The file is not valid CSV: /);
    const empty = await upload(shop, '\n\n');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty.');
    const headerOnly = await upload(
      shop,
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n',
    );
    expect(headerOnly.status).toBe(200);
    expect(headerOnly.body).toMatchObject({ format: 'cardstock', rows: 0, refused: [] });
    const binary = await upload(shop, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    expect(binary.status).toBe(400);
    expect(binary.body.message).toBe(messages.inventoryServer.importNotCsv);
    const form = new FormData();
    form.set('token', shop.token);
    const none = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Json).message).toBe(messages.inventoryServer.importNoFile);
  });

  it('lets an Employee export but not import', async () => {
    const owner = await buildShop(server);
    const { token } = await member(server, owner, 'Employee');
    const employee = { ...owner, token };
    const res = await upload(employee, 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('An Employee cannot import inventory.');
    // The spec's staff app sends this call's token as the body field `auth_token`.
    const exp = await call(server, 'inventoryExport', { auth_token: token });
    expect(exp.status).toBe(200);
  });
});
