import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { interopDir, interopFile } from '@cardstock/fixtures';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { importCatalogFile } from '../catalog/catalog-import.ts';
import { parseInventoryCsv } from './csv-formats.ts';

// Real exports of other tools imported through the API, on the corpus's larger card sample (CARDSTOCK_INTEROP_DIR).
// Without the corpus every test here is skipped; with it, a missing file fails its test (interopFile throws).

type Shop = Awaited<ReturnType<typeof buildShop>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
type Json = any;

describe.skipIf(!interopDir)(`CSV import of real exports (${testEngine})`, () => {
  let server: TestServer;
  let catalogIds: Set<string>;

  async function upload(shop: Shop, file: Buffer | string, fields: Record<string, string> = {}, name = 'export.csv') {
    const form = new FormData();
    form.set('token', shop.token);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([file]), name);
    const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Json };
  }
  /** The shop's whole inventory as `id|finish|condition|count`, sorted: every page of the search. */
  const inventory = async (shop: Shop) => {
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const res = await server.request('POST', '/api/search', { token: shop.token, q: '*', page });
      const { hits, total } = res.body.data as {
        hits: { scryfallId: string; finish: string; quality: string; quantity: number }[];
        total: number;
      };
      rows.push(...hits.map((h) => `${h.scryfallId}|${h.finish}|${h.quality}|${h.quantity}`));
      if (hits.length === 0 || rows.length >= total) return rows.sort();
    }
  };

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
      for (const l of parseInventoryCsv(text.toString('utf8')).lines) {
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
    },
  );

  it('exports a CSV that imports back to the same inventory, asking prices included', async () => {
    const a = await buildShop(server);
    const text = fs.readFileSync(interopFile('csv/delverlens_scryfall.csv'));
    expect((await upload(a, text, { accept_partial: 'true' })).status).toBe(200);
    const shopId = (
      await server.ctx.db.selectFrom('users').select('shop_id').where('email', '=', a.email).executeTakeFirstOrThrow()
    ).shop_id!;
    await server.ctx.db
      .updateTable('inventory')
      .set({ asking_price: 1234 })
      .where('shop_id', '=', shopId)
      .where('quality', '=', 'NM')
      .execute();

    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: a.token }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inventory_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await res.text();
    expect(csv.split('\n')[0]).toBe('Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price');
    expect(csv).toContain(',12.34');

    const b = await buildShop(server);
    const back = await upload(b, csv);
    expect(back.status).toBe(200);
    expect(back.body.format).toBe('cardstock');
    expect(await inventory(b)).toEqual(await inventory(a));
    const prices = await server.ctx.db
      .selectFrom('inventory')
      .innerJoin('users', 'users.shop_id', 'inventory.shop_id')
      .select(['inventory.asking_price'])
      .where('users.email', '=', b.email)
      .where('inventory.quality', '=', 'NM')
      .execute();
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p.asking_price).toBe(1234);
  });
});
