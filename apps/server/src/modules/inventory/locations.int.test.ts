import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureCard } from '@cardstock/fixtures';
import { api, bodyOf, call, expectError, expectOk, type Api } from '../../../test/client.ts';
import { uploadCsv } from '../../../test/csv-import.ts';
import { member, pricedCard, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Storage locations (issue 41): where a shop keeps a row's copies and a sealed product's boxes, set with Add, Edit and
 * an import, for every row a search finds at once, found again with `loc:`, written in the export and read back.
 */
describe(`storage locations (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  let bolt: FixtureCard;
  let opt: FixtureCard;
  /** The shop's rows the list finds, as `name|language|quantity|location`. */
  const rowsOf = async (filter = '', of: Shop = shop) =>
    bodyOf(await call(server, 'inventoryList', { Authorization: of.token, page: '1', filter }))
      .inventory.map((r) => `${r.card_name}|${r.inv_language}|${r.inv_quantity}|${r.inv_location}`)
      .sort();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    bolt = await pricedCard(server, 0);
    opt = await pricedCard(server, 1);
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('keeps the location given with added copies; more copies without one leave it, "" clears it', async () => {
    expectOk(await owner.call('inventoryAdd', { scryfall_id: bolt.id, quantity: 2, location: '  Binder   3 p12 ' }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: opt.id, quantity: 1 }));
    expect(await rowsOf()).toEqual([`${bolt.name}|en|2|Binder 3 p12`, `${opt.name}|en|1|`].sort());
    expectOk(await owner.call('inventoryAdd', { scryfall_id: bolt.id, quantity: 1 }));
    expect(await rowsOf()).toContain(`${bolt.name}|en|3|Binder 3 p12`);
    expectOk(await owner.call('inventoryAdd', { scryfall_id: bolt.id, quantity: 1, location: 'Box A-04' }));
    expect(await rowsOf()).toContain(`${bolt.name}|en|4|Box A-04`);

    const long = await owner.call('inventoryAdd', { scryfall_id: opt.id, quantity: 1, location: 'x'.repeat(61) });
    expectError(long, 400);
    expect(long.body.message).toBe('A location can be at most 60 characters.');
    const notText = await owner.call('inventoryAdd', { scryfall_id: opt.id, quantity: 1, location: 7 as never });
    expectError(notText, 400);
    expect(notText.body.message).toBe('location must be text.');
    expect(await rowsOf()).toContain(`${opt.name}|en|1|`);
  });

  it('edits a row’s location with its quantity, leaves it when none is sent, and finds rows by loc:', async () => {
    const edit = (body: Record<string, unknown>) =>
      owner.call('inventoryEdit', { scryfall_id: opt.id, finish: 'nonfoil', quality: 'NM', quantity: 1, ...body });
    expectOk(await edit({ location: 'Binder 3 p14' }));
    expectOk(await edit({ quantity: 2 }));
    expect(await rowsOf()).toContain(`${opt.name}|en|2|Binder 3 p14`);
    // The index follows each write in place: the search finds the new location at once, any case, quoted or not.
    expect(await rowsOf('loc:"binder 3"')).toEqual([`${opt.name}|en|2|Binder 3 p14`]);
    expect(await rowsOf('loc:a-04')).toEqual([`${bolt.name}|en|4|Box A-04`]);
    expectOk(await edit({ location: '' }));
    expect(await rowsOf('loc:binder')).toEqual([]);
    const hits = bodyOf(await owner.call('search', { q: 'loc:A-04' })).data.hits;
    expect(hits.map((h) => h.scryfallId)).toEqual([bolt.id]);
    const empty = await call(server, 'inventoryList', { Authorization: shop.token, page: '1', filter: 'loc:""' });
    expectError(empty, 400);
  });

  it('puts every row a search finds at one location in one call, audited, and only Employees and up may', async () => {
    expectOk(await owner.call('inventoryAdd', { scryfall_id: bolt.id, quantity: 1, language: 'de' }));
    const moved = bodyOf(await owner.call('inventoryLocate', { filter: bolt.name, location: 'Shelf C' }));
    expect(moved).toEqual({ message: '2 rows now kept at Shelf C.', changed: 2, matched: 2 });
    // Again: nothing moves, nothing is logged.
    expect(bodyOf(await owner.call('inventoryLocate', { filter: bolt.name, location: 'Shelf C' })).changed).toBe(0);
    expect(await rowsOf('loc:shelf')).toEqual([`${bolt.name}|de|1|Shelf C`, `${bolt.name}|en|4|Shelf C`]);
    const log = bodyOf(await owner.call('shopActivity', {})).entries.filter((e) => e.action === 'inventory.locate');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ subject: bolt.name, detail: { location: 'Shelf C', changed: 2 } });

    const watcher = await member(server, shop, 'Watcher');
    expectError(await api(server, watcher).call('inventoryLocate', { filter: '', location: 'Nowhere' }), 403);
    const employee = await member(server, shop, 'Employee');
    const cleared = bodyOf(await api(server, employee).call('inventoryLocate', { filter: '', location: null }));
    expect(cleared).toMatchObject({ changed: 2, matched: 3 });
    expect(cleared.message).toBe('2 rows no longer have a location.');
    expect((await rowsOf()).every((r) => r.endsWith('|'))).toBe(true);
  });

  it('suggests every location of the shop’s cards and sealed products once, in order; none of another shop’s', async () => {
    expectOk(await owner.call('inventoryLocate', { filter: `${bolt.name} lang:de`, location: 'Binder 10' }));
    expectOk(await owner.call('inventoryLocate', { filter: opt.name, location: 'Binder 2' }));
    const box = bodyOf(
      await owner.call('sealedAdd', {
        name: 'Play Booster Box',
        category: 'Booster Box',
        price: 100,
        quantity: 1,
        location: 'Shelf B',
      }),
    ).item;
    expect(box.location).toBe('Shelf B');
    const edited = bodyOf(
      await owner.call('sealedEdit', {
        id: box.id,
        name: box.name,
        category: box.category,
        set_code: null,
        price: 100,
        quantity: 2,
        location: 'binder 2',
      }),
    ).item;
    expect(edited.location).toBe('binder 2');
    // Left out, the product keeps its place.
    const kept = bodyOf(
      await owner.call('sealedEdit', {
        id: box.id,
        name: box.name,
        category: box.category,
        set_code: null,
        price: 100,
        quantity: 3,
      }),
    ).item;
    expect(kept.location).toBe('binder 2');
    const other = await buildShop(server);
    expectOk(await api(server, other).call('inventoryAdd', { scryfall_id: opt.id, quantity: 1, location: 'Vault' }));
    expect(bodyOf(await owner.call('inventoryLocations', {})).locations).toEqual(['Binder 2', 'binder 2', 'Binder 10']);
    expect(bodyOf(await api(server, other).call('inventoryLocations', {})).locations).toEqual(['Vault']);
  });

  it('imports locations from a Location, Bin or Binder Name column, keeps a row’s when the cell is empty, and exports them back', async () => {
    const a = await buildShop(server);
    const header = 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price,Language,Location';
    const first = [
      header,
      `${bolt.name},,,${bolt.id},nonfoil,NM,2,,en,Binder 1`,
      `${opt.name},,,${opt.id},nonfoil,NM,1,,en,`,
    ];
    expect((await uploadCsv(server, a, first.join('\n'))).body).toMatchObject({ imported: true, refused: [] });
    expect(await rowsOf('', a)).toEqual([`${bolt.name}|en|2|Binder 1`, `${opt.name}|en|1|`].sort());

    // A spreadsheet's Bin column moves a row; an empty cell keeps the row's place. The check counts the moves.
    const spreadsheet = ['Quantity,Scryfall ID,Bin', `1,${bolt.id},`, `1,${opt.id},Box 7`].join('\n');
    const dry = await uploadCsv(server, a, spreadsheet, { dry_run: 'true' });
    expect(dry.body.difference).toMatchObject({ locations_changed: 1, quantities_changed: 2 });
    expect((await uploadCsv(server, a, spreadsheet)).body).toMatchObject({ imported: true });
    expect(await rowsOf('', a)).toEqual([`${bolt.name}|en|3|Binder 1`, `${opt.name}|en|2|Box 7`].sort());
    const tooLong = await uploadCsv(
      server,
      a,
      ['Quantity,Scryfall ID,Binder Name', `1,${opt.id},${'y'.repeat(70)}`].join('\n'),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.refused[0].reason).toMatch(/^Location "y{20}…" is longer than 60 characters\.$/);
    expect(await rowsOf('', a)).toEqual([`${bolt.name}|en|3|Binder 1`, `${opt.name}|en|2|Box 7`].sort());

    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: a.token }),
    });
    const text = await res.text();
    expect(text.split('\n')[0]!.endsWith(',UPC,Location')).toBe(true);
    const b = await buildShop(server);
    expect((await uploadCsv(server, b, text)).body).toMatchObject({ imported: true, refused: [] });
    expect(await rowsOf('', b)).toEqual(await rowsOf('', a));
    expect(bodyOf(await api(server, b).call('inventoryLocations', {})).locations).toEqual(['Binder 1', 'Box 7']);
  });
});
