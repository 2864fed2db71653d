import { randomUUID } from 'node:crypto';
import { pricingRuleOf, routes } from '@cardstock/contract';
import { fixtureCards, LAYOUTS, type FixtureCard } from '@cardstock/fixtures';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call } from '../../../test/client.ts';
import { catalog, platformStaff, publicShop as buildPublicShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { toStaffInventoryRow } from './inventory.mapper.ts';
import { inventoryRepository } from './inventory.repository.ts';

/**
 * The read model keeps indexes and answers in memory; whatever path writes stock, the answers must stay what SQL
 * says. Random sequences of every write path, each followed by the staff list, the live search and the public
 * storefront compared with the rows read straight from the database.
 */
const QUALITIES = ['NM', 'LP', 'MP', 'HP', 'D'] as const;
/** Printings sold both with and without foil, with a market price: every write path can take them. */
const cards: FixtureCard[] = fixtureCards()
  .filter((c) => c.finishes.includes('nonfoil') && c.finishes.includes('foil') && c.prices.usd)
  .slice(0, 12);

type Step =
  | { kind: 'add'; card: number; quantity: number; foil: boolean; quality: number; place?: number | null }
  | { kind: 'edit'; row: number; quantity: number; place?: number | null }
  | { kind: 'import'; lines: { card: number; foil: boolean; quality: number; quantity: number; price?: number }[] }
  | { kind: 'order'; row: number; quantity: number }
  | { kind: 'decide'; confirm: boolean }
  | { kind: 'deleteAll' }
  | { kind: 'adminEdit'; row: number; quantity?: number; price?: number | null }
  | { kind: 'adminRemove'; row: number }
  | { kind: 'adminBulk'; percent: number }
  | { kind: 'reprice'; percent: number }
  | { kind: 'locate'; instock: boolean; place: number | null }
  | { kind: 'buy'; card: number; quantity: number; quality: number };

const pick = fc.nat({ max: 50 });
/** Storage locations the steps use (issue 41): two binders and a box; null clears a row's. */
const PLACES = ['Binder 1', 'Binder 2', 'Box A-04'];
const place = fc.option(fc.nat({ max: PLACES.length - 1 }));
const placeOf = (n: number | null) => (n === null ? null : PLACES[n]!);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        kind: fc.constant('add' as const),
        card: fc.nat({ max: cards.length - 1 }),
        quantity: fc.integer({ min: 1, max: 4 }),
        foil: fc.boolean(),
        quality: fc.nat({ max: 4 }),
        place,
      },
      { requiredKeys: ['kind', 'card', 'quantity', 'foil', 'quality'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      { kind: fc.constant('edit' as const), row: pick, quantity: fc.nat({ max: 5 }), place },
      { requiredKeys: ['kind', 'row', 'quantity'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('locate' as const), instock: fc.boolean(), place }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      lines: fc.array(
        fc.record(
          {
            card: fc.nat({ max: cards.length - 1 }),
            foil: fc.boolean(),
            quality: fc.nat({ max: 4 }),
            quantity: fc.integer({ min: 1, max: 3 }),
            price: fc.integer({ min: 10, max: 5000 }).map((c) => c / 100),
          },
          { requiredKeys: ['card', 'foil', 'quality', 'quantity'] },
        ),
        { minLength: 1, maxLength: 6 },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('order' as const), row: pick, quantity: fc.integer({ min: 1, max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), confirm: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteAll' as const }) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant('adminEdit' as const),
        row: pick,
        quantity: fc.nat({ max: 6 }),
        price: fc.option(fc.integer({ min: 1, max: 9999 }).map((c) => c / 100)),
      },
      { requiredKeys: ['kind', 'row'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminRemove' as const), row: pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('adminBulk' as const), percent: fc.integer({ min: -50, max: 50 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reprice' as const), percent: fc.integer({ min: -50, max: 50 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      card: fc.nat({ max: cards.length - 1 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      quality: fc.nat({ max: 4 }),
    }),
  },
);

describe(`the inventory read model follows every write path (${testEngine})`, () => {
  let server: TestServer;
  let admin: { token: string };

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    await catalog(server);
    admin = await platformStaff(server, 'superadmin');
  });
  afterAll(() => server.close());

  /** A new public shop: its Owner's token, its id and subdomain (the factory fails unless the save answers 200). */
  const publicShop = () => buildPublicShop(server);

  type Shop = Awaited<ReturnType<typeof publicShop>>;

  /** The shop's rows as SQL has them, in the list's order, shaped as the staff list shows them. */
  async function expected(shop: Shop) {
    const { pricing } = await server.ctx.db
      .selectFrom('shops')
      .select('pricing')
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    const rule = pricingRuleOf(pricing);
    const rows = [];
    for await (const batch of inventoryRepository.exportBatches(server.ctx.db, shop.id)) rows.push(...batch);
    return rows.map((r) => toStaffInventoryRow(r, rule));
  }

  /** Every page of a paged answer, concatenated. */
  async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; pages: number }>): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await fetchPage(page);
      items.push(...answer.items);
      if (page >= answer.pages) return items;
    }
  }

  async function expectAnswersTrue(shop: Shop, after: string) {
    const want = await expected(shop);
    const list = await allPages(async (page) => {
      // The spec's web client sends the list's token as the body field `Authorization`.
      const res = bodyOf(
        await call(server, 'inventoryList', { Authorization: shop.token, page: String(page), filter: '' }),
      );
      return { items: res.inventory, pages: res.total_pages };
    });
    expect(list, `staff list after ${after}`).toEqual(want);

    const search = await allPages(async (page) => {
      const { hits, total } = bodyOf(await api(server, shop).call('search', { q: '*', page: String(page) })).data;
      return { items: hits.map((h) => [h.id, h.quantity, h.price]), pages: Math.max(1, Math.ceil(total / 100)) };
    });
    expect(search, `live search after ${after}`).toEqual(want.map((r) => [r.inv_pkey, r.inv_quantity, r.price]));

    // The index answers quantity and location terms itself: copies in stock, and none; a binder, the box.
    type Row = (typeof want)[number];
    for (const [filter, keep] of [
      ['q>0', (r: Row) => r.inv_quantity > 0],
      ['q=0', (r: Row) => r.inv_quantity === 0],
      ['loc:binder', (r: Row) => r.inv_location.startsWith('Binder')],
      ['loc:"box a"', (r: Row) => r.inv_location === 'Box A-04'],
    ] as const) {
      const found = await allPages(async (page) => {
        const res = bodyOf(
          await call(server, 'inventoryList', { Authorization: shop.token, page: String(page), filter }),
        );
        return { items: res.inventory.map((r) => r.inv_pkey), pages: res.total_pages };
      });
      expect(found, `list "${filter}" after ${after}`).toEqual(want.filter((r) => keep(r)).map((r) => r.inv_pkey));
    }

    const storefront = await allPages(async (page) => {
      const res = bodyOf(await call(server, 'publicInventory', { subdomain: shop.subdomain, page: String(page) }));
      return { items: res.inventory.map((i) => [i.id, i.inv_quantity, i.price]), pages: res.total_pages };
    });
    expect(storefront, `storefront after ${after}`).toEqual(want.map((r) => [r.inv_pkey, r.inv_quantity, r.price]));
  }

  /** Applies one step through the API; a refusal (no such row, not enough stock) is a step that changed nothing. */
  async function apply(shop: Shop, s: Step): Promise<void> {
    const rows = await server.ctx.db
      .selectFrom('inventory')
      .select(['id', 'card_id', 'finish', 'quality', 'quantity'])
      .where('shop_id', '=', shop.id)
      .orderBy('id')
      .execute();
    const row = (n: number) => rows[n % Math.max(1, rows.length)];
    const owner = api(server, shop);
    const staff = api(server, admin);
    switch (s.kind) {
      case 'add':
        await owner.call('inventoryAdd', {
          scryfall_id: cards[s.card]!.id,
          quantity: s.quantity,
          foil: s.foil,
          quality: QUALITIES[s.quality],
          ...(s.place === undefined ? {} : { location: placeOf(s.place) }),
        });
        return;
      case 'edit': {
        const r = row(s.row);
        if (r)
          await owner.call('inventoryEdit', {
            scryfall_id: r.card_id,
            finish: r.finish,
            quality: r.quality,
            quantity: s.quantity,
            ...(s.place === undefined ? {} : { location: placeOf(s.place) }),
          });
        return;
      }
      case 'locate':
        await owner.call('inventoryLocate', { filter: s.instock ? 'q>0' : '', location: placeOf(s.place) });
        return;
      case 'import': {
        const text = LAYOUTS.cardstock.write(
          s.lines.map((l) => ({
            card: cards[l.card]!,
            finish: l.foil ? 'foil' : 'nonfoil',
            quality: QUALITIES[l.quality]!,
            quantity: l.quantity,
            ...(l.price === undefined ? {} : { price: l.price }),
          })),
        );
        const form = new FormData();
        form.set('token', shop.token);
        form.set('file', new Blob([text]), 'stock.csv');
        const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
        expect(res.status, await res.text()).toBe(200);
        return;
      }
      case 'order': {
        const r = row(s.row);
        if (r)
          await owner.call(
            'placeOrder',
            { items: [{ scryfall_id: r.card_id, finish: r.finish, quality: r.quality, quantity: s.quantity }] },
            { headers: { 'idempotency-key': randomUUID() } },
          );
        return;
      }
      case 'decide': {
        const order = bodyOf(await owner.call('pendingOrders')).data.orders.at(-1);
        if (order) await owner.call(s.confirm ? 'confirmOrder' : 'rejectOrder', { order_number: order.order_number });
        return;
      }
      case 'deleteAll':
        await owner.call('inventoryDeleteAll');
        return;
      case 'adminEdit': {
        const r = row(s.row);
        const body = {
          ...(s.quantity === undefined ? {} : { quantity: s.quantity }),
          ...(s.price === undefined ? {} : { asking_price: s.price }),
        };
        if (r && Object.keys(body).length) await staff.call('adminInventoryEdit', { id: r.id, ...body });
        return;
      }
      case 'adminRemove': {
        const r = row(s.row);
        if (r) await staff.call('adminInventoryDelete', { id: r.id });
        return;
      }
      case 'adminBulk':
        // Any percent from -50 to 50, most outside the contract's 10 or -10 (a refusal changes nothing): sent raw.
        await server.request(
          routes.adminInventoryBulkPrice.method,
          routes.adminInventoryBulkPrice.path,
          { percent: s.percent, store_id: shop.id },
          { authorization: `Bearer ${admin.token}` },
        );
        return;
      case 'reprice':
        // Every row's own price moved by a percentage (0 is refused: a step that changed nothing).
        await owner.call('inventoryReprice', { filter: '', action: 'percent', value: s.percent });
        return;
      case 'buy': {
        // Copies bought from a customer: a fixed offer so the shop wants them, then the accept puts them in stock.
        const card = cards[s.card]!;
        bodyOf(await owner.call('buylistCardSet', { scryfall_id: card.id, fixed_cash: 0.5, target_stock: 1000 }));
        const { buy_number } = bodyOf(
          await owner.call('buylistSubmit', {
            items: [{ scryfall_id: card.id, quality: QUALITIES[s.quality]!, quantity: s.quantity }],
          }),
        );
        bodyOf(await owner.call('buylistAccept', { buy_number, payout: 'cash' }));
        return;
      }
    }
  }

  it('keeps list, live search and storefront equal to SQL after each step of random write sequences', async () => {
    expect(cards).toHaveLength(12);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const shop = await publicShop();
        // Read first, so every write below meets an index and answers this process holds.
        await expectAnswersTrue(shop, 'nothing');
        for (const [i, s] of steps.entries()) {
          await apply(shop, s);
          await expectAnswersTrue(shop, `step ${i + 1} (${JSON.stringify(s)})`);
        }
      }),
      { numRuns: 12 },
    );
  });
});
