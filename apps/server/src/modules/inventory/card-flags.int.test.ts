import { LAYOUTS, type FixtureCard } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk, type Api } from '../../../test/client.ts';
import { inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { addPlatformStaff, pricedCard, publicShop, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Signed and altered copies are rows of their own: add, edit, list, search, order, storefront, import and export
 * all carry the flags, and a call without them means the plain copies, as before the flags.
 */
describe(`signed and altered copies (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  let card: FixtureCard;
  const rowsOf = async (filter = '') =>
    bodyOf(await call(server, 'inventoryList', { Authorization: shop.token, page: '1', filter }))
      .inventory.filter((r) => r.inv_card_id === card.id)
      .map(
        (r) => `${r.inv_quality}|${r.inv_signed ? 'signed' : '-'}|${r.inv_altered ? 'altered' : '-'}|${r.inv_quantity}`,
      )
      .sort();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    card = await pricedCard(server, 2);
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('keeps signed and altered copies in rows of their own; a call without flags means the plain copies', async () => {
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 3 }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, signed: true }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, signed: true }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, altered: true }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, signed: true, altered: true }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 2, signed: false }));
    expect(await rowsOf()).toEqual(['NM|-|-|5', 'NM|-|altered|1', 'NM|signed|-|2', 'NM|signed|altered|1']);

    const bad = await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, signed: 'yes' as never });
    expectError(bad, 400);
    expect(bad.body.message).toBe('signed must be true or false.');
    expect(await rowsOf()).toEqual(['NM|-|-|5', 'NM|-|altered|1', 'NM|signed|-|2', 'NM|signed|altered|1']);
  });

  it('edits the row the flags name, and the plain row when none are given', async () => {
    const edit = (flags: { signed?: boolean; altered?: boolean }, quantity: number) =>
      owner.call('inventoryEdit', { scryfall_id: card.id, finish: 'nonfoil', quality: 'NM', quantity, ...flags });
    expectOk(await edit({ signed: true }, 4));
    expectOk(await edit({}, 6));
    expect(await rowsOf()).toEqual(['NM|-|-|6', 'NM|-|altered|1', 'NM|signed|-|4', 'NM|signed|altered|1']);
    expectError(await edit({ signed: true, quality: 'LP' } as never, 1), 404);
  });

  it('finds flagged rows with is:signed and is:altered, and search hits carry the flags', async () => {
    expect(await rowsOf('is:signed')).toEqual(['NM|signed|-|4', 'NM|signed|altered|1']);
    expect(await rowsOf('is:altered is:signed')).toEqual(['NM|signed|altered|1']);
    const hits = bodyOf(await owner.call('search', { q: 'is:altered' })).data.hits;
    expect(hits.map((h) => [h.scryfallId, h.signed, h.altered]).sort()).toEqual([
      [card.id, false, true],
      [card.id, true, true],
    ]);
    const typo = await call(server, 'inventoryList', {
      Authorization: shop.token,
      page: '1',
      filter: 'is:autographed',
    });
    expectError(typo, 400);
    expect(typo.body.message).toMatch(/is:signed or is:altered/);
  });

  it('sells a signed line from the signed row only, and a line without flags from the plain row', async () => {
    const placed = bodyOf(
      await owner.call('placeOrder', {
        items: [
          { scryfall_id: card.id, finish: 'nonfoil', quantity: 3, signed: true },
          { scryfall_id: card.id, finish: 'nonfoil', quantity: 1 },
        ],
      }),
    );
    expect(await rowsOf()).toEqual(['NM|-|-|5', 'NM|-|altered|1', 'NM|signed|-|1', 'NM|signed|altered|1']);
    const pending = bodyOf(await owner.call('pendingOrders', {})).data.orders.find(
      (o) => o.order_number === placed.order_number,
    )!;
    expect(pending.items.map((i) => [i.quantity, i.signed, i.altered]).sort()).toEqual([
      [1, false, false],
      [3, true, false],
    ]);

    // Two signed copies are more than the signed row holds: refused, although the plain row has plenty.
    const short = await owner.call('placeOrder', {
      items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2, signed: true }],
    });
    expectError(short, 409);
    // The signed and altered copy is its own row: an altered line does not take it.
    const altered = await owner.call('placeOrder', {
      items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2, altered: true }],
    });
    expectError(altered, 409);
    expect(await rowsOf()).toEqual(['NM|-|-|5', 'NM|-|altered|1', 'NM|signed|-|1', 'NM|signed|altered|1']);

    // Rejecting gives each copy back to the row it came from.
    expectOk(await owner.call('rejectOrder', { order_number: placed.order_number }));
    expect(await rowsOf()).toEqual(['NM|-|-|6', 'NM|-|altered|1', 'NM|signed|-|4', 'NM|signed|altered|1']);
  });

  it('shows the flags of each card on the public storefront', async () => {
    const front = await publicShop(server);
    const seller = api(server, front);
    expectOk(await seller.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, altered: true }));
    expectOk(await seller.call('inventoryAdd', { scryfall_id: card.id, quantity: 1 }));
    const page = bodyOf(await call(server, 'publicInventory', { subdomain: front.subdomain, page: '1' }));
    expect(page.inventory.map((i) => [i.inv_signed, i.inv_altered]).sort()).toEqual([
      [false, false],
      [false, true],
    ]);
  });

  it('tells the flags of every row it names: the reprice preview, the import’s difference, low stock, the admin item', async () => {
    const a = await buildShop(server);
    const seller = api(server, a);
    expectOk(await seller.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, signed: true }));
    expectOk(await seller.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, altered: true }));
    const flags = (rows: { signed: boolean; altered: boolean }[]) =>
      rows.map((r) => `${r.signed ? 'signed' : '-'}|${r.altered ? 'altered' : '-'}`).sort();

    const preview = bodyOf(await seller.call('inventoryReprice', { action: 'set', value: 7, dry_run: true }));
    expect(flags(preview.sample ?? [])).toEqual(['-|altered', 'signed|-']);

    const file = LAYOUTS.deckbox.write([
      { card, finish: 'nonfoil', quality: 'NM', quantity: 2, signed: true },
      { card, finish: 'nonfoil', quality: 'NM', quantity: 1, signed: true, altered: true },
    ]);
    const dry = await uploadCsv(server, a, file, { dry_run: 'true' });
    const sample = (dry.body as { difference: { sample: { change: string; signed: boolean; altered: boolean }[] } })
      .difference.sample;
    expect(sample.map((c) => `${c.change}|${c.signed ? 'signed' : '-'}|${c.altered ? 'altered' : '-'}`).sort()).toEqual(
      ['new|signed|altered', 'quantity|signed|-'],
    );

    // A new shop lists only what sold out (threshold 0): at 1, the single flagged copies run low.
    await server.ctx.db.updateTable('shops').set({ low_stock_threshold: 1 }).where('id', '=', a.id).execute();
    const low = bodyOf(await seller.call('statsLowStock', {})).data.items;
    expect(flags(low)).toEqual(['-|altered', 'signed|-']);

    const admin = await addPlatformStaff(server, 'admin');
    const items = bodyOf(await api(server, admin).call('adminInventory', { store_id: a.id })).items;
    expect(items.map((i) => [i.inv_signed, i.inv_altered, i.description]).sort()).toEqual([
      [false, true, 'Nonfoil · NM · Altered'],
      [true, false, 'Nonfoil · NM · Signed'],
    ]);
  });

  it('imports the flags of a Deckbox file and exports them back, in Cardstock’s file and in Deckbox’s', async () => {
    const a = await buildShop(server);
    const file = LAYOUTS.deckbox.write([
      { card, finish: 'nonfoil', quality: 'NM', quantity: 2, signed: true },
      { card, finish: 'nonfoil', quality: 'NM', quantity: 1, altered: true },
      { card, finish: 'nonfoil', quality: 'NM', quantity: 1, signed: true, altered: true },
      { card, finish: 'nonfoil', quality: 'LP', quantity: 3 },
    ]);
    const done = await uploadCsv(server, a, file);
    expect(done.body).toMatchObject({ format: 'deckbox', imported: true, added: 4, refused: [] });
    const rows = await inventoryRows(server, a);
    expect(rows).toEqual(
      [
        `${card.id}|nonfoil|NM|2|signed`,
        `${card.id}|nonfoil|NM|1|altered`,
        `${card.id}|nonfoil|NM|1|signed|altered`,
        `${card.id}|nonfoil|LP|3`,
      ].sort(),
    );

    const exportAs = async (format: string) => {
      const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth_token: a.token, format }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const own = await exportAs('cardstock');
    expect(own.split('\n')[0]).toMatch(/,Language,Signed,Altered,Kind,Category,UPC,Location$/);
    const deckbox = await exportAs('deckbox');
    for (const text of [own, deckbox]) {
      const b = await buildShop(server);
      expect((await uploadCsv(server, b, text)).body).toMatchObject({ imported: true, refused: [] });
      expect(await inventoryRows(server, b)).toEqual(rows);
    }
  });
});
