import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError } from '../../../test/client.ts';
import { member, order, pricedCard, stock, testClock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/** Who changed what: the shop's audit log on the Activity screen (issue 21). */
describe(`activity (${testEngine})`, () => {
  let server: TestServer;
  const clock = testClock(new Date('2026-06-01T09:00:00Z'));
  // Steps of 10 hours: two of them stay within a session's 24 hours.
  const step = 10 * 3_600_000;
  let shop: Shop;
  let card: { id: string; name: string };
  let orderNumber: string;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' }, { clock });
    card = await pricedCard(server, 0);
    // 06-01 09:00 stock added; 19:00 a price set, an order placed and confirmed; 06-02 05:00 settings saved.
    shop = (await stock(server, undefined, [{ card: card.id, quantity: 4 }])).shop;
    const owner = api(server, shop);
    clock.advance(step);
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: card.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 4,
        asking_price: 3.5,
      }),
    );
    orderNumber = (await order(server, shop, [{ card: card.id, quantity: 1 }], { stocked: true })).orderNumber;
    bodyOf(await owner.call('confirmOrder', { order_number: orderNumber }));
    clock.advance(step);
    bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1 }));
  });
  afterAll(() => server.close());

  it('lists who changed what, newest first, with the card’s name', async () => {
    const answer = bodyOf(await api(server, shop).call('shopActivity', {}));
    expect(answer).toMatchObject({ total: 5, page: 1, pages: 1, actors: [shop.email] });
    expect(answer.entries.map((e) => [e.action, e.kind])).toEqual([
      ['settings.save', 'settings'],
      ['order.confirm', 'order'],
      ['order.place', 'order'],
      ['inventory.edit', 'inventory'],
      ['inventory.add', 'inventory'],
    ]);
    expect(answer.entries[3]).toMatchObject({
      actor: shop.email,
      subject: card.id,
      subject_name: card.name,
      detail: { finish: 'nonfoil', quality: 'NM', quantity: 4, asking_price: 350 },
      at: '2026-06-01T19:00:00.000Z',
    });
    expect(answer.entries[1]).toMatchObject({ subject: orderNumber, subject_name: null });
  });

  it('filters by kind, person and time', async () => {
    const owner = api(server, shop);
    const actions = async (body: Parameters<typeof owner.call<'shopActivity'>>[1]) =>
      bodyOf(await owner.call('shopActivity', body)).entries.map((e) => e.action);
    expect(await actions({ kind: 'inventory' })).toEqual(['inventory.edit', 'inventory.add']);
    expect(await actions({ kind: 'order' })).toEqual(['order.confirm', 'order.place']);
    expect(await actions({ kind: 'team' })).toEqual([]);
    expect(await actions({ actor: 'nobody@example.com' })).toEqual([]);
    expect(await actions({ actor: shop.email, kind: 'settings' })).toEqual(['settings.save']);
    // The evening of 06-01 only: from noon to midnight (the end is left out).
    expect(await actions({ from: '2026-06-01T12:00:00Z', to: '2026-06-02T00:00:00Z' })).toEqual([
      'order.confirm',
      'order.place',
      'inventory.edit',
    ]);
    // Another time zone's midnight is the same instant.
    expect(await actions({ from: '2026-06-02T02:00:00+02:00' })).toEqual(['settings.save']);
  });

  it('pages 50 at a time', async () => {
    const { shop: busy } = await stock(server, undefined, [{ card: card.id, quantity: 1 }]);
    const owner = api(server, busy);
    for (let quantity = 2; quantity <= 55; quantity++) {
      bodyOf(await owner.call('inventoryEdit', { scryfall_id: card.id, finish: 'nonfoil', quality: 'NM', quantity }));
    }
    const first = bodyOf(await owner.call('shopActivity', {}));
    expect(first).toMatchObject({ total: 55, page: 1, pages: 2 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.detail).toMatchObject({ quantity: 55 });
    const second = bodyOf(await owner.call('shopActivity', { page: 2 }));
    expect(second.entries.map((e) => [e.action, e.detail?.quantity])).toEqual([
      ['inventory.edit', 5],
      ['inventory.edit', 4],
      ['inventory.edit', 3],
      ['inventory.edit', 2],
      ['inventory.add', 1],
    ]);
    expect(bodyOf(await owner.call('shopActivity', { page: 3 })).entries).toEqual([]);
  });

  it('is for Owners and Managers, and each shop sees its own log only', async () => {
    const manager = await member(server, shop, 'Manager');
    expect(bodyOf(await api(server, manager).call('shopActivity', {})).total).toBe(5);
    for (const role of ['Employee', 'Watcher'] as const) {
      const res = await api(server, await member(server, shop, role)).call('shopActivity', {});
      expectError(res, 403);
    }
    const stranger = (await stock(server)).shop;
    const theirs = bodyOf(await api(server, stranger).call('shopActivity', { actor: shop.email }));
    expect(theirs).toMatchObject({ total: 0, entries: [] });
    expect(theirs.actors).toEqual([stranger.email]);
  });

  it('shows team changes under the team kind', async () => {
    const { shop: team } = await stock(server);
    const owner = api(server, team);
    const hire = await member(server, team, 'Employee');
    bodyOf(await owner.call('teamUpdateRole', { email: hire.email, role: 'Manager' }));
    bodyOf(await owner.call('teamRemove', { email: hire.email }));
    const entries = bodyOf(await owner.call('shopActivity', { kind: 'team' })).entries;
    expect(entries.map((e) => [e.action, e.subject, e.detail])).toEqual([
      ['team.remove', hire.email, { role: 'Manager' }],
      ['team.role', hire.email, { from: 'Employee', to: 'Manager' }],
    ]);
  });

  it('refuses a time span that ends before it starts, or a kind it does not know', async () => {
    const owner = api(server, shop);
    const backwards = await owner.call('shopActivity', { from: '2026-06-03T00:00:00Z', to: '2026-06-02T00:00:00Z' });
    expectError(backwards, 400);
    expect(backwards.body.message).toBe('to must be after from.');
    const unknown = await server.request('POST', '/api/shop/activity', { token: shop.token, kind: 'gossip' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^kind must be one of inventory, sealed, order/);
    const day = await server.request('POST', '/api/shop/activity', { token: shop.token, from: '2026-06-02' });
    expect(day.status).toBe(400);
    expect(day.body.message).toBe('from must be a date and time such as 2026-11-24T00:00:00Z.');
  });
});
