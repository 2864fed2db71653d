import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fixtureCards, fixtureCardsFile, LAYOUTS, type FixtureCard, type LayoutName } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogFile } from '../catalog/catalog-import.ts';
import { inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { catalog as loadCatalog, shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Sets whose tool names the fixture catalog has no printing of: one printing each is added (a copy of a fixture
 * card under the set's Scryfall code and name), so each tool name has a set to be read as.
 */
const ADDED_SETS: readonly [code: string, name: string][] = [
  ['m14', 'Magic 2014'],
  ['mm3', 'Modern Masters 2017'],
  ['cmd', 'Commander 2011'],
  ['tsb', 'Time Spiral Timeshifted'],
  ['m10', 'Magic 2010'],
  ['7ed', 'Seventh Edition'],
  ['frf', 'Fate Reforged'],
  ['c14', 'Commander 2014'],
  ['oc14', 'Commander 2014 Oversized'],
];

const fixture = fixtureCards();
const base = fs
  .readFileSync(fixtureCardsFile, 'utf8')
  .split('\n')
  .find((line) => line.includes('"name":"Elite Archers"'))!;
const added: FixtureCard[] = ADDED_SETS.map(([set, setName]) => {
  const { tcgplayer_id: _t, cardmarket_id: _c, mtgo_id: _m, ...card } = JSON.parse(base) as FixtureCard;
  return { ...card, id: randomUUID(), set, set_name: setName };
});

/** The one printing in `set` (of that name or collector number, when the set has several). */
function printingIn(set: string, card?: string): FixtureCard {
  const found = [...fixture, ...added].filter(
    (c) => c.set === set && (!card || c.name === card || c.collector_number === card),
  );
  if (found.length !== 1) throw new Error(`${found.length} printings in ${set}`);
  return found[0]!;
}

/**
 * A tool's own name (and code: '' for none) of a set, and the Scryfall set (and card name or number) it means;
 * `read`: a name the tool's file has that its export does not write (the set's promos are all "Promos:").
 */
interface ToolSet {
  name: string;
  code: string;
  set: string;
  card?: string;
  readOnly?: boolean;
}

const DECKBOX: readonly ToolSet[] = [
  { name: 'Magic 2015 Core Set', code: '', set: 'm15' },
  { name: 'Magic 2014 Core Set', code: '', set: 'm14' },
  { name: 'Modern Masters 2015 Edition', code: '', set: 'mm2', card: 'Frogmite' },
  { name: 'Modern Masters 2017 Edition', code: '', set: 'mm3' },
  { name: 'Commander', code: '', set: 'cmd' },
  { name: 'Time Spiral "Timeshifted"', code: '', set: 'tsb' },
  // Deckbox's own codes for the early core sets.
  { name: 'Limited Edition Alpha', code: '1e', set: 'lea', card: 'Dark Ritual' },
  // Its "Extras:" are a set's tokens and art cards; its codes for them ("ex_127") are its own.
  { name: 'Extras: Dragons of Tarkir', code: 'ex_41', set: 'tdtk' },
  { name: "Extras: Commander Legends: Battle for Baldur's Gate", code: 'ex_145', set: 'tclb' },
  { name: 'Extras: Modern Horizons 2', code: 'ex_127', set: 'amh2', card: '11' },
  { name: 'Promos: Fate Reforged', code: '', set: 'pfrf', card: '11' },
  { name: 'Prerelease Events: Mirrodin Besieged', code: 'PTC_3', set: 'pmbs', readOnly: true },
  { name: 'Oversized: Commander 2014', code: '', set: 'oc14' },
];

const TCGPLAYER: readonly ToolSet[] = [
  { name: 'The List Reprints', code: 'LIST', set: 'plst', card: 'Goblin Warchief' },
  { name: 'The List Reprints', code: '', set: 'plst', card: 'Treacherous Terrain', readOnly: true },
  { name: '7th Edition', code: '', set: '7ed' },
  { name: '8th Edition', code: '', set: '8ed' },
  { name: 'Magic 2010 (M10)', code: '', set: 'm10' },
  { name: 'Magic 2015 (M15)', code: '', set: 'm15' },
  { name: 'Timeshifted', code: '', set: 'tsb' },
  { name: 'Art Series: Modern Horizons 2', code: 'ASMH2', set: 'amh2', card: '11' },
];

/** The printing's card under the tool's set name and code, as the fixture writer writes a tool's file. */
const underToolName = (t: ToolSet, layout: LayoutName): FixtureCard => {
  const card = printingIn(t.set, t.card);
  // A TCGplayer product id the catalog lacks: the line is read by its set and number.
  const ids = layout.startsWith('tcgplayer') ? { tcgplayer_id: 987_654_321 } : {};
  return { ...card, ...ids, set_name: t.name, set: t.code };
};

const finishOf = (card: FixtureCard) => (card.finishes.includes('nonfoil') ? ('nonfoil' as const) : ('foil' as const));

describe(`the tools' own set names (${testEngine})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await loadCatalog(server);
    const file = path.join(fs.mkdtempSync(path.join(server.dataDir, 'sets-')), 'cards.ndjson');
    fs.writeFileSync(file, added.map((c) => JSON.stringify(c)).join('\n'));
    await importCatalogFile(server.ctx.db, file);
  });
  afterAll(() => server.close());

  const cases = [
    ...DECKBOX.map((t) => ({ layout: 'deckbox' as const, ...t })),
    ...TCGPLAYER.map((t) => ({ layout: 'tcgplayer-app' as const, ...t })),
    // The seller portal's export names the set without a code.
    ...TCGPLAYER.filter((t) => !t.code).map((t) => ({ layout: 'tcgplayer-seller' as const, ...t })),
  ];

  it.each(cases)('$layout: "$name" ($code) is read as Scryfall’s $set', async ({ layout, ...t }) => {
    const printing = printingIn(t.set, t.card);
    const card = underToolName(t, layout);
    const text = LAYOUTS[layout].write([{ card, finish: finishOf(card), quality: 'NM', quantity: 2 }]);
    const shop = await buildShop(server);
    const res = await uploadCsv(server, shop, text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: true, refused: [] });
    expect(await inventoryRows(server, shop)).toEqual([`${printing.id}|${finishOf(printing)}|NM|2`]);
  });

  const exportAs = async (shop: { token: string }, format: string) => {
    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: shop.token, format }),
    });
    expect(res.status).toBe(200);
    return res.text();
  };

  it.each([
    { format: 'deckbox', sets: DECKBOX, column: 'Edition' },
    { format: 'tcgplayer', sets: TCGPLAYER, column: 'Set' },
  ])(
    'the $format export writes each set under the tool’s own name, and imports back to the same stock',
    async ({ format, sets, column }) => {
      const a = await buildShop(server);
      const written = sets.filter((t) => !t.readOnly);
      const printings = [...new Map(written.map((t) => [t.set, printingIn(t.set, t.card)])).values()];
      const stock = printings.map((card) => ({ card, finish: finishOf(card), quality: 'NM' as const, quantity: 1 }));
      expect((await uploadCsv(server, a, LAYOUTS.cardstock.write(stock))).body.refused).toEqual([]);

      const text = await exportAs(a, format);
      const [header, ...rows] = text.trim().split('\n');
      const at = header!.split(',').indexOf(column);
      const cellsOf = new Map(
        rows.map((row) => {
          const cells = [...row.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) =>
            m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!,
          );
          return [cells[at], cells];
        }),
      );
      expect([...cellsOf.keys()].sort()).toEqual([...new Set(written.map((t) => t.name))].sort());
      if (format === 'tcgplayer') {
        expect(cellsOf.get('The List Reprints')![5]).toBe('LIST');
        expect(cellsOf.get('Art Series: Modern Horizons 2')![5]).toBe('ASMH2');
      }

      const b = await buildShop(server);
      const back = await uploadCsv(server, b, text);
      expect(back.body).toMatchObject({ imported: true, refused: [] });
      expect(await inventoryRows(server, b)).toEqual(await inventoryRows(server, a));
    },
  );
});
