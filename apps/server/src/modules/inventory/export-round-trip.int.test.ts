import { exportFormats, type ExportFormat } from '@cardstock/contract';
import { fixtureCards } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectOk } from '../../../test/client.ts';
import { inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { buildShop, catalog as loadCatalog, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Issue 39: each export preset read back by the import into an empty shop gives the same stock, for every field its
 * layout carries (printing, finish, condition, language, copies; a tool that has no word for a field is named below).
 */
describe(`every export preset imports back to the same stock (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  const cards = fixtureCards();

  /** What a layout cannot say, so its round trip compares the rest. */
  const loses: Partial<Record<ExportFormat, { etched?: boolean }>> = {
    // Deckbox writes etched copies as "foil", the only foil word it has.
    deckbox: { etched: true },
  };

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await loadCatalog(server);
    shop = await buildShop(server);
    const owner = api(server, shop);
    const qualities = ['NM', 'LP', 'MP', 'HP', 'D'] as const;
    const languages = ['en', 'de', 'ja', 'fr'] as const;
    // Twenty printings with a Cardmarket and a TCGplayer id, foil or not in turn, in every condition and four languages.
    const stocked = cards
      .filter((c) => c.cardmarket_id && c.tcgplayer_id && c.finishes.includes('nonfoil') && c.finishes.includes('foil'))
      .slice(0, 20);
    expect(stocked.length).toBeGreaterThan(10);
    for (const [i, card] of stocked.entries())
      expectOk(
        await owner.call('inventoryAdd', {
          scryfall_id: card.id,
          quantity: 1 + (i % 3),
          foil: i % 2 === 1,
          quality: qualities[i % qualities.length]!,
          language: languages[i % languages.length]!,
        }),
      );
  });
  afterAll(() => server.close());

  it.each(exportFormats.filter((f) => f !== 'cardstock'))('%s', async (format) => {
    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: shop.token, format }),
    });
    expect(res.status).toBe(200);
    const csv = await res.text();
    const empty = await buildShop(server);
    const back = await uploadCsv(server, empty, csv, {}, `export_${format}.csv`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.refused).toEqual([]);
    const lost = loses[format] ?? {};
    const comparable = (rows: string[]) => rows.map((r) => (lost.etched ? r.replace('|etched|', '|foil|') : r)).sort();
    const original = await inventoryRows(server, shop);
    expect(original).toHaveLength(20);
    expect(await inventoryRows(server, empty)).toEqual(comparable(original));
  });
});
