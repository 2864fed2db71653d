import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { interopDir, interopFile } from '@cardstock/fixtures';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExportRoundTrip, inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { importCatalogFile } from '../catalog/catalog-import.ts';
import { parseInventoryCsv, type CsvLine } from './csv-formats.ts';

// Real exports of other tools imported through the API, on the corpus's larger card sample (CARDSTOCK_INTEROP_DIR).
// Without the corpus every test here is skipped; with it, a missing file fails its test (interopFile throws).

type Shop = Awaited<ReturnType<typeof buildShop>>;

/** What the corpus's card objects say of a printing that a file may name it by. */
interface SampleCard {
  id: string;
  name: string;
  set: string;
  set_name: string;
  collector_number: string;
  tcgplayer_id?: number;
  mtgo_id?: number;
  mtgo_foil_id?: number;
  cardmarket_id?: number;
}

/** Whether a file's line names this printing, by any key the line gives (its name checked where it has one). */
function names(line: CsvLine, card: SampleCard): boolean {
  const byKey =
    line.scryfallId === card.id ||
    (line.tcgplayerId !== undefined && line.tcgplayerId === card.tcgplayer_id) ||
    (line.mtgoId !== undefined && [card.mtgo_id, card.mtgo_foil_id].includes(line.mtgoId)) ||
    (line.cardmarketId !== undefined && line.cardmarketId === card.cardmarket_id) ||
    (line.setCode === card.set && line.collectorNumber === card.collector_number) ||
    (!line.collectorNumber && line.setName?.toLowerCase() === card.set_name.toLowerCase());
  const faces = [card.name, ...card.name.split(' // ')].map((n) => n.toLowerCase());
  return byKey && (!line.name || faces.includes(line.name.toLowerCase().replace(/\s*\/+\s*/g, ' // ')));
}

describe.skipIf(!interopDir)(`CSV import of real exports (${testEngine})`, () => {
  let server: TestServer;
  let catalogIds: Set<string>;
  let catalogCards: Map<string, SampleCard>;

  const upload = (shop: Shop, file: Buffer | string, fields: Record<string, string> = {}, name?: string) =>
    uploadCsv(server, shop, file, fields, name);
  const inventory = (shop: Shop) => inventoryRows(server, shop);

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'csv-')), 'cards.ndjson');
    const lines = fs
      .readFileSync(interopFile('cards/cards.scryfall.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(0, 6000);
    fs.writeFileSync(file, lines.join('\n'));
    await importCatalogFile(server.ctx.db, file);
    catalogCards = new Map(lines.map((l) => JSON.parse(l) as SampleCard).map((c) => [c.id, c]));
    catalogIds = new Set(catalogCards.keys());
  });
  afterAll(() => server.close());

  it.each(['manabox_2026.csv', 'deckbox_2026.csv', 'moxfield_2026.csv', 'delverlens_scryfall.csv', 'manabox.csv'])(
    '%s imports each known printing with its finish, condition and quantity',
    async (name) => {
      const shop = await buildShop(server);
      const text = fs.readFileSync(interopFile(`csv/${name}`));
      const expected = new Map<string, number>();
      const lines = parseInventoryCsv(text.toString('utf8')).lines;
      for (const l of lines) {
        if (!l.scryfallId || !catalogIds.has(l.scryfallId)) continue;
        const key = `${l.scryfallId}|${l.finish}|${l.quality}`;
        expected.set(key, (expected.get(key) ?? 0) + l.quantity);
      }
      const dry = await upload(shop, text, { dry_run: 'true' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ dry_run: true, imported: false });
      expect(await inventory(shop)).toEqual([]);

      const refusedWithout = await upload(shop, text);
      const anyRefused = dry.body.refused.length > 0;
      expect(refusedWithout.status).toBe(anyRefused ? 422 : 200);
      if (anyRefused) {
        expect(refusedWithout.body.message).toBe(messages.inventoryServer.importRefused(dry.body.refused.length));
        expect(await inventory(shop)).toEqual([]);
      }
      const res = anyRefused ? await upload(shop, text, { accept_partial: 'true' }) : refusedWithout;
      expect(res.status).toBe(200);
      expect(res.body.imported).toBe(true);
      const rows = await inventory(shop);
      for (const [key, quantity] of expected) expect(rows).toContain(`${key}|${quantity}`);
      // Nothing stocked as a printing the file did not name: every row is one of the file's printings.
      if (lines.every((l) => l.scryfallId)) {
        const named = new Set(lines.map((l) => l.scryfallId));
        expect(rows.filter((row) => !named.has(row.split('|')[0]))).toEqual([]);
      }
    },
  );

  it.each([
    ['echomtg.csv', 'echomtg'],
    ['cubecobra.csv', 'cubecobra'],
    ['mtgo.csv', 'mtgo'],
    ['mtgo_small.csv', 'mtgo'],
    ['decked_builder.csv', 'deckedbuilder'],
    ['cardmarket_generated.csv', 'cardmarket'],
  ])('%s (%s) stocks only printings its lines name, by their own ids first', async (name, format) => {
    const shop = await buildShop(server);
    const text = fs.readFileSync(interopFile(`csv/${name}`));
    const lines = parseInventoryCsv(text.toString('utf8')).lines;
    const res = await upload(shop, text, { accept_partial: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format, imported: true });
    const rows = await inventory(shop);
    const stranger = rows.filter((row) => {
      const card = catalogCards.get(row.split('|')[0]!)!;
      return !lines.some((line) => names(line, card));
    });
    expect(stranger).toEqual([]);
    // Every line whose own id the catalog has is stocked as that printing.
    const byOwnId = (l: CsvLine, c: SampleCard) =>
      (l.mtgoId !== undefined && (c.mtgo_id === l.mtgoId || c.mtgo_foil_id === l.mtgoId)) ||
      (l.cardmarketId !== undefined && c.cardmarket_id === l.cardmarketId);
    let found = 0;
    for (const line of lines) {
      const card = [...catalogCards.values()].find((c) => byOwnId(line, c));
      if (!card) continue;
      found++;
      expect(
        rows.some((row) => row.startsWith(`${card.id}|${line.finish}|`)),
        `${name} line ${line.line}`,
      ).toBe(true);
    }
    expect(found > 0).toBe(['mtgo', 'cubecobra', 'cardmarket'].includes(format) && name !== 'mtgo_small.csv');
  });

  it('exports a CSV that imports back to the same inventory, asking prices included', async () => {
    const a = await buildShop(server);
    const text = fs.readFileSync(interopFile('csv/delverlens_scryfall.csv'));
    expect((await upload(a, text, { accept_partial: 'true' })).status).toBe(200);
    await expectExportRoundTrip(server, a);
  });
});
