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
import { call } from '../../../test/client.ts';
import { expectExportRoundTrip, inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { catalog as loadCatalog, member, shop as buildShop, type Shop } from '../../../test/factories.ts';
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
  /**
   * How the import finds the printing: `exact` by Scryfall id, set and number or TCGplayer product; `newest` when the
   * file names only the card, so the newest printing of that name is taken.
   */
  printing: 'exact' | 'newest';
}

const KEEPS: Readonly<Record<LayoutName, Keeps>> = {
  cardstock: { condition: true, etched: true, printing: 'exact' },
  manabox: { condition: true, etched: true, printing: 'exact' },
  'manabox-without-binder': { condition: true, etched: true, printing: 'exact' },
  'tcgplayer-app': { condition: true, etched: true, printing: 'exact' },
  'tcgplayer-seller': { condition: true, etched: false, printing: 'newest' },
  moxfield: { condition: true, etched: true, printing: 'exact' },
  deckbox: { condition: true, etched: false, printing: 'exact' },
  'deckbox-all-columns': { condition: true, etched: false, printing: 'exact' },
  cardsphere: { condition: true, etched: true, printing: 'exact' },
  'delverlens-moxfield': { condition: true, etched: true, printing: 'exact' },
  'delverlens-scryfall': { condition: false, etched: true, printing: 'exact' },
  // Name and set code, and no two printings of one name share a set in this stock.
  'delverlens-quantityx': { condition: false, etched: true, printing: 'exact' },
  archidekt: { condition: true, etched: true, printing: 'exact' },
  'dragonshield-web': { condition: true, etched: true, printing: 'exact' },
  'dragonshield-app': { condition: true, etched: false, printing: 'exact' },
  helvault: { condition: false, etched: true, printing: 'exact' },
  topdecked: { condition: true, etched: true, printing: 'exact' },
  urzasgatherer: { condition: false, etched: true, printing: 'exact' },
};

/** The newest printing of a card's name, which a file naming only the card imports as. */
function newestOfName(card: FixtureCard): FixtureCard {
  const [newest, next] = catalog
    .filter((c) => c.name === card.name)
    .sort((a, b) => b.released_at.localeCompare(a.released_at));
  if (next && next.released_at === newest!.released_at) throw new Error(`Two newest printings of ${card.name}`);
  return newest!;
}

/** The inventory rows (`id|finish|condition|count`, sorted) an import of `stock` in `layout` must leave. */
function expectedInventory(layout: LayoutName, stock: readonly StockLine[]): string[] {
  const keeps = KEEPS[layout];
  const rows = new Map<string, number>();
  for (const line of stock) {
    const card = keeps.printing === 'newest' ? newestOfName(line.card) : line.card;
    const key = `${card.id}|${line.finish}|${keeps.condition ? line.quality : 'NM'}`;
    rows.set(key, (rows.get(key) ?? 0) + line.quantity);
  }
  return [...rows].map(([key, quantity]) => `${key}|${quantity}`).sort();
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
      const stock = STOCK.filter((line) => KEEPS[layout].etched || line.finish !== 'etched');
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
      `Good Card,,,${bolt.id},nonfoil,NM,2,`,
      'Nobody,zzz,999,,nonfoil,NM,1,',
      `Bad Quantity,,,${bolt.id},nonfoil,NM,abc,`,
      `Good Again,,,${bolt.id},nonfoil,LP,1,3.50`,
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
