import { sql } from 'kysely';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import {
  catalog,
  member as addMember,
  order,
  platformStaff,
  shop as buildShop,
  stock,
  type Shop,
} from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';

describe(`an Owner downloads all of the shop’s data (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let other: Shop;
  const cards = fixtureCardLines(40).map(
    (l) => JSON.parse(l) as { id: string; finishes: string[]; prices: { usd: string | null } },
  );
  // Priced printings: an order of a card without a price is refused (422).
  const nonfoil = cards.filter((c) => c.finishes.includes('nonfoil') && Number(c.prices.usd) > 0);
  // The route takes no body: the client sends the token as `Authorization: Bearer`.
  const exportOf = (token: string) => api(server, token).call('shopExport');

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await catalog(server, 40);
    shop = await buildShop(server, { shop_name: 'Exporting Emporium' });
    other = await buildShop(server, { shop_name: 'Somebody Else' });
    await stock(server, shop, [
      { card: nonfoil[0]!.id, quantity: 3 },
      { card: nonfoil[1]!.id, quantity: 3 },
    ]);
    await stock(server, other, [{ card: nonfoil[2]!.id, quantity: 3 }]);
    // The order factory fails the setup unless the order is placed (200), as the check here did.
    await order(server, shop, [{ card: nonfoil[0]!.id, quantity: 1, finish: 'nonfoil' }], { stocked: true });
    await call(server, 'createDeviceCode', { auth_token: shop.token, device_name: 'Till' });
    // Bought from a customer for store credit, with the shop's word on the printing.
    const seller = api(server, shop);
    bodyOf(await seller.call('buylistCardSet', { scryfall_id: nonfoil[1]!.id, fixed_cash: 1, fixed_credit: 2 }));
    const sold = bodyOf(
      await seller.call('buylistSubmit', {
        items: [{ scryfall_id: nonfoil[1]!.id, quality: 'NM', quantity: 1 }],
        customer: { name: 'Carla Customer', email: 'carla@example.com' },
      }),
    );
    bodyOf(await seller.call('buylistAccept', { buy_number: sold.buy_number, payout: 'credit' }));
  });
  afterAll(() => server.close());

  it('answers one JSON file with the shop, its team, stock, orders and devices, and no secrets', async () => {
    const res = await exportOf(shop.token);
    expectOk(res);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cardstock-shop-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.body;
    expect(data.format).toBe('cardstock-shop-export/1');
    expect(data.shop?.name).toBe('Exporting Emporium');
    expect(data.users.map((u) => u.email)).toEqual([shop.email]);
    expect(data.inventory.map((r) => r.card_id).sort()).toEqual([nonfoil[0]!.id, nonfoil[1]!.id].sort());
    expect(data.orders).toHaveLength(1);
    expect(data.order_lines).toHaveLength(1);
    expect(data.device_codes).toHaveLength(1);
    expect(data.audit_log.length).toBeGreaterThan(0);
    expect(data.customers?.map((c) => c.email)).toEqual(['carla@example.com']);
    expect(data.credit_ledger?.map((e) => e.amount_cents)).toEqual([200]);
    expect(data.buy_cards?.map((c) => c.card_id)).toEqual([nonfoil[1]!.id]);
    expect(data.buy_orders?.map((o) => o.status)).toEqual(['accepted']);
    expect(data.buy_lines).toHaveLength(1);
    expect(res.text).not.toMatch(/password_hash|token_hash/);
    expect(res.text).not.toContain('Somebody Else');
    expect(res.text).not.toContain(nonfoil[2]!.id);
  });

  it('is for the Owner alone', async () => {
    const manager = await addMember(server, shop, 'Manager');
    const res = await exportOf(manager.token);
    expectError(res, 403);
    expect(res.body.message).toBe('A Manager cannot download all of the shop’s data.');
    expect((await exportOf('nonsense')).status).toBe(401);
  });

  it('is deleted with everything of it by platform staff who type its name, and nothing of it remains', async () => {
    const markers = ['Exporting Emporium', shop.email, 'Till', 'a very particular feedback', 'carla@example.com'];
    await api(server, shop).call('feedback', { feedback_text: markers[3]! });
    const member = await addMember(server, shop, 'Employee');
    markers.push(member.email);
    await call(server, 'forgotPassword', { email: shop.email });
    const { code } = bodyOf(
      await call(server, 'createDeviceCode', { auth_token: shop.token, device_name: 'Door' }),
    ).data;
    const tablet = bodyOf(await call(server, 'pairDevice', { code, serial_number: 'TAB-DOOR' })).device_token;
    const id = bodyOf(await exportOf(shop.token)).shop?.id as number;
    /** Every row of every table but the catalog, as text. */
    const everything = async () => {
      const tables = (await server.ctx.db.introspection.getTables()).filter((t) => t.name !== 'cards');
      const dump: string[] = [];
      for (const t of tables)
        dump.push(JSON.stringify((await sql`select * from ${sql.table(t.name)}`.execute(server.ctx.db)).rows));
      return { tables, text: dump.join('\n') };
    };
    for (const marker of markers) expect((await everything()).text).toContain(marker);

    const staff = await platformStaff(server, 'admin');
    const remove = (confirm_name: string, token = staff.token) =>
      api(server, token).call('adminStoreDelete', { id, confirm_name });
    const wrong = await remove('Exporting');
    expectError(wrong, 400);
    expect(wrong.body.message).toBe('The name typed does not match the shop’s name: nothing was deleted.');
    expect((await exportOf(shop.token)).status).toBe(200);
    const byOwner = await remove('Exporting Emporium', shop.token);
    expect(byOwner.status).toBe(403);

    const done = await remove(' Exporting Emporium ');
    expectOk(done);
    expect(done.body.message).toMatch(/^Exporting Emporium and everything of it/);
    const after = await everything();
    for (const marker of markers) expect(after.text, `${marker} is still stored`).not.toContain(marker);
    for (const table of after.tables.filter((t) => t.columns.some((c) => c.name === 'shop_id'))) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table.name)} where shop_id = ${id}`.execute(server.ctx.db);
      expect(Number(rows[0]!.n), `${table.name} still has rows of shop ${id}`).toBe(0);
    }
    expect((await exportOf(shop.token)).status).toBe(401);
    // A tablet of the deleted shop is told, in its own words, that it is paired with no shop.
    const orphan = await api(server, tablet).call('deviceSession');
    expectError(orphan, 401);
    expect(orphan.body).toEqual({ message: messages.devicesServer.unknownToken, code: 'UNAUTHORIZED' });
    // The other shop is untouched.
    expect(bodyOf(await exportOf(other.token)).inventory).toHaveLength(1);
  });
});
