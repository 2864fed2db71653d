import { fixtureCards, type FixtureCard } from '@cardstock/fixtures';
import { messages, type SealedCategory } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../../../test/client.ts';
import { uploadCsv } from '../../../test/csv-import.ts';
import { catalog as loadCatalog, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { CARDSTOCK_CSV_HEADER } from './csv-formats.ts';

const cards: FixtureCard[] = fixtureCards();
const printing = (name: string, set: string) => cards.find((c) => c.name === name && c.set === set)!;
const header = CARDSTOCK_CSV_HEADER.join(',');
const sealedRow = (name: string, set: string, quantity: number, price: string, category: string) =>
  `${name},${set},,,,,${quantity},${price},,,,sealed,${category}`;

/** Sealed products in Cardstock's own CSV, out and back in (issue 39). */
describe(`sealed products in the Cardstock CSV (${testEngine})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await loadCatalog(server);
  });
  afterAll(() => server.close());

  const shopIdOf = async (shop: Shop) =>
    (
      await server.ctx.db
        .selectFrom('users')
        .select('shop_id')
        .where('email', '=', shop.email)
        .executeTakeFirstOrThrow()
    ).shop_id!;

  /** Every field of every stock row the Cardstock layout carries, singles and sealed, in one order. */
  async function stockOf(shop: Shop) {
    const shopId = await shopIdOf(shop);
    const singles = await server.ctx.db
      .selectFrom('inventory')
      .select(['card_id', 'finish', 'quality', 'language', 'signed', 'altered', 'quantity', 'asking_price'])
      .where('shop_id', '=', shopId)
      .execute();
    const sealed = await server.ctx.db
      .selectFrom('sealed_products')
      .select(['name', 'category', 'set_code', 'price', 'quantity', 'upc'])
      .where('shop_id', '=', shopId)
      .execute();
    const order = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
    return { singles: order(singles), sealed: order(sealed) };
  }

  const addSealed = async (
    shop: Shop,
    name: string,
    category: SealedCategory,
    set_code: string | null,
    price: number,
    quantity: number,
  ) => bodyOf(await api(server, shop).call('sealedAdd', { name, category, set_code, price, quantity }));

  async function exportCsv(shop: Shop): Promise<string> {
    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: shop.token }),
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  it('exports singles and sealed products that import into an empty shop as the same stock, field for field', async () => {
    const a = await buildShop(server);
    const client = api(server, a);
    const bolt = printing('Lightning Bolt', '2x2');
    const elves = printing('Llanowar Elves', 'lea');
    // Singles in every finish, condition, language and flag, with and without an asking price.
    for (const line of [
      { scryfall_id: bolt.id, quantity: 4, asking_price: 2.5 },
      { scryfall_id: bolt.id, quantity: 1, foil: true, quality: 'LP' as const, language: 'ja' as const },
      { scryfall_id: bolt.id, quantity: 2, quality: 'MP' as const, signed: true, asking_price: 40 },
      { scryfall_id: elves.id, quantity: 3, quality: 'HP' as const, altered: true, language: 'de' as const },
      { scryfall_id: elves.id, quantity: 1, quality: 'D' as const, signed: true, altered: true, asking_price: 0.01 },
    ])
      bodyOf(await client.call('inventoryAdd', line));
    // An etched printing comes in by a file, as the add form offers no etched finish.
    const abbot = printing('Abbot of Keral Keep', '2x2');
    const etched = await uploadCsv(
      server,
      a,
      `${header}\n${abbot.name},2x2,446,${abbot.id},etched,NM,2,7.25,en,false,false,single,`,
    );
    expect(etched.body).toMatchObject({ imported: true, refused: [] });
    // Sealed: with a set and without, a price of 0 (not for sale until priced), a name a spreadsheet would run.
    await addSealed(a, 'Bloomburrow Play Booster Box', 'Booster Box', 'BLB', 139.99, 3);
    await addSealed(a, 'Bloomburrow Play Booster Box', 'Collector Booster', 'blb', 24.5, 12);
    // With its barcode (issue 44), which comes back with it.
    bodyOf(
      await api(server, a).call('sealedAdd', {
        name: 'Bloomburrow Bundle',
        category: 'Bundle',
        set_code: 'blb',
        price: 49.99,
        quantity: 2,
        upc: '4006381333931',
      }),
    );
    await addSealed(a, 'Starter Kit, 2025', 'Starter Deck', null, 0, 5);
    await addSealed(a, '=Mystery Pack', 'Other', null, 100_000, 100_000);

    const csv = await exportCsv(a);
    expect(csv.split('\n')[0]).toBe(header);
    expect(csv).toContain('Bloomburrow Play Booster Box,blb,,,,,3,139.99,,,,sealed,Booster Box,,\n');
    expect(csv).toContain(`"Starter Kit, 2025",,,,,,5,0.00,,,,sealed,Starter Deck,,\n`);
    expect(csv).toContain(`'=Mystery Pack,,,,,,100000,100000.00,,,,sealed,Other,,\n`);
    expect(csv).toMatch(/,single,,,\n/);
    expect(csv).toContain('Bloomburrow Bundle,blb,,,,,2,49.99,,,,sealed,Bundle,4006381333931,\n');

    const b = await buildShop(server);
    const back = await uploadCsv(server, b, csv);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      format: 'cardstock',
      imported: true,
      refused: [],
      sealed: { rows: 5, added: 5, changed: 0, unchanged: 0 },
    });
    const before = await stockOf(a);
    expect(before.singles).toHaveLength(6);
    expect(before.sealed).toHaveLength(5);
    expect(await stockOf(b)).toEqual(before);
    // And a second export of the new shop is the same file.
    expect(await exportCsv(b)).toBe(csv);
  });

  it('adds sealed quantities in add mode; sets them in set and sync, leaving products the file does not name', async () => {
    const shop = await buildShop(server);
    await addSealed(shop, 'Play Booster Box', 'Booster Box', 'fdn', 149.99, 4);
    await addSealed(shop, 'Collector Booster', 'Collector Booster', 'fdn', 29.99, 12);
    bodyOf(
      await api(server, shop).call('inventoryAdd', { scryfall_id: printing('Lightning Bolt', '2x2').id, quantity: 2 }),
    );
    const sealedOf = async () =>
      (await stockOf(shop)).sealed.map((r) => JSON.parse(r) as { name: string; quantity: number; price: number });

    const file = (rows: string[]) => [header, ...rows].join('\n');
    // Add: 4 + 2, the price as the file says; an empty price keeps the product's.
    const added = await uploadCsv(server, shop, file([sealedRow('Play Booster Box', 'fdn', 2, '', 'Booster Box')]));
    expect(added.body).toMatchObject({ imported: true, sealed: { rows: 1, added: 0, changed: 1, unchanged: 0 } });
    expect(await sealedOf()).toContainEqual(
      expect.objectContaining({ name: 'Play Booster Box', quantity: 6, price: 14_999 }),
    );

    // Set: the file's quantity and price; a new product is created.
    const set = await uploadCsv(
      server,
      shop,
      file([
        sealedRow('Play Booster Box', 'fdn', 1, '139.99', 'Booster Box'),
        sealedRow('Prerelease Kit', 'fdn', 8, '39.99', 'Prerelease Kit'),
      ]),
      { mode: 'set' },
    );
    expect(set.body).toMatchObject({ imported: true, sealed: { rows: 2, added: 1, changed: 1, unchanged: 0 } });
    expect(await sealedOf()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Play Booster Box', quantity: 1, price: 13_999 }),
        expect.objectContaining({ name: 'Prerelease Kit', quantity: 8, price: 3_999 }),
        expect.objectContaining({ name: 'Collector Booster', quantity: 12 }),
      ]),
    );

    // Sync with sealed rows only: a 0 sets its product to 0; the products it does not name, and the singles, stay.
    const singlesBefore = (await stockOf(shop)).singles;
    const sync = await uploadCsv(server, shop, file([sealedRow('Prerelease Kit', 'fdn', 0, '', 'Prerelease Kit')]), {
      mode: 'sync',
    });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ imported: true, sealed: { rows: 1, changed: 1 } });
    expect(sync.body.difference.zeroed).toBe(0);
    expect((await stockOf(shop)).singles).toEqual(singlesBefore);
    expect(await sealedOf()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Prerelease Kit', quantity: 0 }),
        expect.objectContaining({ name: 'Collector Booster', quantity: 12 }),
        expect.objectContaining({ name: 'Play Booster Box', quantity: 1 }),
      ]),
    );
  });

  it('writes nothing of a file whose sealed row is refused, or would pass the bound, singles included', async () => {
    const shop = await buildShop(server);
    await addSealed(shop, 'Play Booster Box', 'Booster Box', 'fdn', 149.99, 99_999);
    const before = await stockOf(shop);
    const bolt = printing('Lightning Bolt', '2x2');
    const single = `${bolt.name},2x2,117,${bolt.id},nonfoil,NM,1,,en,false,false,single,`;

    const refused = await uploadCsv(
      server,
      shop,
      [header, single, sealedRow('Bundle', 'fdn', 1, '0.001', 'Bundle')].join('\n'),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.refused).toEqual([{ line: 3, reason: `Sealed product: ${messages.sealed.priceCents}` }]);

    const tooMany = await uploadCsv(
      server,
      shop,
      [header, single, sealedRow('Play Booster Box', 'fdn', 2, '', 'Booster Box')].join('\n'),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(messages.sealed.tooMany('Play Booster Box'));
    expect(await stockOf(shop)).toEqual(before);
  });
});
