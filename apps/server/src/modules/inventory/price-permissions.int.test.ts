import { messages, priceFieldRoutes, type RouteName } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { member, pricedCard, stock } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Issue 38: who may set a price (DESIGN §5 "set a price": Owner, Manager), what a price is (at least a cent), and
 * reprices that all apply when they run at once.
 */
describe(`who sets a price, and what a price is (${testEngine})`, () => {
  let server: TestServer;
  let card: { id: string };

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    card = await pricedCard(server, 0);
  });
  afterAll(() => server.close());

  /** A shop with 4 NM of the card at $5.00 and a $100.00 booster box (4 of them), and its Owner. */
  async function pricedShop() {
    const { shop } = await stock(server, undefined, [{ card: card.id, quantity: 4 }]);
    const owner = api(server, shop);
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: card.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 4,
        asking_price: 5,
      }),
    );
    const box = bodyOf(
      await owner.call('sealedAdd', { name: 'Play Booster Box', category: 'Booster Box', price: 100, quantity: 4 }),
    ).item;
    return { shop, owner, boxId: box.id };
  }

  /** One call per price-carrying route, with `price` in its price field: every route of the list must be here. */
  const priceCall: Record<
    (typeof priceFieldRoutes)[number]['route'],
    (client: Api, boxId: number, price: number) => ReturnType<Api['call']>
  > = {
    inventoryAdd: (c, _b, price) => c.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, asking_price: price }),
    inventoryEdit: (c, _b, price) =>
      c.call('inventoryEdit', {
        scryfall_id: card.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 3,
        asking_price: price,
      }),
    sealedAdd: (c, _b, price) =>
      c.call('sealedAdd', { name: 'Play Booster Box', category: 'Booster Box', price, quantity: 1 }),
    sealedEdit: (c, id, price) =>
      c.call('sealedEdit', {
        id,
        name: 'Play Booster Box',
        category: 'Booster Box',
        set_code: null,
        price,
        quantity: 3,
      }),
  };
  const prices = async (owner: Api) => ({
    card: bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).inventory[0]!.inv_asking_price,
    box: bodyOf(await owner.call('sealedList', { page: 1, filter: '' })).sealed[0]!.price,
  });

  it('lists every price-carrying route with a call (the list beside the route table)', () => {
    expect(priceFieldRoutes.map((r) => r.route).sort()).toEqual(Object.keys(priceCall).sort());
    for (const { route } of priceFieldRoutes)
      expect(['inventoryAdd', 'inventoryEdit', 'sealedAdd', 'sealedEdit']).toContain(route satisfies RouteName);
  });

  for (const { route } of priceFieldRoutes) {
    for (const role of ['Owner', 'Manager', 'Employee', 'Watcher'] as const) {
      const may = role === 'Owner' || role === 'Manager';
      it(`${route}: ${may ? 'lets' : 'refuses'} a price change by ${role === 'Owner' ? 'the' : 'a'} ${role}`, async () => {
        const { shop, owner, boxId } = await pricedShop();
        const caller = role === 'Owner' ? owner : api(server, await member(server, shop, role));
        const res = await priceCall[route](caller, boxId, 1);
        if (may) {
          bodyOf(res);
          const after = await prices(owner);
          expect(route.startsWith('sealed') ? after.box : after.card).toBe(1);
          return;
        }
        expectError(res, 403);
        expect(res.body.message).toBe(
          messages.access.forbidden(role, role === 'Watcher' ? 'add or edit inventory' : 'set or change prices'),
        );
        expect(await prices(owner)).toEqual({ card: 5, box: 100 });
      });
    }
  }

  it('lets an Employee send the stored price back unchanged with a quantity fix (old clients resend every field)', async () => {
    const { shop, owner, boxId } = await pricedShop();
    const employee = api(server, await member(server, shop, 'Employee'));
    bodyOf(await priceCall.inventoryEdit(employee, boxId, 5));
    bodyOf(await priceCall.sealedEdit(employee, boxId, 100));
    bodyOf(await priceCall.sealedAdd(employee, boxId, 100));
    bodyOf(await priceCall.inventoryAdd(employee, boxId, 5));
    // Quantities only: the edit set 3, the add one more; the box 3 plus 1.
    expect(bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).inventory[0]).toMatchObject({
      inv_quantity: 4,
      inv_asking_price: 5,
    });
    expect(bodyOf(await owner.call('sealedList', { page: 1, filter: '' })).sealed[0]).toMatchObject({
      quantity: 4,
      price: 100,
    });
    // A new sealed product needs a price: that is a price change.
    const res = await employee.call('sealedAdd', { name: 'Bundle', category: 'Bundle', price: 40, quantity: 1 });
    expectError(res, 403);
  });

  it('adds copies with an asking price in one call (the Add dialog)', async () => {
    const { shop } = await stock(server, undefined, [{ card: card.id, quantity: 1 }]);
    const owner = api(server, shop);
    bodyOf(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 2, foil: false, asking_price: 7.25 }));
    expect(bodyOf(await owner.call('inventoryList', { page: '1', filter: '' })).inventory[0]).toMatchObject({
      inv_quantity: 3,
      inv_asking_price: 7.25,
      price: 7.25,
    });
    const res = await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, asking_price: 1e-9 });
    expectError(res, 400);
  });

  it('refuses prices under a cent: sealed 1e-9 and a reprice that would bring rows under $0.01', async () => {
    const { owner } = await pricedShop();
    const sealed = await owner.call('sealedAdd', { name: 'Dust', category: 'Bundle', price: 1e-9, quantity: 1 });
    expectError(sealed, 400);
    expect(sealed.body.errors?.[0]?.message).toBe(messages.sealed.priceUnderCent);
    const set = await owner.call('inventoryReprice', { action: 'set', value: 0 });
    expectError(set, 400);
    bodyOf(await owner.call('inventoryReprice', { action: 'set', value: 0.04 }));
    for (const dry_run of [true, false]) {
      const res = await owner.call('inventoryReprice', { action: 'percent', value: -90, dry_run });
      expectError(res, 400);
      expect(res.body.message).toBe(messages.inventoryServer.repriceUnderCent(1));
    }
    expect((await prices(owner)).card).toBe(0.04);
  });

  it('applies every one of 10 concurrent +10% reprices, compounded a cent-rounded step at a time', async () => {
    const { owner } = await pricedShop();
    bodyOf(await owner.call('inventoryReprice', { action: 'set', value: 1 }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => owner.call('inventoryReprice', { action: 'percent', value: 10 })),
    );
    for (const res of answers) expect(bodyOf(res).changed).toBe(1);
    let cents = 100;
    for (let i = 0; i < 10; i++) cents = Math.round((cents * 110) / 100);
    expect((await prices(owner)).card).toBe(cents / 100);
  });
});
