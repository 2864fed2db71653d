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
import { parseInventoryCsv } from './csv-formats.ts';

// Real exports of other tools imported through the API, on the corpus's larger card sample (CARDSTOCK_INTEROP_DIR).
// Without the corpus every test here is skipped; with it, a missing file fails its test (interopFile throws).

type Shop = Awaited<ReturnType<typeof buildShop>>;

describe.skipIf(!interopDir)(`CSV import of real exports (${testEngine})`, () => {
  let server: TestServer;
  let catalogIds: Set<string>;

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
    catalogIds = new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id));
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

  it('exports a CSV that imports back to the same inventory, asking prices included', async () => {
    const a = await buildShop(server);
    const text = fs.readFileSync(interopFile('csv/delverlens_scryfall.csv'));
    expect((await upload(a, text, { accept_partial: 'true' })).status).toBe(200);
    await expectExportRoundTrip(server, a);
  });
});
