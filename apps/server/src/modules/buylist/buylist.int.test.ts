import { defaultBuyRules, ZBuyOfferResponse } from '@cardstock/contract';
import type { FixtureCard } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk, type CallInput } from '../../../test/client.ts';
import { catalog, member, publicShop, shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { openDatabase } from '../../db/database.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { buylistRepository } from './buylist.repository.ts';

type Who = { token: string };
type Items = CallInput<'buylistOffer'>['items'];

describe(`buying from customers (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  const byRarity = (rarity: string, n = 0) =>
    cards.filter((c) => c.rarity === rarity && c.finishes.includes('nonfoil') && c.finishes.includes('foil'))[n]!;

  /**
   * Sets a printing's market prices (cents), so every offer below is worked out from known figures; as every write to
   * the catalog does, it moves the catalog's version, so what was kept of the old prices is not used again.
   */
  async function price(card: FixtureCard, nonfoil: number | null, foil: number | null = null) {
    await server.ctx.db
      .updateTable('cards')
      .set({ price_usd: nonfoil, price_usd_foil: foil })
      .where('id', '=', card.id)
      .execute();
    await catalogRepository.changed(server.ctx.db, new Date().toISOString());
  }
  const line = (card: FixtureCard, quantity: number, quality = 'NM', extra: Partial<Items[number]> = {}) => ({
    scryfall_id: card.id,
    quality,
    quantity,
    ...extra,
  });
  const offer = async (who: Who, items: Items) => bodyOf(await api(server, who).call('buylistOffer', { items })).data;
  const submit = (who: Who, input: Omit<CallInput<'buylistSubmit'>, 'token'>, headers: Record<string, string> = {}) =>
    api(server, who).call('buylistSubmit', input, { headers });
  const pending = async (who: Who) => bodyOf(await api(server, who).call('buylistPending')).data.buy_orders;
  const history = async (who: Who) => bodyOf(await api(server, who).call('buylistHistory')).data.buy_orders;
  const accept = (who: Who, buyNumber: string, payout: 'cash' | 'credit') =>
    api(server, who).call('buylistAccept', { buy_number: buyNumber, payout });
  const reject = (who: Who, buyNumber: string, reason?: string) =>
    api(server, who).call('buylistReject', { buy_number: buyNumber, reason });
  const setCard = (who: Who, input: Omit<CallInput<'buylistCardSet'>, 'token'>) =>
    api(server, who).call('buylistCardSet', input);
  const rules = async (who: Who) => bodyOf(await api(server, who).call('buylistRules')).data.rules;
  const saveRules = async (who: Who, change: Partial<Awaited<ReturnType<typeof rules>>>) =>
    bodyOf(await api(server, who).call('buylistRulesUpdate', { rules: { ...(await rules(who)), ...change } }));
  const rows = (shopId: number, card: FixtureCard) =>
    server.ctx.db
      .selectFrom('inventory')
      .select(['finish', 'quality', 'language', 'quantity', 'cost_cents'])
      .where('shop_id', '=', shopId)
      .where('card_id', '=', card.id)
      .orderBy('finish')
      .orderBy('quality')
      .execute();
  const ledger = (shopId: number) =>
    server.ctx.db.selectFrom('credit_ledger').selectAll().where('shop_id', '=', shopId).orderBy('id').execute();
  const customer = (shopId: number) =>
    server.ctx.db.selectFrom('customers').selectAll().where('shop_id', '=', shopId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    cards = await catalog(server, 3000);
  });
  afterAll(() => server.close());

  it('offers the market price’s cash and credit shares, by condition and language, rounded down to the step', async () => {
    const shop = await buildShop(server);
    const rare = byRarity('rare');
    await price(rare, 1000, 2013);
    const answer = await offer(shop, [
      line(rare, 1),
      line(rare, 1, 'LP'),
      line(rare, 1, 'HP', { finish: 'foil' }),
      line(rare, 1, 'NM', { language: 'ja' }),
    ]);
    // Defaults: cash 50 %, credit 65 %; LP 85 %, HP 50 %; rounded down to 5 cents.
    expect(answer.items.map((i) => [i.cash, i.credit, i.wanted, i.reason])).toEqual([
      [5, 6.5, 1, null],
      [4.25, 5.5, 1, null],
      [5, 6.5, 1, null],
      [5, 6.5, 1, null],
    ]);
    expect(answer.items[0]).toMatchObject({
      scryfall_id: rare.id,
      card_name: rare.name,
      set_code: rare.set.toUpperCase(),
      finish: 'nonfoil',
      quality: 'NM',
      language: 'en',
      quantity: 1,
      hotlist: false,
    });
    expect(answer.total_cash).toBe(19.25);
    expect(answer.total_credit).toBe(25);

    await saveRules(shop, { cash_percent: 40, credit_percent: 60, rounding_cents: 25, language_percent: { ja: 50 } });
    const ruled = await offer(shop, [line(rare, 1), line(rare, 1, 'NM', { language: 'ja' }), line(rare, 1, 'MP')]);
    expect(ruled.items.map((i) => [i.cash, i.credit])).toEqual([
      [4, 6],
      [2, 3],
      [2.75, 4],
    ]);
    // A new market price (a price refresh) is offered at once.
    await price(rare, 2000);
    expect((await offer(shop, [line(rare, 1)])).items[0]).toMatchObject({ cash: 8, credit: 12 });
  });

  it('buys hotlist cards at the higher share, honours fixed offers and not buying, and offers nothing without a price', async () => {
    const shop = await buildShop(server);
    const [hot, fixed, refused, unpriced] = [
      byRarity('rare', 1),
      byRarity('rare', 2),
      byRarity('rare', 3),
      byRarity('rare', 4),
    ];
    await price(hot, 1000);
    await price(fixed, 1000);
    await price(refused, 1000);
    await price(unpriced, null);
    expectOk(await setCard(shop, { scryfall_id: hot.id, hotlist: true }));
    expectOk(await setCard(shop, { scryfall_id: fixed.id, fixed_cash: 3, fixed_credit: 4.5 }));
    const saved = await setCard(shop, { scryfall_id: refused.id, not_buying: true });
    expectOk(saved);
    expect(saved.body.message).toBe(`${refused.name}: saved.`);
    expect(saved.body.card).toMatchObject({ not_buying: true, cash: 0, credit: 0, wanted: 0, held: 0 });

    const answer = await offer(shop, [
      line(hot, 1),
      line(fixed, 1),
      line(fixed, 1, 'LP'),
      line(refused, 2),
      line(unpriced, 1),
    ]);
    expect(answer.items.map((i) => [i.cash, i.credit, i.wanted, i.hotlist, i.reason])).toEqual([
      [6.5, 8, 1, true, null],
      [3, 4.5, 1, false, null],
      [2.55, 3.8, 1, false, null],
      [0, 0, 0, false, 'not_buying'],
      [0, 0, 0, false, 'no_price'],
    ]);
    // The route sends the JSON text the service wrote (JsonText): byte for byte its schema's, a name that JSON
    // escapes included.
    const odd = 'Jötun "Grunt" \\ ½';
    await server.ctx.db.updateTable('cards').set({ name: odd }).where('id', '=', unpriced.id).execute();
    await catalogRepository.changed(server.ctx.db, new Date().toISOString());
    const sent = await api(server, shop).call('buylistOffer', {
      items: [line(hot, 1), line(refused, 2), line(unpriced, 1)],
    });
    expect(sent.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(sent.text).toBe(JSON.stringify(ZBuyOfferResponse.parse(JSON.parse(sent.text))));
    expect(bodyOf(sent).data.items[2]).toMatchObject({ card_name: odd, quantity: 1, hotlist: false });
    await server.ctx.db.updateTable('cards').set({ name: unpriced.name }).where('id', '=', unpriced.id).execute();

    // Below the minimum offer: nothing.
    const cheap = byRarity('common', 7);
    await price(cheap, 10);
    expect((await offer(shop, [line(cheap, 3)])).items[0]).toMatchObject({
      cash: 0,
      wanted: 0,
      reason: 'below_minimum',
    });

    const list = bodyOf(await api(server, shop).call('buylistCards', { hotlist: true })).data;
    expect(list.cards.map((c) => c.scryfall_id)).toEqual([hot.id]);
    expect(list.cards[0]).toMatchObject({ hotlist: true, cash: 6.5, credit: 8, wanted: 8, target_stock: null });
    expect(bodyOf(await api(server, shop).call('buylistCards')).data.total).toBe(3);
    const removed = await api(server, shop).call('buylistCardRemove', { scryfall_id: fixed.id });
    expect(bodyOf(removed).message).toBe(`${fixed.name} follows the buy rules again.`);
    expect((await offer(shop, [line(fixed, 1)])).items[0]).toMatchObject({ cash: 5, credit: 6.5 });

    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await api(server, shop).call('buylistOffer', {
      items: [line(hot, 1), { ...line(hot, 1), scryfall_id: unknown }],
    });
    expectError(res, 404);
    expect(res.body.message).toBe(`${unknown} is not a known card.`);
  });

  it('follows the shop’s word and rules that another process writes, within a second', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 5);
    await price(card, 1000);
    expect((await offer(shop, [line(card, 1)])).items[0]).toMatchObject({ cash: 5, credit: 6.5, hotlist: false });

    // Another server writes as every writer does, through the repository (which moves the shop's buy version).
    const eventually = async (expected: Record<string, unknown>) => {
      const since = performance.now();
      let item: unknown;
      while (performance.now() - since < 1500) {
        item = (await offer(shop, [line(card, 1)])).items[0];
        if (Object.entries(expected).every(([k, v]) => (item as Record<string, unknown>)[k] === v)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(item).toMatchObject(expected);
    };
    const other = openDatabase(server.ctx.config.database);
    try {
      await buylistRepository.setCard(other.db, {
        shop_id: shop.id,
        card_id: card.id,
        fixed_cash_cents: 300,
        fixed_credit_cents: null,
        not_buying: 0,
        hotlist: 1,
        target_stock: null,
        updated_at: new Date().toISOString(),
      });
      await eventually({ cash: 3, credit: 8, hotlist: true });
      await buylistRepository.removeCard(other.db, shop.id, card.id);
      await buylistRepository.setRules(other.db, shop.id, JSON.stringify({ ...defaultBuyRules, cash_percent: 40 }));
      await eventually({ cash: 4, credit: 6.5, hotlist: false });
    } finally {
      await other.close();
    }
  });

  it('stops at the target stock, by rarity or per printing, counting copies held and earlier lines of the list', async () => {
    const shop = await buildShop(server);
    const rare = byRarity('rare', 5);
    const common = byRarity('common', 3);
    await price(rare, 800);
    await price(common, 100);
    // The rare's target is 8 by default; the shop holds 5 (every finish and condition counts).
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: rare.id, quantity: 3 }));
    bodyOf(
      await api(server, shop).call('inventoryAdd', { scryfall_id: rare.id, quantity: 2, foil: true, quality: 'LP' }),
    );
    const first = await offer(shop, [line(rare, 2), line(rare, 4, 'LP'), line(rare, 1)]);
    expect(first.items.map((i) => [i.wanted, i.reason])).toEqual([
      [2, null],
      [1, null],
      [0, 'target_reached'],
    ]);
    expect(first.total_cash).toBe((2 * 400 + 340) / 100);

    await saveRules(shop, { target_by_rarity: { rare: 20 } });
    expect((await offer(shop, [line(rare, 40)])).items[0]!.wanted).toBe(15);
    // No target for commons now: every copy is wanted.
    expect((await offer(shop, [line(common, 300)])).items[0]!.wanted).toBe(300);

    // A printing's own target wins over its rarity's.
    const set = bodyOf(await setCard(shop, { scryfall_id: rare.id, target_stock: 6 }));
    expect(set.card).toMatchObject({ target_stock: 6, held: 5, wanted: 1, cash: 4, credit: 5.2 });
    expect((await offer(shop, [line(rare, 3)])).items[0]).toMatchObject({ wanted: 1 });
    bodyOf(await setCard(shop, { scryfall_id: rare.id, target_stock: 5 }));
    expect((await offer(shop, [line(rare, 3)])).items[0]).toMatchObject({
      wanted: 0,
      reason: 'target_reached',
      cash: 0,
    });
  });

  it('lets a paired kiosk price and submit a sell list for a named customer, but not review or accept it', async () => {
    const shop = await buildShop(server);
    const card = byRarity('uncommon', 2);
    await price(card, 400);
    const { code } = bodyOf(
      await call(server, 'createDeviceCode', { auth_token: shop.token, device_name: 'Counter kiosk' }),
    ).data;
    const kiosk = { token: bodyOf(await call(server, 'pairDevice', { code, serial_number: 'TAB-B1' })).device_token };

    expect((await offer(kiosk, [line(card, 2)])).total_credit).toBe(5.2);
    const nameless = await submit(kiosk, { items: [line(card, 2)] });
    expectError(nameless, 400);
    expect(nameless.body.message).toBe('Give the seller’s name and an e-mail address or a phone number.');
    const placed = await submit(kiosk, {
      items: [line(card, 2)],
      customer: { name: 'Ada Seller', email: 'Ada@Example.com' },
    });
    expectOk(placed);
    expect(placed.body.buy_number).toMatch(/^B\d{8}-\d+-\d+-1$/);
    expect(placed.body.callout).toBe('1');
    expect(placed.body.message).toBe(`Sell list ${placed.body.buy_number} received.`);

    const [order] = await pending(shop);
    expect(order).toMatchObject({
      buy_number: placed.body.buy_number,
      status: 'pending',
      source: 'Counter kiosk',
      source_kind: 'device',
      customer: { name: 'Ada Seller', email: 'ada@example.com', balance: 0 },
      total_items: 2,
      total_cash: 4,
      total_credit: 5.2,
      payout: null,
      paid: null,
    });
    // The same e-mail again is the same customer.
    bodyOf(await submit(kiosk, { items: [line(card, 1)], customer: { name: 'Ada', email: 'ada@example.com' } }));
    expect((await pending(shop)).map((o) => [o.callout, o.customer?.id])).toEqual([
      ['1', order!.customer!.id],
      ['2', order!.customer!.id],
    ]);

    // Reviewing is staff work: a tablet's token is no staff session.
    for (const res of [
      await accept(kiosk, placed.body.buy_number, 'cash'),
      await api(server, kiosk).call('buylistPending'),
      await api(server, kiosk).call('buylistGrade', {
        buy_number: placed.body.buy_number,
        lines: [{ line_id: 1, quantity: 0 }],
      }),
    ])
      expectError(res, 401);

    // Ten sellers giving the same new e-mail at once: all their lists are taken, for one customer.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        submit(kiosk, { items: [line(card, 1)], customer: { name: 'Eve', email: 'eve@example.com' } }),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    const eves = await server.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('shop_id', '=', shop.id)
      .where('email', '=', 'eve@example.com')
      .execute();
    expect(eves).toHaveLength(1);
    expect((await pending(shop)).map((o) => o.status)).toEqual(Array<string>(12).fill('pending'));
  });

  it('grades a pending order (condition and copies), accepts it for store credit: stock with its cost, ledger, balance', async () => {
    const shop = await buildShop(server);
    const [a, b] = [byRarity('mythic', 0), byRarity('mythic', 1)];
    await price(a, 2000);
    await price(b, 1000);
    // 2 copies of `a` already held without a known cost.
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: a.id, quantity: 2 }));
    const placed = bodyOf(
      await submit(shop, {
        items: [line(a, 3), line(b, 2), line(b, 1, 'HP')],
        customer: { name: 'Bo Trader', phone: '+1 (555) 010-2000' },
      }),
    );
    expect((await offer(shop, [line(a, 9)])).items[0]!.wanted).toBe(4);
    const [order] = await pending(shop);
    expect(order).toMatchObject({ source: shop.email, source_kind: 'staff', total_items: 6 });
    // Mythics: target 6, held 2: 3 of `a` wanted.
    expect(order!.items.map((i) => [i.quantity, i.credit, i.wanted, i.graded])).toEqual([
      [3, 13, 3, false],
      [2, 6.5, 2, false],
      [1, 3.25, 1, false],
    ]);
    const [la, , lhp] = order!.items.map((i) => i.line_id) as [number, number, number];

    const graded = await api(server, shop).call('buylistGrade', {
      buy_number: placed.buy_number,
      lines: [
        { line_id: la, quality: 'LP' },
        { line_id: lhp, quantity: 0 },
      ],
    });
    expectOk(graded);
    expect(graded.body.message).toBe(`Buy order ${placed.buy_number} updated.`);
    expect(graded.body.buy_order.items.map((i) => [i.quality, i.quantity, i.credit, i.wanted, i.graded])).toEqual([
      ['LP', 3, 11.05, 3, true],
      ['NM', 2, 6.5, 2, false],
      ['HP', 0, 3.25, 0, true],
    ]);
    expect(graded.body.buy_order.total_credit).toBe((1105 * 3 + 1300) / 100);
    expect(graded.body.buy_order.total_items).toBe(5);
    const unknownLine = await api(server, shop).call('buylistGrade', {
      buy_number: placed.buy_number,
      lines: [{ line_id: 999_999, quantity: 1 }],
    });
    expectError(unknownLine, 404);
    expect(unknownLine.body.message).toBe('Line 999999 is not on this buy order.');

    const res = await accept(shop, placed.buy_number, 'credit');
    expectOk(res);
    const total = 1105 * 3 + 650 * 2;
    expect(res.body.message).toBe(
      `Buy order ${placed.buy_number} accepted: $${(total / 100).toFixed(2)} store credit added.`,
    );
    expect(res.body.buy_order).toMatchObject({
      status: 'accepted',
      payout: 'credit',
      paid: total / 100,
      decided_by: shop.email,
      customer: { name: 'Bo Trader', balance: total / 100 },
    });
    expect(await rows(shop.id, a)).toEqual([
      { finish: 'nonfoil', quality: 'LP', language: 'en', quantity: 3, cost_cents: 1105 },
      { finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 2, cost_cents: null },
    ]);
    expect(await rows(shop.id, b)).toEqual([
      { finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 2, cost_cents: 650 },
    ]);
    const entries = await ledger(shop.id);
    expect(entries).toMatchObject([
      {
        kind: 'trade_in',
        amount_cents: total,
        balance_after_cents: total,
        reference: placed.buy_number,
        actor: shop.email,
      },
    ]);
    expect((await customer(shop.id)).balance_cents).toBe(total);
    // The copies bought count towards the target at once: 5 of 6 mythics held now.
    expect((await offer(shop, [line(a, 3)])).items[0]!.wanted).toBe(1);
    expect(await pending(shop)).toEqual([]);
    expect((await history(shop)).map((o) => [o.buy_number, o.status, o.paid])).toEqual([
      [placed.buy_number, 'accepted', total / 100],
    ]);
    // The staff inventory shows what a copy cost.
    const list = bodyOf(await api(server, shop).call('inventoryList', { Authorization: shop.token, page: '1' }));
    expect(list.inventory.filter((r) => r.card_scryfallid === b.id).map((r) => r.inv_cost)).toEqual([6.5]);

    const again = await accept(shop, placed.buy_number, 'credit');
    expectError(again, 409);
    expect(again.body.message).toBe(`Buy order ${placed.buy_number} is no longer pending: it was accepted.`);
    expect(again.body.code).toBe('NOT_PENDING');
    expectError(await reject(shop, placed.buy_number), 409);
    expectError(
      await api(server, shop).call('buylistGrade', {
        buy_number: placed.buy_number,
        lines: [{ line_id: la, quantity: 1 }],
      }),
      409,
    );
  });

  it('accepts for cash, averaging the cost per copy with the stock’s, and records no credit', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 6);
    await price(card, 1000);
    await saveRules(shop, { target_by_rarity: {} });
    const first = bodyOf(await submit(shop, { items: [line(card, 2)] }));
    expect(bodyOf(await accept(shop, first.buy_number, 'cash')).message).toBe(
      `Buy order ${first.buy_number} accepted: pay $10.00 in cash.`,
    );
    await price(card, 2000);
    const second = bodyOf(await submit(shop, { items: [line(card, 1)] }));
    expect(bodyOf(await accept(shop, second.buy_number, 'cash')).buy_order).toMatchObject({ payout: 'cash', paid: 10 });
    // (2 × $5 + 1 × $10) / 3 copies.
    expect(await rows(shop.id, card)).toEqual([
      { finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 3, cost_cents: 667 },
    ]);
    expect(await ledger(shop.id)).toEqual([]);
    // Store credit needs a customer; nothing changes when it is refused.
    const third = bodyOf(await submit(shop, { items: [line(card, 1)] }));
    const refused = await accept(shop, third.buy_number, 'credit');
    expectError(refused, 409);
    expect(refused.body.message).toBe('Store credit needs a customer: add one to the buy order first.');
    // Not "decided elsewhere": the order is still pending, and a screen must not read it so.
    expect(refused.body.code).toBe('CONFLICT');
    expect((await pending(shop)).map((o) => o.status)).toEqual(['pending']);
    expect((await rows(shop.id, card))[0]!.quantity).toBe(3);
  });

  it('rejects a buy order with its reason and changes nothing; an order wanting nothing cannot be accepted', async () => {
    const shop = await buildShop(server);
    const card = byRarity('uncommon', 4);
    await price(card, 500);
    const placed = bodyOf(
      await submit(shop, { items: [line(card, 2)], customer: { name: 'Cy', email: 'cy@example.com' } }),
    );
    const res = await reject(shop, placed.buy_number, 'Cards were proxies');
    expectOk(res);
    expect(res.body.message).toBe(`Buy order ${placed.buy_number} rejected; nothing was bought.`);
    expect(res.body.buy_order).toMatchObject({
      status: 'rejected',
      reason: 'Cards were proxies',
      payout: null,
      paid: null,
    });
    expect(await rows(shop.id, card)).toEqual([]);
    expect(await ledger(shop.id)).toEqual([]);
    expectError(await accept(shop, placed.buy_number, 'cash'), 409);

    bodyOf(await setCard(shop, { scryfall_id: card.id, not_buying: true }));
    const unwanted = bodyOf(await submit(shop, { items: [line(card, 2)] }));
    const nothing = await accept(shop, unwanted.buy_number, 'cash');
    expectError(nothing, 409);
    expect(nothing.body.message).toBe('The shop buys none of these cards now: nothing to accept.');
    expect(nothing.body.code).toBe('CONFLICT');
    expect((await pending(shop)).map((o) => o.buy_number)).toEqual([unwanted.buy_number]);
    const unknown = await accept(shop, 'B20260101-1-1-99', 'cash');
    expectError(unknown, 404);
    expect(unknown.body.message).toBe('Buy order B20260101-1-1-99 was not found.');
  });

  it('lets an Employee take and accept up to the shop’s limit, a Manager past it; a Watcher only looks', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 7);
    await price(card, 10_000);
    await saveRules(shop, { employee_accept_limit_cents: 100_00 });
    const employee = await member(server, shop, 'Employee');
    const manager = await member(server, shop, 'Manager');
    const watcher = await member(server, shop, 'Watcher');
    // $50 cash a copy: 2 copies are within $100, 3 are not.
    const small = bodyOf(await submit(employee, { items: [line(card, 2)] }));
    const big = bodyOf(await submit(employee, { items: [line(card, 3)] }));
    const over = await accept(employee, big.buy_number, 'cash');
    expectError(over, 403);
    expect(over.body.message).toBe(
      'An Employee can accept buy orders up to $100.00: ask an Owner or a Manager to accept this one.',
    );
    expectOk(await accept(employee, small.buy_number, 'cash'));
    expectOk(await accept(manager, big.buy_number, 'cash'));

    expect((await history(watcher)).length).toBe(2);
    expect(await rules(watcher)).toMatchObject({ employee_accept_limit_cents: 100_00 });
    const third = bodyOf(await submit(shop, { items: [line(card, 1)] }));
    for (const res of [
      await accept(watcher, third.buy_number, 'cash'),
      await reject(watcher, third.buy_number),
      await submit(watcher, { items: [line(card, 1)] }),
      await api(server, employee).call('buylistRulesUpdate', { rules: await rules(shop) }),
      await setCard(employee, { scryfall_id: card.id, hotlist: true }),
    ])
      expectError(res, 403);
  });

  it('counts an Employee’s accepts over a rolling 24 hours: split sell lists add up until a day has passed (issue 38)', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 9);
    await price(card, 10_000);
    await saveRules(shop, { employee_accept_limit_cents: 100_00 });
    const employee = await member(server, shop, 'Employee');
    const manager = await member(server, shop, 'Manager');
    // $50 cash a copy: two sell lists of one copy reach $100, a third is over the day's limit.
    const lists = [];
    for (let i = 0; i < 4; i++) lists.push(bodyOf(await submit(employee, { items: [line(card, 1)] })).buy_number);
    expectOk(await accept(employee, lists[0]!, 'cash'));
    expectOk(await accept(employee, lists[1]!, 'cash'));
    const over = await accept(employee, lists[2]!, 'cash');
    expectError(over, 403);
    expect(over.body.message).toBe(
      'An Employee can accept buy orders up to $100.00 in 24 hours and you have accepted $100.00: ask an Owner or a Manager to accept this one.',
    );
    expect((await pending(shop)).map((o) => o.buy_number).sort()).toEqual([lists[2], lists[3]].sort());
    // A Manager is not limited, and what they accept is not the Employee's.
    expectOk(await accept(manager, lists[2]!, 'cash'));
    expectError(await accept(employee, lists[3]!, 'cash'), 403);
    // A day later the first two no longer count.
    await server.ctx.db
      .updateTable('buy_orders')
      .set({ decided_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('buy_number', 'in', [lists[0]!, lists[1]!])
      .execute();
    expectOk(await accept(employee, lists[3]!, 'cash'));
  });

  it('limits what Employees credit one customer in 24 hours, and an Employee does not confirm an order paid with credit they granted', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 10);
    await price(card, 10_000);
    await saveRules(shop, { employee_accept_limit_cents: 100_00 });
    const [first, second] = [await member(server, shop, 'Employee'), await member(server, shop, 'Employee')];
    const manager = await member(server, shop, 'Manager');
    const seller = { name: 'Split Seller', email: 'split@example.com' };
    // $65 credit a copy: one Employee credits $65, a second Employee's $65 for the same customer is over $100.
    const a = bodyOf(await submit(first, { items: [line(card, 1)], customer: seller })).buy_number;
    const b = bodyOf(await submit(second, { items: [line(card, 1)], customer: seller })).buy_number;
    expectOk(await accept(first, a, 'credit'));
    const over = await accept(second, b, 'credit');
    expectError(over, 403);
    expect(over.body.message).toBe(
      'Employees can accept up to $100.00 for one customer in 24 hours and $65.00 was accepted for this customer: ask an Owner or a Manager to accept this one.',
    );
    const buyer = await customer(shop.id);
    expect(buyer.balance_cents).toBe(65_00);

    // The first Employee spends the credit they granted on an order: they cannot confirm it, a Manager can.
    const place = async (who: Who) =>
      bodyOf(
        await api(server, who).call('placeOrder', {
          items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }],
          customer_id: buyer.id,
          store_credit: 65,
        }),
      ).order_number;
    const spent = await place(first);
    const refused = await api(server, first).call('confirmOrder', { order_number: spent });
    expectError(refused, 403);
    expect(refused.body.message).toBe(
      `Order ${spent} is paid with store credit you granted in the last 24 hours: an Owner or a Manager must confirm it.`,
    );
    const still = await server.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('order_number', '=', spent)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
    expectOk(await api(server, manager).call('confirmOrder', { order_number: spent }));
  });

  it('keeps an Employee within the day’s limit when they accept many sell lists at once', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 11);
    await price(card, 10_000);
    await saveRules(shop, { employee_accept_limit_cents: 100_00 });
    const employee = await member(server, shop, 'Employee');
    const lists = [];
    for (let i = 0; i < 6; i++) lists.push(bodyOf(await submit(employee, { items: [line(card, 1)] })).buy_number);
    const results = await Promise.all(lists.map((n) => accept(employee, n, 'cash')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
    const paid = await server.ctx.db
      .selectFrom('buy_orders')
      .select('paid_cents')
      .where('shop_id', '=', shop.id)
      .where('status', '=', 'accepted')
      .execute();
    expect(paid.reduce((n, r) => n + Number(r.paid_cents), 0)).toBe(100_00);
  });

  it('pays once when 50 staff accept the same buy order at once: one answer 200, one ledger entry, stock added once', async () => {
    const shop = await buildShop(server);
    const card = byRarity('rare', 8);
    await price(card, 1000);
    const placed = bodyOf(
      await submit(shop, { items: [line(card, 4)], customer: { name: 'Race', email: 'race@example.com' } }),
    );
    const results = await Promise.all(Array.from({ length: 50 }, () => accept(shop, placed.buy_number, 'credit')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await ledger(shop.id)).toHaveLength(1);
    expect((await customer(shop.id)).balance_cents).toBe(4 * 650);
    expect(await rows(shop.id, card)).toEqual([
      { finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 4, cost_cents: 650 },
    ]);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('shop_id', '=', shop.id)
      .where('action', '=', 'buylist.accept')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail ?? '{}')).toMatchObject({ payout: 'credit', amount_cents: 2600, copies: 4 });
  });

  it('answers a retried submit with the same Idempotency-Key with the first buy order, and refuses another list', async () => {
    const shop = await buildShop(server);
    const card = byRarity('common', 9);
    await price(card, 300);
    const headers = { 'idempotency-key': 'kiosk-sell-1' };
    const raced = await Promise.all(Array.from({ length: 5 }, () => submit(shop, { items: [line(card, 2)] }, headers)));
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(raced.map((r) => bodyOf(r).buy_number)).size).toBe(1);
    expect(await pending(shop)).toHaveLength(1);
    const other = await submit(shop, { items: [line(card, 3)] }, headers);
    expectError(other, 422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('keeps shops apart: another shop neither sees nor decides these buy orders, nor names these customers', async () => {
    const shop = await buildShop(server);
    const other = await buildShop(server);
    const card = byRarity('uncommon', 6);
    await price(card, 500);
    const placed = bodyOf(
      await submit(shop, { items: [line(card, 1)], customer: { name: 'Di', email: 'di@example.com' } }),
    );
    const customerId = (await pending(shop))[0]!.customer!.id;
    expect(await pending(other)).toEqual([]);
    expect(await history(other)).toEqual([]);
    expectError(await accept(other, placed.buy_number, 'cash'), 404);
    expectError(await reject(other, placed.buy_number), 404);
    expectError(
      await api(server, other).call('buylistGrade', {
        buy_number: placed.buy_number,
        lines: [{ line_id: 1, quantity: 0 }],
      }),
      404,
    );
    const foreign = await submit(other, { items: [line(card, 1)], customer_id: customerId });
    expectError(foreign, 404);
    expect(foreign.body.message).toBe('That customer was not found.');
    // Staff of the shop may name their customer by id.
    const own = bodyOf(await submit(shop, { items: [line(card, 1)], customer_id: customerId }));
    expect((await pending(shop)).find((o) => o.buy_number === own.buy_number)!.customer!.id).toBe(customerId);
    expect((await pending(shop)).map((o) => o.status)).toEqual(['pending', 'pending']);
  });

  it('shows a public shop’s hotlist with its offers on the "We buy" page; a private shop is not found', async () => {
    const owner = await publicShop(server);
    const [hot, cold] = [byRarity('mythic', 3), byRarity('mythic', 4)];
    await price(hot, 3000);
    await price(cold, 3000);
    bodyOf(await setCard(owner, { scryfall_id: hot.id, hotlist: true }));
    bodyOf(await setCard(owner, { scryfall_id: cold.id, fixed_cash: 1 }));
    const page = await call(server, 'publicBuylist', { subdomain: owner.subdomain });
    expectOk(page);
    expect(page.body).toMatchObject({
      shop_name: owner.shopName,
      cash_percent: 50,
      credit_percent: 65,
      total: 1,
      page: 1,
      total_pages: 1,
      hotlist: [{ scryfall_id: hot.id, card_name: hot.name, cash: 19.5, credit: 24, wanted: 6 }],
    });
    bodyOf(await api(server, owner).call('settingsSave', { subdomain: owner.subdomain, shop_hidden: 1 }));
    expectError(await call(server, 'publicBuylist', { subdomain: owner.subdomain }), 404);
    expectError(await call(server, 'publicBuylist', { subdomain: 'no-such-shop' }), 404);
  });

  it('documents every buylist route in the OpenAPI document, with its request fields', async () => {
    const res = await server.request('GET', '/api/docs/json');
    const paths = res.body.paths as Record<string, { post?: { tags?: string[]; requestBody?: unknown } }>;
    const documented = Object.entries(paths)
      .filter(([path, p]) => p.post?.tags?.includes('buylist') && path.includes('/buylist'))
      .map(([path]) => path)
      .sort();
    expect(documented).toEqual(
      [
        '/api/buylist/offer',
        '/api/buylist/submit',
        '/api/buylist/pending',
        '/api/buylist/history',
        '/api/buylist/grade',
        '/api/buylist/accept',
        '/api/buylist/reject',
        '/api/buylist/rules',
        '/api/buylist/rules/update',
        '/api/buylist/cards',
        '/api/buylist/cards/set',
        '/api/buylist/cards/remove',
        '/api/public/shop/buylist',
      ].sort(),
    );
    const offer = paths['/api/buylist/offer']!.post!.requestBody as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(offer.content['application/json'].schema.properties)).toEqual(['token', 'items']);
  });

  it('writes submitting, grading, accepting, rejecting, rules and card settings to the audit log', async () => {
    // The Activity screen's "Buying" kind shows them.
    const shop = await buildShop(server);
    await saveRules(shop, { cash_percent: 45 });
    const activity = bodyOf(await api(server, shop).call('shopActivity', { kind: 'buylist' }));
    expect(activity.entries.map((e) => [e.action, e.kind])).toEqual([['buylist.rules', 'buylist']]);

    const actions = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'buylist.%')
      .execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set([
        'buylist.submit',
        'buylist.grade',
        'buylist.accept',
        'buylist.reject',
        'buylist.rules',
        'buylist.card',
        'buylist.card.remove',
      ]),
    );
  });
});
