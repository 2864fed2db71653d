import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { catalog as loadCatalog, shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../db/database.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { demoCatalog, demoPrintingIds } from './demo-catalog.ts';

/**
 * The demo catalog's printings carry real set codes with invented collector numbers: a real file's row must never be
 * stocked as one of them (issue 39), whether it names a set and number, a set and a name, or a name alone.
 */
describe(`demo printings and a real file (${testEngine})`, () => {
  let server: TestServer;
  const demo = demoCatalog(new Date().toISOString());
  const demoCard = (name: string, set: string) => demo.find((c) => c.name === name && c.set_code === set)!;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await loadCatalog(server);
    // As a demo database has it, beside real data (`cards import` adds to it).
    await withTransaction(server.ctx.db, (tx) => catalogRepository.upsert(tx, demo));
  });
  afterAll(() => server.close());

  const header = 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price';

  it('refuses a set and number, or a name, that only the demo has, as "not in the catalog"', async () => {
    const shop = await buildShop(server);
    const bolt = demoCard('Lightning Bolt', 'm10');
    const file = [
      header,
      // The demo's own invented number in a real set.
      `Lightning Bolt,m10,${bolt.collector_number},,nonfoil,NM,2,`,
      // A set and number with no name.
      `,dmu,${demoCard('Sheoldred, the Apocalypse', 'dmu').collector_number},,nonfoil,NM,1,`,
      // A name only the demo has.
      'Baneslayer Angel,,,,nonfoil,NM,1,',
    ].join('\n');
    const res = await uploadCsv(server, shop, file);
    expect(res.status).toBe(422);
    expect(res.body.review ?? []).toEqual([]);
    expect(res.body.refused).toEqual([
      { line: 2, reason: messages.inventoryServer.noPrinting(`"Lightning Bolt" set M10 #${bolt.collector_number}`) },
      {
        line: 3,
        reason: messages.inventoryServer.noPrinting(
          `set DMU #${demoCard('Sheoldred, the Apocalypse', 'dmu').collector_number}`,
        ),
      },
      { line: 4, reason: messages.inventoryServer.noPrinting('"Baneslayer Angel"') },
    ]);
    const partial = await uploadCsv(server, shop, file, { accept_partial: 'true' });
    expect(partial.status).toBe(200);
    expect(await inventoryRows(server, shop)).toEqual([]);
  });

  it('finds a name the demo shares among the real printings only', async () => {
    const shop = await buildShop(server);
    // Llanowar Elves: the demo has it in DMU and M10, the catalog once (LEA).
    const res = await uploadCsv(server, shop, `${header}\nLlanowar Elves,,,,nonfoil,NM,3,`);
    expect(res.status).toBe(200);
    expect(res.body.review ?? []).toEqual([]);
    const rows = await inventoryRows(server, shop);
    expect(rows).toHaveLength(1);
    expect(demoPrintingIds).not.toContain(rows[0]!.split('|')[0]);
    // Lightning Bolt's real printings are the question: the demo's is not among them.
    const bolt = await uploadCsv(server, shop, `${header}\nLightning Bolt,,,,nonfoil,NM,1,`, { dry_run: 'true' });
    const candidates: string[] = bolt.body.review[0].candidates.map((c: { scryfall_id: string }) => c.scryfall_id);
    expect(candidates.length).toBeGreaterThan(1);
    expect(candidates.filter((id) => demoPrintingIds.includes(id))).toEqual([]);
  });

  it("still reads a demo printing back by its own Scryfall id (the demo shop's own export)", async () => {
    const shop = await buildShop(server);
    const bolt = demoCard('Lightning Bolt', 'm10');
    const res = await uploadCsv(
      server,
      shop,
      `${header}\nLightning Bolt,m10,${bolt.collector_number},${bolt.id},nonfoil,NM,2,`,
    );
    expect(res.status).toBe(200);
    expect(await inventoryRows(server, shop)).toEqual([`${bolt.id}|nonfoil|NM|2`]);
  });
});
