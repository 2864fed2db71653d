import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { withTransaction } from '../../db/database.ts';
import { importCatalogFile } from '../catalog/catalog-import.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { InventoryReadModel } from './read-model.ts';

type Card = { id: string; name: string; set: string; finishes: string[]; type_line?: string; rarity: string };
const cards = fixtureCardLines(6000).map((l) => JSON.parse(l) as Card);
const both = cards.filter((c) => c.finishes.includes('foil') && c.finishes.includes('nonfoil'));
const nonfoilOnly = cards.find((c) => c.finishes.length === 1 && c.finishes[0] === 'nonfoil')!;
const air = cards.find((c) => c.name === 'Air Elemental')!;

describe(`inventory (${testEngine})`, () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof buildShop>>;
  const call = (method: string, p: string, body: Record<string, unknown>, token = shop.token) =>
    server.request(method, p, { token, ...body });
  const list = (body: Record<string, unknown> = {}, token = shop.token) =>
    server.request('POST', '/api/shop/inventory', { Authorization: token, page: '1', filter: '', ...body });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inv-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(6000).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  it('adds a card and lists it with its card fields and price', async () => {
    const res = await call('POST', '/api/shop/inventory/add', {
      scryfall_id: air.id,
      quantity: 2,
      foil: false,
      quality: 'LP',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Added 2 × Air Elemental.');
    const page = await list();
    expect(page.status).toBe(200);
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
    await call('POST', '/api/shop/inventory/add', { scryfall_id: card.id, quantity: 1, foil: true, quality: 'NM' });
    await call('POST', '/api/shop/inventory/add', { scryfall_id: card.id, quantity: 3, foil: true, quality: 'NM' });
    await call('POST', '/api/shop/inventory/add', { scryfall_id: card.id, quantity: 1, foil: true, quality: 'MP' });
    const rows = (await list({ filter: `set:${card.set}` })).body.inventory.filter(
      (r: { inv_card_id: string }) => r.inv_card_id === card.id,
    );
    expect(
      rows.map((r: { inv_quality: string; inv_quantity: number }) => [r.inv_quality, r.inv_quantity]).sort(),
    ).toEqual([
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
    await call('POST', '/api/shop/inventory/add', { scryfall_id: card.id, quantity: 1, foil: true, quality: 'HP' });
    const row = (await list({ filter: `set:${card.set} is:foil cond:hp` })).body.inventory.find(
      (r: { inv_card_id: string }) => r.inv_card_id === card.id,
    );
    expect(row.price).toBe(Math.ceil(Math.round(usdFoil * 100) * 1.45 * 0.6 - 1e-9) / 100);
  });

  it('refuses a finish the printing does not have, and an unknown card', async () => {
    const foil = await call('POST', '/api/shop/inventory/add', {
      scryfall_id: nonfoilOnly.id,
      quantity: 1,
      foil: true,
    });
    expect(foil.status).toBe(400);
    expect(foil.body.message).toBe(`${nonfoilOnly.name} has no foil printing.`);
    const unknown = await call('POST', '/api/shop/inventory/add', {
      scryfall_id: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.status).toBe(404);
    const zero = await call('POST', '/api/shop/inventory/add', { scryfall_id: air.id, quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('quantity must be at least 1.');
  });

  it('edits a quantity; 0 keeps the row as out of stock; a missing row is 404', async () => {
    const res = await call('POST', '/api/shop/inventory/edit', {
      scryfall_id: air.id,
      finish: 'Non-Foil',
      quality: 'LP',
      quantity: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.inventoryServer.updated);
    const row = (await list({ filter: 'air elemental' })).body.inventory[0];
    expect(row.inv_quantity).toBe(0);
    const missing = await call('POST', '/api/shop/inventory/edit', {
      scryfall_id: air.id,
      finish: 'foil',
      quality: 'LP',
      quantity: 1,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.inventoryServer.notInInventory);
    const negative = await call('POST', '/api/shop/inventory/edit', {
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
      (await list({ filter })).body.inventory.find((r: { inv_card_id: string }) => r.inv_card_id === air.id);
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
    const all = await call('POST', '/api/search', { q: '*', scope: 'shop' });
    expect(all.status).toBe(200);
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
      price: expect.toBeOneOf([expect.any(Number), null]),
      image: expect.toBeOneOf([expect.any(String), null]),
    });
    const words = await call('POST', '/api/search', { q: 'ELEMENTAL air' });
    expect(words.body.data.hits.map((h: { name: string }) => h.name)).toEqual(['Air Elemental']);
    const terms = await call('POST', '/api/search', { q: 'q=0 set:lea t:creature c:u r:uncommon' });
    expect(terms.body.data.hits.map((h: { name: string }) => h.name)).toEqual(['Air Elemental']);
    const none = await call('POST', '/api/search', { q: 'q>100' });
    expect(none.body.data.hits).toEqual([]);
    const bad = await call('POST', '/api/search', { q: 'power>3' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unknown search term "power>"/);
  });

  it('pages 50 rows at a time in name order; the page arrives as text', async () => {
    for (const card of both.slice(100, 160)) {
      await call('POST', '/api/shop/inventory/add', { scryfall_id: card.id, quantity: 1, foil: false });
    }
    const first = await list({ page: '1' });
    const second = await list({ page: '2' });
    expect(first.body.inventory).toHaveLength(50);
    expect(first.body.total_pages).toBe(Math.ceil(first.body.total / 50));
    const names = [...first.body.inventory, ...second.body.inventory].map((r: { card_name: string }) => r.card_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const zero = await list({ page: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('page must be a whole number from 1.');
  });

  it('keeps shops apart: another shop sees, changes and deletes none of these rows', async () => {
    const other = await buildShop(server);
    const before = (await list()).body.total;
    expect((await list({}, other.token)).body).toMatchObject({ inventory: [], total: 0 });
    expect((await call('POST', '/api/search', { q: '*' }, other.token)).body.data.hits).toEqual([]);
    const edit = await call(
      'POST',
      '/api/shop/inventory/edit',
      { scryfall_id: air.id, finish: 'nonfoil', quality: 'LP', quantity: 9 },
      other.token,
    );
    expect(edit.status).toBe(404);
    expect((await call('DELETE', '/api/shop/inventory/delete_all', {}, other.token)).body.message).toBe(
      'Deleted 0 inventory items.',
    );
    expect((await list()).body.total).toBe(before);
    expect((await list({ filter: 'air elemental' })).body.inventory[0].inv_quantity).toBe(0);
  });

  it('lets a Watcher look but not touch, naming the role and the action', async () => {
    const { token } = await addMember(server, shop.email, 'Watcher');
    expect((await list({}, token)).status).toBe(200);
    const add = await call('POST', '/api/shop/inventory/add', { scryfall_id: air.id, quantity: 1 }, token);
    expect(add.status).toBe(403);
    expect(add.body.message).toBe('A Watcher cannot add or edit inventory.');
    const wipe = await call('DELETE', '/api/shop/inventory/delete_all', {}, token);
    expect(wipe.status).toBe(403);
    expect(wipe.body.message).toBe('A Watcher cannot delete all inventory.');
  });

  it('deletes all of the shop’s inventory for the Owner', async () => {
    const res = await call('DELETE', '/api/shop/inventory/delete_all', {});
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Deleted \d+ inventory items\.$/);
    expect((await list()).body.total).toBe(0);
  });
});
