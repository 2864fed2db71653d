import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from './catalog-import.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-catalog-'));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};
const lines = fixtureCardLines(6000);
const raw = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const byName = (name: string) => raw.filter((c) => c.name === name);
const count = async (server: TestServer) =>
  Number(
    (
      await server.ctx.db
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`catalog import (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('imports one object per line, and a re-import updates prices without duplicating', async () => {
    const first = lines.slice(0, 200);
    const result = await importCatalogFile(server.ctx.db, write('first.ndjson', first.join('\n') + '\n'));
    expect(result).toEqual({ cards: 200, malformedCount: 0, malformed: [] });
    expect(await count(server)).toBe(200);

    const changed = first.map((l, i) => {
      const card = JSON.parse(l) as { prices: Record<string, string | null> };
      if (i === 0) card.prices = { ...card.prices, usd: '123.45', eur: '99.99' };
      return JSON.stringify(card);
    });
    await importCatalogFile(server.ctx.db, write('again.ndjson', changed.join('\n')));
    expect(await count(server)).toBe(200);
    const id = (JSON.parse(first[0]!) as { id: string }).id;
    const row = await server.ctx.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.price_usd).toBe(12345);
    expect(row.price_eur).toBe(9999);
  });

  it('imports a JSON array as Scryfall publishes it', async () => {
    const slice = lines.slice(200, 350);
    const file = write('array.json', `[\n${slice.join(',\n')}\n]\n`);
    const progress: number[] = [];
    const result = await importCatalogFile(server.ctx.db, file, { onProgress: (p) => progress.push(p.cards) });
    expect(result.cards).toBe(150);
    expect(progress.at(-1)).toBe(150);
    expect(await count(server)).toBe(350);
  });

  it('imports the good objects of a broken file and reports each bad one with its position', async () => {
    const good = lines.slice(350, 360);
    const text = [
      good[0],
      '{"id": "not-a-uuid", "name": "Broken"}',
      good[1],
      '{"object":"card", "id": ',
      '',
      good[2],
      JSON.stringify({ ...(JSON.parse(good[3]!) as object), name: '' }),
      ...good.slice(4),
    ].join('\n');
    const result = await importCatalogFile(server.ctx.db, write('broken.ndjson', text));
    expect(result.cards).toBe(9);
    expect(result.malformedCount).toBe(3);
    expect(result.malformed.map((m) => m.position)).toEqual([2, 4, 7]);
    expect(result.malformed[0]!.reason).toMatch(/^id: /);
    expect(result.malformed[1]!.reason).toBe('not valid JSON');
    expect(result.malformed[2]!.reason).toMatch(/^name: /);
  });

  it('stops a JSON array at a syntax error, keeping what came before and saying where', async () => {
    const slice = lines.slice(370, 375);
    const result = await importCatalogFile(server.ctx.db, write('cut.json', `[${slice.join(',')}, {"id": tru`));
    expect(result.cards).toBe(5);
    expect(result.fatal).toMatch(/JSON syntax error/);
  });
});

describe(`catalog API (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    await importCatalogFile(server.ctx.db, write('all.ndjson', lines.join('\n')));
  });
  afterAll(() => server.close());

  it('searches names by prefix and by word, one result per card, ranked', async () => {
    const res = await call(server, 'cardSearch', { q: 'bolt' });
    expectOk(res);
    expect(res.body.object).toBe('list');
    const names: string[] = res.body.data.map((c: { name: string }) => c.name);
    // No name starts with "bolt": word starts rank by normalized length, and each card appears once (6 printings of Lightning Bolt).
    expect(names).toEqual([
      'Twin Bolt',
      'Plasma Bolt',
      "Electro's Bolt",
      'Judgment Bolt',
      'Lightning Bolt',
      'Reiterating Bolt',
      'Obliterating Bolt',
      'Stonesplitter Bolt',
      'Unsparing Boltcaster',
    ]);
    expect(res.body.total_cards).toBe(9);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      oracle_id: expect.any(String),
      name: 'Twin Bolt',
      set: expect.any(String),
      set_name: expect.any(String),
      foil: expect.any(Boolean),
      nonfoil: expect.any(Boolean),
      image_uris: {
        small: expect.stringMatching(/^https:\/\/cards\.scryfall\.io\/small\//),
        normal: expect.any(String),
      },
    });
    const starts = bodyOf(await call(server, 'cardSearch', { q: 'elemental' }));
    expect(starts.data.slice(0, 2).map((c) => c.name)).toEqual(['Elemental Bond', 'Elemental Teachings']);
    const exact = bodyOf(await call(server, 'cardSearch', { q: 'air elemental' }));
    expect(exact.data[0]!.name).toBe('Air Elemental');
    const words = bodyOf(await call(server, 'cardSearch', { q: 'bolt light' }));
    expect(words.data.map((c) => c.name)).toEqual(['Lightning Bolt']);
  });

  it('refuses a query under 2 characters with the reason', async () => {
    const res = await call(server, 'cardSearch', { q: 'a' });
    expectError(res, 400);
    expect(res.body.message).toBe('Type at least 2 characters to search.');
  });

  it('lists every printing of a card, newest first, with finishes', async () => {
    const perOracle = new Map<unknown, number>();
    for (const c of raw) if (c.oracle_id) perOracle.set(c.oracle_id, (perOracle.get(c.oracle_id) ?? 0) + 1);
    const oracle = [...perOracle].find(([, n]) => n >= 3)![0];
    const some = raw.find((c) => c.oracle_id === oracle)!;
    const res = await call(server, 'cardPrints', { id: String(some.id) });
    expectOk(res);
    const data: { released_at: string; finishes: string[] }[] = res.body.data;
    expect(data).toHaveLength(raw.filter((c) => c.oracle_id === oracle).length);
    expect([...data].sort((a, b) => b.released_at.localeCompare(a.released_at))).toEqual(data);
    for (const p of data) expect(p.finishes.length).toBeGreaterThan(0);
  });

  it('answers one card with what the details page shows', async () => {
    const [bolt] = byName('Air Elemental');
    const res = await call(server, 'card', { id: String(bolt!.id) });
    expectOk(res);
    expect(res.body).toMatchObject({
      name: 'Air Elemental',
      type_line: 'Creature — Elemental',
      released_at: '1993-08-05',
      mana_cost: '{3}{U}{U}',
      power: '4',
      toughness: '4',
      set: 'lea',
      set_name: 'Limited Edition Alpha',
      collector_number: '46',
      prices: { eur: '199.08', usd: null },
      scryfall_uri: 'https://scryfall.com/card/lea/46/air-elemental',
    });
    expect(res.body.legalities.vintage).toBe('legal');
  });

  it('answers the faces of a double-faced card', async () => {
    const dfc = raw.find((c) => !c.image_uris && Array.isArray(c.card_faces))!;
    const res = bodyOf(await call(server, 'card', { id: String(dfc.id) }));
    expect(res.card_faces).toHaveLength((dfc.card_faces as unknown[]).length);
    expect(res.card_faces[0]!.image_uris.normal).toMatch(/^https:\/\//);
  });

  it('answers 404 for an unknown card and 400 for a malformed id', async () => {
    const unknown = await call(server, 'card', { id: '00000000-0000-4000-8000-000000000000' });
    expectError(unknown, 404);
    expect(unknown.body).toEqual({ message: messages.catalog.cardNotFound, code: 'NOT_FOUND' });
    const bad = await call(server, 'cardPrints', { id: 'not-an-id' });
    expectError(bad, 400);
    expect(bad.body.message).toBe('That is not a card id.');
  });

  it('suggests names with their set code', async () => {
    const res = await call(server, 'suggest', { q: 'light' });
    expectOk(res);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(10);
    for (const s of res.body) {
      expect(Object.keys(s).sort()).toEqual(['name', 'set']);
      expect(s.name.toLowerCase()).toContain('light');
    }
  });
});
