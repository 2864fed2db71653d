import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk, type Api } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { withTransaction } from '../../db/database.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { InventoryReadModel } from './read-model.ts';

type Card = { id: string; name: string; set: string; finishes: string[]; type_line?: string; rarity: string };
const cards = fixtureCardLines(6000).map((l) => JSON.parse(l) as Card);
const both = cards.filter((c) => c.finishes.includes('foil') && c.finishes.includes('nonfoil'));
const nonfoilOnly = cards.find((c) => c.finishes.length === 1 && c.finishes[0] === 'nonfoil')!;
const air = cards.find((c) => c.name === 'Air Elemental')!;

describe(`inventory (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  // The spec's web client sends the list's token as the body field `Authorization`.
  const list = (body: { page?: string; filter?: string } = {}, token = shop.token) =>
    call(server, 'inventoryList', { Authorization: token, page: '1', filter: '', ...body });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await catalog(server, 6000);
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('adds a card and lists it with its card fields and price', async () => {
    const res = await owner.call('inventoryAdd', {
      scryfall_id: air.id,
      quantity: 2,
      foil: false,
      quality: 'LP',
    });
    expectOk(res);
    expect(res.body.message).toBe('Added 2 × Air Elemental.');
    const page = await list();
    expectOk(page);
    expect(page.body).toMatchObject({ page: 1, total_pages: 1, total: 1 });
    expect(page.body.inventory[0]).toMatchObject({
      inv_card_id: air.id,
      inv_finish: 'nonfoil',
      inv_quantity: 2,
      inv_quality: 'LP',
      inv_asking_price: null,
      card_name: 'Air Elemental',
      card_setCode: 'LEA',
      card_scryfallid: air.id,
      card_manaCost: '{3}{U}{U}',
      card_types: 'Creature — Elemental',
      card_price_eur: 199.08,
      // No USD market price for Alpha: no price rather than a guess.
      price: null,
    });
  });

  it('adds to the same printing, finish and quality instead of duplicating', async () => {
    const card = both[10]!;
    await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, foil: true, quality: 'NM' });
    await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 3, foil: true, quality: 'NM' });
    await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, foil: true, quality: 'MP' });
    const rows = bodyOf(await list({ filter: `set:${card.set}` })).inventory.filter((r) => r.inv_card_id === card.id);
    expect(rows.map((r) => [r.inv_quality, r.inv_quantity]).sort()).toEqual([
      ['MP', 1],
      ['NM', 4],
    ]);
  });

  it('prices a row by the shop rule: market price of its finish, +45%, by condition', async () => {
    const card = both.find((c) => {
      const raw = cards.find((x) => x.id === c.id) as unknown as { prices: { usd_foil: string | null } };
      return raw.prices.usd_foil !== null && Number(raw.prices.usd_foil) > 1;
    })!;
    const usdFoil = Number((card as unknown as { prices: { usd_foil: string } }).prices.usd_foil);
    await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, foil: true, quality: 'HP' });
    const row = bodyOf(await list({ filter: `set:${card.set} is:foil cond:hp` })).inventory.find(
      (r) => r.inv_card_id === card.id,
    );
    expect(row?.price).toBe(Math.ceil(Math.round(usdFoil * 100) * 1.45 * 0.6 - 1e-9) / 100);
  });

  it('refuses a finish the printing does not have, and an unknown card', async () => {
    const foil = await owner.call('inventoryAdd', {
      scryfall_id: nonfoilOnly.id,
      quantity: 1,
      foil: true,
    });
    expectError(foil, 400);
    expect(foil.body.message).toBe(`${nonfoilOnly.name} has no foil printing.`);
    const unknown = await owner.call('inventoryAdd', {
      scryfall_id: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.status).toBe(404);
    const zero = await owner.call('inventoryAdd', { scryfall_id: air.id, quantity: 0 });
    expectError(zero, 400);
    expect(zero.body.message).toBe('quantity must be at least 1.');
  });

  it('edits a quantity; 0 keeps the row as out of stock; a missing row is 404', async () => {
    const res = await owner.call('inventoryEdit', {
      scryfall_id: air.id,
      finish: 'Non-Foil',
      quality: 'LP',
      quantity: 0,
    });
    expectOk(res);
    expect(res.body.message).toBe(messages.inventoryServer.updated);
    const row = bodyOf(await list({ filter: 'air elemental' })).inventory[0];
    expect(row?.inv_quantity).toBe(0);
    const missing = await owner.call('inventoryEdit', {
      scryfall_id: air.id,
      finish: 'foil',
      quality: 'LP',
      quantity: 1,
    });
    expectError(missing, 404);
    expect(missing.body.message).toBe(messages.inventoryServer.notInInventory);
    const negative = await owner.call('inventoryEdit', {
      scryfall_id: air.id,
      finish: 'nonfoil',
      quality: 'LP',
      quantity: -1,
    });
    expect(negative.status).toBe(400);
  });

  it('writes every change to the audit log', async () => {
    const rows = await server.ctx.db.selectFrom('audit_log').selectAll().where('actor', '=', shop.email).execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['inventory.add', 'inventory.edit']));
  });

  it('answers from the data as it stands: another process’s write, a new catalog price, the pricing rule', async () => {
    const db = server.ctx.db;
    const { shop_id: shopId } = await db
      .selectFrom('inventory')
      .select('shop_id')
      .where('card_id', '=', air.id)
      .executeTakeFirstOrThrow();
    const airRow = async (filter = 'air elemental') =>
      bodyOf(await list({ filter })).inventory.find((r) => r.inv_card_id === air.id);
    expect(await airRow()).toBeDefined();

    // Another server process writes as every writer does: the row, and the change through its read model.
    const otherProcess = new InventoryReadModel(db, server.ctx.engine);
    await withTransaction(db, async (tx) => {
      await tx.updateTable('inventory').set({ quantity: 42 }).where('card_id', '=', air.id).execute();
      await otherProcess.stockChanged(tx, shopId, { kind: 'other' });
    });
    expect(await airRow('q=42')).toMatchObject({ inv_quantity: 42 });

    // A catalog import gives Alpha's Air Elemental a USD price: the price term and the price follow.
    const card = await db.selectFrom('cards').selectAll().where('id', '=', air.id).executeTakeFirstOrThrow();
    expect(await airRow('usd>10 air')).toBeUndefined();
    await withTransaction(db, (tx) => catalogRepository.upsert(tx, [{ ...card, price_usd: 2000 }]));
    expect(await airRow('usd>10 air')).toMatchObject({ card_price_usd: 20, price: 26.1 }); // LP: 20 × 1.45 × 0.9

    // The shop changes its pricing rule: prices follow at once.
    await db
      .updateTable('shops')
      .set({ pricing: JSON.stringify({ markup_percent: 0 }) })
      .where('id', '=', shopId)
      .execute();
    expect(await airRow()).toMatchObject({ price: 18 });
    await db.updateTable('shops').set({ pricing: null }).where('id', '=', shopId).execute();
    await withTransaction(db, (tx) => catalogRepository.upsert(tx, [card]));
    await withTransaction(db, async (tx) => {
      await tx.updateTable('inventory').set({ quantity: 0 }).where('card_id', '=', air.id).execute();
      await otherProcess.stockChanged(tx, shopId, { kind: 'other' });
    });
  });

  it('searches by name words in any order, by terms, and lists everything for *', async () => {
    const all = await owner.call('search', { q: '*', scope: 'shop' });
    expectOk(all);
    expect(all.body.success).toBe(true);
    expect(all.body.data.hits.length).toBe(all.body.data.total);
    expect(all.body.data.hits[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      setCode: expect.any(String),
      scryfallId: expect.any(String),
      uuid: expect.any(String),
      finish: expect.any(String),
      quantity: expect.any(Number),
      quality: expect.any(String),
      language: 'en',
      signed: false,
      altered: false,
      price: expect.toBeOneOf([expect.any(Number), null]),
      image: expect.toBeOneOf([expect.any(String), null]),
    });
    const words = bodyOf(await owner.call('search', { q: 'ELEMENTAL air' }));
    expect(words.data.hits.map((h) => h.name)).toEqual(['Air Elemental']);
    const terms = bodyOf(await owner.call('search', { q: 'q=0 set:lea t:creature c:u r:uncommon' }));
    expect(terms.data.hits.map((h) => h.name)).toEqual(['Air Elemental']);
    const none = bodyOf(await owner.call('search', { q: 'q>100' }));
    expect(none.data.hits).toEqual([]);
    const bad = await owner.call('search', { q: 'power>3' });
    expectError(bad, 400);
    expect(bad.body.message).toMatch(/^Unknown search term "power>"/);
  });

  it('pages 50 rows at a time in name order; the page arrives as text', async () => {
    for (const card of both.slice(100, 160)) {
      await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, foil: false });
    }
    const first = bodyOf(await list({ page: '1' }));
    const second = bodyOf(await list({ page: '2' }));
    expect(first.inventory).toHaveLength(50);
    expect(first.total_pages).toBe(Math.ceil(first.total / 50));
    const names = [...first.inventory, ...second.inventory].map((r) => r.card_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const zero = await list({ page: '0' });
    expectError(zero, 400);
    expect(zero.body.message).toBe('page must be a whole number from 1.');
  });

  it('keeps shops apart: another shop sees, changes and deletes none of these rows', async () => {
    const other = await buildShop(server);
    const stranger = api(server, other);
    const before = bodyOf(await list()).total;
    expect((await list({}, other.token)).body).toMatchObject({ inventory: [], total: 0 });
    expect(bodyOf(await stranger.call('search', { q: '*' })).data.hits).toEqual([]);
    const edit = await stranger.call('inventoryEdit', {
      scryfall_id: air.id,
      finish: 'nonfoil',
      quality: 'LP',
      quantity: 9,
    });
    expect(edit.status).toBe(404);
    expect((await stranger.call('inventoryDeleteAll')).body.message).toBe('Deleted 0 inventory items.');
    expect(bodyOf(await list()).total).toBe(before);
    expect(bodyOf(await list({ filter: 'air elemental' })).inventory[0]?.inv_quantity).toBe(0);
  });

  it('lets a Watcher look but not touch, naming the role and the action', async () => {
    const { token } = await member(server, shop, 'Watcher');
    const watcher = api(server, token);
    expect((await list({}, token)).status).toBe(200);
    const add = await watcher.call('inventoryAdd', { scryfall_id: air.id, quantity: 1 });
    expectError(add, 403);
    expect(add.body.message).toBe('A Watcher cannot add or edit inventory.');
    const wipe = await watcher.call('inventoryDeleteAll');
    expectError(wipe, 403);
    expect(wipe.body.message).toBe('A Watcher cannot delete all inventory.');
  });

  it('deletes all of the shop’s inventory for the Owner', async () => {
    const res = await owner.call('inventoryDeleteAll');
    expectOk(res);
    expect(res.body.message).toMatch(/^Deleted \d+ inventory items\.$/);
    expect(bodyOf(await list()).total).toBe(0);
  });
});
