import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { member, pricedCard, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Labels to reprint (issue 41): a row keeps the price its label was printed with; when its price moves (an asking
 * price, the pricing rule), it is on the list until its label is printed again.
 */
describe(`labels to reprint (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  const outdated = async () =>
    bodyOf(await owner.call('inventoryLabelsOutdated', {})).inventory.map((r) => `${r.card_name}|${r.price}`);

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('lists a printed row once its price moves, and no longer once printed again; unprinted rows never', async () => {
    const bolt = await pricedCard(server, 0);
    const opt = await pricedCard(server, 1);
    bodyOf(await owner.call('inventoryAdd', { scryfall_id: bolt.id, quantity: 2, asking_price: 1.5 }));
    bodyOf(await owner.call('inventoryAdd', { scryfall_id: opt.id, quantity: 1, asking_price: 3 }));
    const rows = bodyOf(await owner.call('inventoryList', { page: 1, filter: '' })).inventory;
    const boltRow = rows.find((r) => r.card_scryfallid === bolt.id)!;
    const printed = bodyOf(await owner.call('inventoryLabelsPrinted', { ids: [boltRow.inv_pkey, boltRow.inv_pkey] }));
    expect(printed).toEqual({ message: '1 label marked as printed.', marked: 1 });
    expect(await outdated()).toEqual([]);

    // Bolt's price moves: its label is outdated. Opt's moves too, but it never had a label.
    const edit = (id: string, price: number | null) =>
      owner.call('inventoryEdit', {
        scryfall_id: id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 2,
        asking_price: price,
      });
    bodyOf(await edit(bolt.id, 1.75));
    bodyOf(await edit(opt.id, 4));
    expect(await outdated()).toEqual([`${bolt.name}|1.75`]);
    // Back to the price printed: nothing to reprint.
    bodyOf(await edit(bolt.id, 1.5));
    expect(await outdated()).toEqual([]);
    // The pricing rule takes over (null asking price): a new price, a label to reprint, until printed again.
    bodyOf(await edit(bolt.id, null));
    expect((await outdated()).map((r) => r.split('|')[0])).toEqual([bolt.name]);
    bodyOf(await owner.call('inventoryLabelsPrinted', { ids: [boltRow.inv_pkey] }));
    expect(await outdated()).toEqual([]);
    expect(bodyOf(await owner.call('inventoryLabelsOutdated', {})).total).toBe(0);
  });

  it('a label code typed or scanned into the search (the ordering screen’s too) finds that one row', async () => {
    const rows = bodyOf(await owner.call('inventoryList', { page: 1, filter: '' })).inventory;
    const row = rows[rows.length - 1]!;
    const hits = bodyOf(await owner.call('search', { q: row.label_code.toLowerCase() })).data.hits;
    expect(hits.map((h) => h.scryfallId)).toEqual([row.card_scryfallid]);
    const listed = bodyOf(await owner.call('inventoryList', { page: 1, filter: row.label_code })).inventory;
    expect(listed.map((r) => r.inv_pkey)).toEqual([row.inv_pkey]);
  });

  it('refuses an empty list, marks nothing of another shop, and only Employees and up mark', async () => {
    expectError(await owner.call('inventoryLabelsPrinted', { ids: [] }), 400);
    expectError(await owner.call('inventoryLabelsPrinted', { ids: Array(2001).fill(1) }), 400);
    const row = bodyOf(await owner.call('inventoryList', { page: 1, filter: '' })).inventory[0]!;
    const other = api(server, await buildShop(server));
    expect(bodyOf(await other.call('inventoryLabelsPrinted', { ids: [row.inv_pkey] })).marked).toBe(0);
    const watcher = api(server, await member(server, shop, 'Watcher'));
    expectError(await watcher.call('inventoryLabelsPrinted', { ids: [row.inv_pkey] }), 403);
    bodyOf(await watcher.call('inventoryLabelsOutdated', {}));
  });
});
