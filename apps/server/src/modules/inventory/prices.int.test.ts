import { defaultPricingRule, messages, movedByPercent, priceCents, type InventoryRow } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { catalog, member, platformStaff, pricedCard, publicShop, stock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/** The shop's price rules, as issue 21 asks: an asking price per row, bulk repricing, no sale without a price. */
describe(`prices the shop controls (${testEngine})`, () => {
  let server: TestServer;
  /** Air Elemental (LEA): no USD market price, so no price until the shop sets one. */
  let unpricedId: string;
  let priced: { id: string; name: string; usd: number };
  let other: { id: string; name: string; usd: number };

  const cents = (dollars: string | null) => Math.round(Number(dollars) * 100);
  /** What the default rule asks for a near-mint copy at this market price, in dollars. */
  const ruleDollars = (usdCents: number) =>
    priceCents({ askingCents: null, marketCents: usdCents, quality: 'NM', rule: defaultPricingRule })! / 100;

  async function rows(owner: Api, filter = ''): Promise<InventoryRow[]> {
    return bodyOf(await owner.call('inventoryList', { page: '1', filter })).inventory;
  }
  const rowOf = async (owner: Api, id: string) => (await rows(owner)).find((r) => r.card_scryfallid === id)!;
  const edit = (owner: Api, id: string, more: { quantity?: number; asking_price?: number | null | string } = {}) =>
    owner.call('inventoryEdit', {
      scryfall_id: id,
      finish: 'nonfoil',
      quality: 'NM',
      quantity: 4,
      ...(more as { asking_price?: number | null }),
    });

  /** A shop holding 4 NM of the priced card, the other priced card and the unpriced one. */
  async function stockedShop(): Promise<{ shop: Shop; owner: Api }> {
    const { shop } = await stock(server, undefined, [
      { card: priced.id, quantity: 4 },
      { card: other.id, quantity: 4 },
      { card: unpricedId, quantity: 4 },
    ]);
    return { shop, owner: api(server, shop) };
  }

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const cards = await catalog(server);
    unpricedId = cards.find((c) => c.name === 'Air Elemental' && c.set === 'lea')!.id;
    const a = await pricedCard(server, 0);
    const b = await pricedCard(server, 1);
    priced = { id: a.id, name: a.name, usd: cents(a.prices.usd) };
    other = { id: b.id, name: b.name, usd: cents(b.prices.usd) };
  });
  afterAll(() => server.close());

  describe('the asking price of a row', () => {
    it('is set, kept when left out, and cleared back to the pricing rule', async () => {
      const { owner } = await stockedShop();
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: null, price: ruleDollars(priced.usd) });

      bodyOf(await edit(owner, priced.id, { asking_price: 4.5 }));
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: 4.5, price: 4.5, inv_quantity: 4 });

      // The spec's payload (quantity only) keeps its meaning: the price stays.
      bodyOf(await edit(owner, priced.id, { quantity: 2 }));
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: 4.5, price: 4.5, inv_quantity: 2 });

      bodyOf(await edit(owner, priced.id, { asking_price: null }));
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: null, price: ruleDollars(priced.usd) });
    });

    it('gives a card without a market price a price; under a cent is no price (issue 38)', async () => {
      const { owner } = await stockedShop();
      expect(await rowOf(owner, unpricedId)).toMatchObject({ inv_asking_price: null, price: null });
      // $0 or a billionth of a dollar (stored as 0 before) would sell the card for $0.
      for (const asking_price of [0, 1e-9, 0.001]) {
        const res = await edit(owner, unpricedId, { asking_price });
        expectError(res, 400);
        expect(res.body.errors?.[0]?.field).toBe('asking_price');
      }
      expect(await rowOf(owner, unpricedId)).toMatchObject({ inv_asking_price: null, price: null });
      bodyOf(await edit(owner, unpricedId, { asking_price: 0.01 }));
      expect(await rowOf(owner, unpricedId)).toMatchObject({ inv_asking_price: 0.01, price: 0.01 });
    });

    it('refuses what is not a price, and changes nothing', async () => {
      const { owner } = await stockedShop();
      for (const [asking_price, message] of [
        [1.999, 'asking_price can have at most 2 decimals.'],
        [-1, 'asking_price cannot be negative.'],
        ['4.50', 'asking_price must be a number of dollars.'],
        [100_000.01, 'asking_price must be at most $100000.'],
      ] as const) {
        const res = await edit(owner, priced.id, { asking_price, quantity: 1 });
        expectError(res, 400);
        expect(res.body.errors).toEqual([{ field: 'asking_price', message }]);
      }
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: null, inv_quantity: 4 });
    });

    it('is written to the audit log with who set it', async () => {
      const { shop, owner } = await stockedShop();
      bodyOf(await edit(owner, priced.id, { asking_price: 7.25 }));
      const entry = await server.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('shop_id', '=', shop.id)
        .where('action', '=', 'inventory.edit')
        .executeTakeFirstOrThrow();
      expect(entry.actor).toBe(shop.email);
      expect(JSON.parse(entry.detail!)).toMatchObject({ quantity: 4, asking_price: 725 });
    });
  });

  describe('bulk repricing', () => {
    it('previews a percentage on the rows a search finds, writing nothing', async () => {
      const { owner } = await stockedShop();
      const before = await rows(owner);
      const preview = bodyOf(
        await owner.call('inventoryReprice', { filter: '', action: 'percent', value: 10, dry_run: true }),
      );
      expect(preview).toMatchObject({ changed: 2, matched: 3, unpriced: 1 });
      expect(preview.message).toBe(messages.inventoryServer.repricePreview(2, 3));
      const sample = preview.sample!.find((s) => s.card_name === priced.name)!;
      expect(sample.before).toBe(ruleDollars(priced.usd));
      expect(sample.after).toBe(movedByPercent(Math.round(ruleDollars(priced.usd) * 100), 10) / 100);
      expect(await rows(owner)).toEqual(before);
    });

    it('raises by a percentage only the rows the filter finds, into their asking price', async () => {
      const { owner } = await stockedShop();
      bodyOf(await edit(owner, other.id, { asking_price: 3 }));
      const answer = bodyOf(
        await owner.call('inventoryReprice', { filter: `!"${priced.name}"`, action: 'percent', value: 10 }),
      );
      expect(answer).toMatchObject({ changed: 1, matched: 1, message: messages.inventoryServer.repriced(1) });
      const raised = movedByPercent(Math.round(ruleDollars(priced.usd) * 100), 10) / 100;
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: raised, price: raised });
      expect(await rowOf(owner, other.id)).toMatchObject({ inv_asking_price: 3 });

      // Lower the whole inventory by 10 %: the unpriced row has nothing to lower and stays without a price.
      const lowered = bodyOf(await owner.call('inventoryReprice', { action: 'percent', value: -10 }));
      expect(lowered).toMatchObject({ changed: 2, unpriced: 1 });
      expect(await rowOf(owner, other.id)).toMatchObject({ inv_asking_price: 2.7 });
      expect(await rowOf(owner, unpricedId)).toMatchObject({ price: null });
    });

    it('sets one price and clears back to the rule, and every answer shows it at once', async () => {
      const { shop, owner } = await stockedShop();
      const { subdomain } = await publicShop(server, shop);
      const storefront = async () =>
        bodyOf(await api(server).call('publicInventory', { subdomain, page: '1' })).inventory;
      const searched = async () => bodyOf(await owner.call('search', { q: '*' })).data.hits;
      // Read every answer first, so a kept one would show if the reprice left it behind.
      await rows(owner);
      await storefront();
      await searched();

      const set = bodyOf(await owner.call('inventoryReprice', { action: 'set', value: 2.5 }));
      expect(set).toMatchObject({ changed: 3, matched: 3 });
      expect((await rows(owner)).map((r) => r.price)).toEqual([2.5, 2.5, 2.5]);
      expect((await searched()).map((h) => h.price)).toEqual([2.5, 2.5, 2.5]);
      expect((await storefront()).map((c) => c.price)).toEqual([2.5, 2.5, 2.5]);

      // The same price again changes nothing.
      expect(bodyOf(await owner.call('inventoryReprice', { action: 'set', value: 2.5 })).changed).toBe(0);

      const cleared = bodyOf(await owner.call('inventoryReprice', { action: 'clear' }));
      expect(cleared.changed).toBe(3);
      expect(await rowOf(owner, priced.id)).toMatchObject({ inv_asking_price: null, price: ruleDollars(priced.usd) });
      expect(await rowOf(owner, unpricedId)).toMatchObject({ inv_asking_price: null, price: null });
      expect((await storefront()).find((c) => c.card_scryfallid === unpricedId)?.price).toBeNull();
    });

    it('is for Owners and Managers, and writes one audit entry', async () => {
      const { shop, owner } = await stockedShop();
      for (const role of ['Employee', 'Watcher'] as const) {
        const someone = await member(server, shop, role);
        const res = await api(server, someone).call('inventoryReprice', { action: 'clear' });
        expectError(res, 403);
        expect(res.body.message).toBe(messages.access.forbidden(role, 'set or change prices'));
      }
      const manager = await member(server, shop, 'Manager');
      bodyOf(await api(server, manager).call('inventoryReprice', { action: 'set', value: 1 }));
      const entries = await server.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('shop_id', '=', shop.id)
        .where('action', '=', 'inventory.reprice')
        .execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]!.actor).toBe(manager.email);
      expect(JSON.parse(entries[0]!.detail!)).toEqual({ action: 'set', value: 1, changed: 3 });
      expect((await rows(owner)).every((r) => r.price === 1)).toBe(true);
    });

    it('never touches another shop', async () => {
      const first = await stockedShop();
      const second = await stockedShop();
      bodyOf(await second.owner.call('inventoryReprice', { action: 'set', value: 9 }));
      expect((await rows(first.owner)).some((r) => r.price === 9)).toBe(false);
    });

    it('refuses a reprice it cannot do, with a reason, and changes nothing', async () => {
      const { owner } = await stockedShop();
      const before = await rows(owner);
      const refused = [
        [{ action: 'double' }, 'action', 'action must be set, percent or clear.'],
        [{ action: 'set' }, 'value', 'value must be a number of dollars.'],
        [{ action: 'set', value: 1.234 }, 'value', 'value can have at most 2 decimals.'],
        [{ action: 'percent', value: 0 }, 'value', 'value must be the percentage to change prices by, e.g. 10 or -10.'],
        [{ action: 'percent', value: -95 }, 'value', 'value must be a percentage from -90 to 900.'],
      ] as const;
      for (const [input, field, message] of refused) {
        const res = await owner.call('inventoryReprice', input as never);
        expectError(res, 400);
        expect(res.body.errors, JSON.stringify(input)).toEqual([{ field, message }]);
      }
      const badTerm = await owner.call('inventoryReprice', { filter: 'usd>abc', action: 'clear' });
      expectError(badTerm, 400);
      expect(await rows(owner)).toEqual(before);
    });
  });

  describe('what the stock is worth', () => {
    it('adds price × copies of singles and sealed in hand, and counts what has no price apart', async () => {
      const { owner } = await stockedShop();
      bodyOf(await edit(owner, other.id, { asking_price: 3 }));
      bodyOf(
        await owner.call('sealedAdd', {
          name: 'Play Booster Box',
          category: 'Booster Box',
          price: 149.99,
          quantity: 2,
        }),
      );
      bodyOf(await owner.call('sealedAdd', { name: 'Unpriced Bundle', category: 'Bundle', price: 0, quantity: 5 }));
      bodyOf(await owner.call('sealedAdd', { name: 'Gone Bundle', category: 'Bundle', price: 50, quantity: 0 }));
      const singles = Math.round(ruleDollars(priced.usd) * 100) * 4 + 300 * 4;
      const value = bodyOf(await owner.call('statsInventoryValue')).data;
      expect(value).toEqual({
        singles_value: singles / 100,
        sealed_value: 299.98,
        total_value: (singles + 29_998) / 100,
        // Air Elemental (4 copies) and the $0 bundle (5 units).
        unpriced_rows: 2,
        unpriced_copies: 9,
      });

      // Sold out: nothing in hand to be worth anything.
      bodyOf(await edit(owner, other.id, { quantity: 0 }));
      expect(bodyOf(await owner.call('statsInventoryValue')).data.singles_value).toBe(
        Math.round(ruleDollars(priced.usd) * 100 * 4) / 100,
      );
    });
  });

  describe('an amount under half a cent is refused where it is typed, never stored as $0 (issue 38)', () => {
    it('a pricing rule that would price a condition or a language at 0 % is refused, and the old rule stays', async () => {
      const { owner } = await stockedShop();
      const save = (pricing: typeof defaultPricingRule) =>
        owner.call('settingsSave', { subdomain: '', shop_hidden: 1, pricing });
      const rule = { ...defaultPricingRule, language_percent: {} };
      for (const [pricing, field, message] of [
        [{ ...rule, condition_percent: { ...rule.condition_percent, D: 0 } }, 'D', 'D percentage must be at least 1'],
        [{ ...rule, language_percent: { ja: 0 } }, 'ja', 'A language percentage must be at least 1'],
      ] as const) {
        const res = await save(pricing);
        expectError(res, 400);
        expect(res.body.message).toContain(message);
        expect(JSON.stringify(res.body.errors)).toContain(field);
      }
      expect(bodyOf(await owner.call('settingsGet', {})).pricing.condition_percent.D).toBe(
        defaultPricingRule.condition_percent.D,
      );
      bodyOf(await save({ ...rule, condition_percent: { ...rule.condition_percent, D: 1 } }));
    });

    it('the admin area cannot set an asking price of $0 or a sliver of a cent', async () => {
      const { shop } = await stockedShop();
      const admin = api(server, await platformStaff(server, 'admin'));
      const items = bodyOf(await admin.call('adminInventory', { store_id: shop.id })).items;
      const item = items.find((i) => i.card_name === 'Air Elemental')!;
      for (const asking_price of [0, 1e-9, 0.004, 0.005 + 1e-9]) {
        const res = await admin.call('adminInventoryEdit', { id: item.id, asking_price });
        expectError(res, 400);
      }
      const after = bodyOf(await admin.call('adminInventory', { store_id: shop.id })).items.find(
        (i) => i.id === item.id,
      );
      expect(after).toMatchObject({ asking_price: null, price: null });
      expect(bodyOf(await admin.call('adminInventoryEdit', { id: item.id, asking_price: 0.01 })).item).toMatchObject({
        asking_price: 0.01,
      });
    });

    it('store credit given, taken or spent in slivers of a cent is refused, and the balance is untouched', async () => {
      const { owner } = await stockedShop();
      const { customer } = bodyOf(
        await owner.call('customersCreate', { customer: { name: 'Sliver Sam', phone: '555 010 2030' } }),
      );
      bodyOf(await owner.call('customersAdjust', { customer_id: customer.id, amount: 5, reason: 'Welcome' }));
      for (const amount of [1e-9, -1e-9, 0.001]) {
        const res = await owner.call('customersAdjust', { customer_id: customer.id, amount, reason: 'Sliver' });
        expectError(res, 400);
        expect(res.body.message).toBe('amount can have at most 2 decimals.');
      }
      const spend = await owner.call('placeOrder', {
        items: [{ scryfall_id: priced.id, quantity: 1 }],
        customer_id: customer.id,
        store_credit: 1e-9,
      });
      expectError(spend, 400);
      expect(spend.body.message).toBe('store_credit can have at most 2 decimals.');
      const got = bodyOf(await owner.call('customersGet', { customer_id: customer.id })).data;
      expect(got.customer.balance).toBe(5);
      expect(got.ledger).toHaveLength(1);
    });
  });

  describe('no sale without a price', () => {
    it('refuses an order holding a card with no price (422, naming it) and reserves nothing', async () => {
      const { owner } = await stockedShop();
      const res = await owner.call('placeOrder', {
        items: [
          { scryfall_id: priced.id, quantity: 1 },
          { scryfall_id: unpricedId, quantity: 2 },
        ],
      });
      expectError(res, 422);
      // The unpriced line is named by its place in the cart, so a cart can mark it.
      expect(res.body).toEqual({
        code: 'NO_PRICE',
        message: messages.ordersServer.noPrice(['Air Elemental']),
        errors: [{ field: 'items.1', message: messages.ordersServer.noPrice(['Air Elemental']) }],
      });
      expect((await rows(owner)).map((r) => r.inv_quantity)).toEqual([4, 4, 4]);
      expect(bodyOf(await owner.call('pendingOrders')).data.orders).toEqual([]);
    });

    it('refuses a row whose price is under a cent: a $0 asking price stored before issue 38 sells for nothing', async () => {
      const { shop, owner } = await stockedShop();
      // No route stores $0 any more: the row as an older server left it.
      await server.ctx.db
        .updateTable('inventory')
        .set({ asking_price: 0 })
        .where('shop_id', '=', shop.id)
        .where('card_id', '=', unpricedId)
        .execute();
      const res = await owner.call('placeOrder', { items: [{ scryfall_id: unpricedId, quantity: 1 }] });
      expectError(res, 422);
      expect(res.body).toEqual({
        code: 'NO_PRICE',
        message: messages.ordersServer.noPrice(['Air Elemental']),
        errors: [{ field: 'items.0', message: messages.ordersServer.noPrice(['Air Elemental']) }],
      });
      expect(bodyOf(await owner.call('pendingOrders')).data.orders).toEqual([]);
    });

    it('sells the card once the shop prices it, at that price', async () => {
      const { owner } = await stockedShop();
      bodyOf(await edit(owner, unpricedId, { asking_price: 12.5 }));
      const placed = bodyOf(await owner.call('placeOrder', { items: [{ scryfall_id: unpricedId, quantity: 2 }] }));
      const [pending] = bodyOf(await owner.call('pendingOrders')).data.orders;
      expect(pending).toMatchObject({ order_number: placed.order_number, total: 25 });
      expect(pending!.items[0]).toMatchObject({ price: 12.5, item_total: 25 });
    });

    it('leaves orders placed before a reprice at their prices', async () => {
      const { owner } = await stockedShop();
      bodyOf(await owner.call('placeOrder', { items: [{ scryfall_id: priced.id, quantity: 1 }] }));
      bodyOf(await owner.call('inventoryReprice', { action: 'set', value: 99 }));
      const [pending] = bodyOf(await owner.call('pendingOrders')).data.orders;
      expect(pending!.total).toBe(ruleDollars(priced.usd));
    });
  });
});
