import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultPricingRule, messages, priceCents } from '@cardstock/contract';
import { fixtureCardLines } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError } from '../../../test/client.ts';
import { catalog, member, pricedCard, stock } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { CATALOG_VERSION_KEY } from './catalog.repository.ts';
import { refreshPrices } from './price-refresh.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-prices-'));
type Prices = { usd?: string | null; usd_foil?: string | null; usd_etched?: string | null; eur?: string | null };
type CardObject = { id: string; name: string; prices: Prices };
const objects = fixtureCardLines().map((line) => JSON.parse(line) as CardObject);

/** A Scryfall bulk file (a JSON array, one object a line, as Scryfall writes it) of these cards with these prices. */
function bulkFile(name: string, cards: { card: CardObject; prices?: Prices }[], extra: string[] = []): string {
  const file = path.join(tmp, name);
  const lines = cards.map(({ card, prices }) => JSON.stringify({ ...card, prices: { ...card.prices, ...prices } }));
  fs.writeFileSync(file, `[\n${[...lines, ...extra].join(',\n')}\n]\n`);
  return file;
}

const day = (iso: string) => () => new Date(`${iso}T06:00:00Z`);

/** Market prices refreshed from Scryfall, kept over time, and reviewed by the shop (issue 21). */
describe(`price refresh (${testEngine})`, () => {
  let server: TestServer;
  let card: CardObject;
  let other: CardObject;

  const cardRow = (id: string) =>
    server.ctx.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const kept = (id?: string) => {
    let query = server.ctx.db.selectFrom('card_prices').selectAll().orderBy('card_id').orderBy('day');
    if (id) query = query.where('card_id', '=', id);
    return query.execute();
  };
  const catalogVersion = async () =>
    (
      await server.ctx.db
        .selectFrom('system_settings')
        .select('value')
        .where('key', '=', CATALOG_VERSION_KEY)
        .executeTakeFirst()
    )?.value;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await catalog(server);
    const byId = async (index: number) => {
      const { id } = await pricedCard(server, index);
      return objects.find((c) => c.id === id)!;
    };
    card = await byId(0);
    other = await byId(1);
  });
  afterAll(() => server.close());

  it('writes moved prices, keeps them for the day, counts unknown printings and skips bad objects', async () => {
    const before = await catalogVersion();
    const file = bulkFile(
      'day1.json',
      [{ card, prices: { usd: '10.00', usd_foil: '25.50' } }, { card: other }],
      [
        JSON.stringify({ ...card, id: '00000000-0000-4000-8000-000000000001' }),
        JSON.stringify({ id: 'not-a-uuid', prices: {} }),
      ],
    );
    const result = await refreshPrices(server.ctx.db, file, { now: day('2026-05-01') });
    expect(result).toMatchObject({ printings: 3, unknown: 1, malformedCount: 1, day: '2026-05-01' });
    expect(result.malformed[0]).toMatchObject({ position: 4, reason: expect.stringMatching(/^id: /) });
    // The first card moved; the other kept its catalog prices, and both start their history today.
    expect(result.changed).toBe(1);
    expect(await cardRow(card.id)).toMatchObject({ price_usd: 1000, price_usd_foil: 2550 });
    expect(await kept(card.id)).toEqual([
      { card_id: card.id, day: '2026-05-01', usd: 1000, usd_foil: 2550, usd_etched: null },
    ]);
    expect(await kept(other.id)).toHaveLength(1);
    expect(await catalogVersion()).not.toBe(before);
  });

  it('is idempotent: the same file again, even days later, writes nothing', async () => {
    const versionBefore = await catalogVersion();
    const keptBefore = await kept();
    const file = path.join(tmp, 'day1.json');
    for (const when of ['2026-05-01', '2026-05-03']) {
      const result = await refreshPrices(server.ctx.db, file, { now: day(when) });
      expect(result).toMatchObject({ printings: 3, changed: 0 });
    }
    expect(await kept()).toEqual(keptBefore);
    expect(await catalogVersion()).toBe(versionBefore);
  });

  it('adds a step when a price moves, overwrites the day on a second refresh, and answers the history', async () => {
    await refreshPrices(server.ctx.db, bulkFile('d2a.json', [{ card, prices: { usd: '11.00', usd_foil: '25.50' } }]), {
      now: day('2026-05-04'),
    });
    await refreshPrices(server.ctx.db, bulkFile('d2b.json', [{ card, prices: { usd: '12.00', usd_foil: '25.50' } }]), {
      now: day('2026-05-04'),
    });
    expect(bodyOf(await call(server, 'cardPriceHistory', { id: card.id }))).toEqual({
      object: 'list',
      data: [
        { day: '2026-05-01', usd: 10, usd_foil: 25.5, usd_etched: null },
        { day: '2026-05-04', usd: 12, usd_foil: 25.5, usd_etched: null },
      ],
    });
    const unknown = await call(server, 'cardPriceHistory', { id: '00000000-0000-4000-8000-000000000001' });
    expect(unknown.status).toBe(404);
  });

  it('shows the shop the new price at once, and lists the rows that moved for review', async () => {
    const { shop } = await stock(server, undefined, [
      { card: card.id, quantity: 2 },
      { card: card.id, quantity: 1, quality: 'LP' },
      { card: other.id, quantity: 3 },
    ]);
    const owner = api(server, shop);
    const listed = async () => bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).inventory;
    const rule = (cents: number, quality: 'NM' | 'LP') =>
      priceCents({ askingCents: null, marketCents: cents, quality, rule: defaultPricingRule })! / 100;
    // The list is kept; a refresh makes what it kept stale.
    expect((await listed()).find((r) => r.card_scryfallid === card.id && r.inv_quality === 'NM')!.price).toBe(
      rule(1200, 'NM'),
    );
    // One row gets its own price: the market moves, its price does not.
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: card.id,
        finish: 'nonfoil',
        quality: 'LP',
        quantity: 1,
        asking_price: 9,
      }),
    );
    await refreshPrices(
      server.ctx.db,
      bulkFile('d3.json', [
        { card, prices: { usd: '15.00', usd_foil: '25.50' } },
        { card: other, prices: { usd: (Number(other.prices.usd) * 1.05).toFixed(2) } },
      ]),
      { now: day('2026-05-05') },
    );
    expect((await listed()).find((r) => r.card_scryfallid === card.id && r.inv_quality === 'NM')!.price).toBe(
      rule(1500, 'NM'),
    );

    const changes = bodyOf(await owner.call('inventoryPriceChanges', {}));
    expect(changes).toMatchObject({ since: '2026-05-04', total: 2 });
    expect(changes.refreshed_at).toMatch(/^2026-05-05T/);
    // +25 % moved both rows of the card; the other card's +5 % stays under the default 10 %.
    expect(changes.items).toEqual([
      expect.objectContaining({
        scryfall_id: card.id,
        quality: 'LP',
        signed: false,
        altered: false,
        market_before: 12,
        market_after: 15,
        asking_price: 9,
        price_before: 9,
        price_after: 9,
      }),
      expect.objectContaining({
        scryfall_id: card.id,
        quality: 'NM',
        signed: false,
        altered: false,
        quantity: 2,
        market_before: 12,
        market_after: 15,
        asking_price: null,
        price_before: rule(1200, 'NM'),
        price_after: rule(1500, 'NM'),
      }),
    ]);
    const lower = bodyOf(await owner.call('inventoryPriceChanges', { min_percent: 1 }));
    expect(lower.total).toBe(3);
    expect(lower.items.at(-1)).toMatchObject({ scryfall_id: other.id });
    const higher = bodyOf(await owner.call('inventoryPriceChanges', { min_percent: 30 }));
    expect(higher).toMatchObject({ total: 0, items: [] });

    const refused = await owner.call('inventoryPriceChanges', { min_percent: 0 });
    expectError(refused, 400);
    expect(refused.body.message).toBe('min_percent must be at least 1.');
    const employee = await member(server, shop, 'Employee');
    expectError(await api(server, employee).call('inventoryPriceChanges', {}), 403);
    // Another shop holding 4 NM of the same card sees its own row only.
    const stranger = api(server, (await stock(server, undefined, [{ card: card.id, quantity: 4 }])).shop);
    const theirs = bodyOf(await stranger.call('inventoryPriceChanges', { min_percent: 1 }));
    expect(theirs.items.map((i) => [i.scryfall_id, i.quality, i.quantity])).toEqual([[card.id, 'NM', 4]]);

    // Keep all (issue 38): only the rows the filter lists, priced by the rule, keep what customers paid before.
    expectError(await api(server, employee).call('inventoryPriceChangesKeep', { min_percent: 10 }), 403);
    expect(bodyOf(await owner.call('inventoryPriceChangesKeep', { min_percent: 30 }))).toMatchObject({ kept: 0 });
    const keptAll = bodyOf(await owner.call('inventoryPriceChangesKeep', { min_percent: 10 }));
    expect(keptAll).toEqual({ message: messages.inventoryServer.keptAll(1), kept: 1 });
    const rows = await listed();
    const row = (id: string, quality: string) =>
      rows.find((r) => r.card_scryfallid === id && r.inv_quality === quality)!;
    // The NM row now has its own price, the one from before the refresh; the LP row keeps its own 9.
    expect(row(card.id, 'NM')).toMatchObject({ price: rule(1200, 'NM'), inv_asking_price: rule(1200, 'NM') });
    expect(row(card.id, 'LP')).toMatchObject({ price: 9, inv_asking_price: 9 });
    // The other card moved 5 %: not on the 10 % list, so still priced by the rule.
    expect(row(other.id, 'NM').inv_asking_price).toBeNull();
    // The stranger's row of the same card is untouched.
    expect(bodyOf(await stranger.call('inventoryPriceChanges', { min_percent: 1 })).items[0]!.asking_price).toBeNull();
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'inventory.keep_prices')
      .execute();
    expect(audit).toEqual([{ action: 'inventory.keep_prices', detail: JSON.stringify({ min_percent: 10, kept: 1 }) }]);
    // A second Keep all has nothing left to keep.
    expect(bodyOf(await owner.call('inventoryPriceChangesKeep', { min_percent: 10 })).kept).toBe(0);
  });

  it('forgets prices older than 180 days, keeping the one in force when the period starts', async () => {
    await refreshPrices(server.ctx.db, bulkFile('d4.json', [{ card, prices: { usd: '16.00', usd_foil: '25.50' } }]), {
      now: day('2026-11-04'),
    });
    // 2026-11-04 − 180 days = 2026-05-08: the 05-05 step is the price in force then, older ones go.
    expect((await kept(card.id)).map((p) => p.day)).toEqual(['2026-05-05', '2026-11-04']);
    expect((await kept(other.id)).map((p) => p.day)).toEqual(['2026-05-05']);
  });

  it('refuses to keep a file under a day before the newest refresh, writing nothing', async () => {
    const keptBefore = await kept();
    await expect(
      refreshPrices(server.ctx.db, bulkFile('old.json', [{ card, prices: { usd: '1.00' } }]), {
        now: day('2026-11-01'),
      }),
    ).rejects.toThrow(
      'Prices were refreshed for 2026-11-04 already: a refresh cannot be kept under 2026-11-01, before it.',
    );
    expect(await kept()).toEqual(keptBefore);
    expect((await cardRow(card.id)).price_usd).toBe(1600);
  });
});
