import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addPlatformStaff, buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from '../catalog/catalog-import.ts';

describe(`an Owner downloads all of the shop’s data (${testEngine})`, () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof buildShop>>;
  let other: Awaited<ReturnType<typeof buildShop>>;
  const cards = fixtureCardLines(40).map((l) => JSON.parse(l) as { id: string; finishes: string[] });
  const nonfoil = cards.filter((c) => c.finishes.includes('nonfoil'));
  const exportOf = (token: string) =>
    server.request('GET', '/api/shop/export', undefined, { authorization: `Bearer ${token}` });

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(40).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    shop = await buildShop(server, { shop_name: 'Exporting Emporium' });
    other = await buildShop(server, { shop_name: 'Somebody Else' });
    for (const [owner, card] of [
      [shop, nonfoil[0]!],
      [shop, nonfoil[1]!],
      [other, nonfoil[2]!],
    ] as const) {
      await server.request('POST', '/api/shop/inventory/add', {
        token: owner.token,
        scryfall_id: card.id,
        quantity: 3,
      });
    }
    const order = await server.request('POST', '/api/device/order', {
      token: shop.token,
      items: [{ scryfall_id: nonfoil[0]!.id, finish: 'nonfoil', quantity: 1 }],
    });
    expect(order.status, order.text).toBe(200);
    await server.request('POST', '/api/user/create_code', { auth_token: shop.token, device_name: 'Till' });
  });
  afterAll(() => server.close());

  it('answers one JSON file with the shop, its team, stock, orders and devices, and no secrets', async () => {
    const res = await exportOf(shop.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cardstock-shop-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.body;
    expect(data.format).toBe('cardstock-shop-export/1');
    expect(data.shop.name).toBe('Exporting Emporium');
    expect(data.users.map((u: { email: string }) => u.email)).toEqual([shop.email]);
    expect(data.inventory.map((r: { card_id: string }) => r.card_id).sort()).toEqual(
      [nonfoil[0]!.id, nonfoil[1]!.id].sort(),
    );
    expect(data.orders).toHaveLength(1);
    expect(data.order_lines).toHaveLength(1);
    expect(data.device_codes).toHaveLength(1);
    expect(data.audit_log.length).toBeGreaterThan(0);
    expect(res.text).not.toMatch(/password_hash|token_hash/);
    expect(res.text).not.toContain('Somebody Else');
    expect(res.text).not.toContain(nonfoil[2]!.id);
  });

  it('is for the Owner alone', async () => {
    const manager = await addMember(server, shop.email, 'Manager');
    const res = await exportOf(manager.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('A Manager cannot download all of the shop’s data.');
    expect((await exportOf('nonsense')).status).toBe(401);
  });

  it('is deleted with everything of it by platform staff who type its name, and nothing of it remains', async () => {
    const markers = ['Exporting Emporium', shop.email, 'Till', 'a very particular feedback'];
    await server.request('POST', '/api/feedback', { token: shop.token, feedback_text: markers[3] });
    const member = await addMember(server, shop.email, 'Employee');
    markers.push(member.email);
    await server.request('POST', `/api/forgot-password?email=${encodeURIComponent(shop.email)}`);
    const id = (await exportOf(shop.token)).body.shop.id as number;
    /** Every row of every table but the catalog, as text. */
    const everything = async () => {
      const tables = (await server.ctx.db.introspection.getTables()).filter((t) => t.name !== 'cards');
      const dump: string[] = [];
      for (const t of tables)
        dump.push(JSON.stringify((await sql`select * from ${sql.table(t.name)}`.execute(server.ctx.db)).rows));
      return { tables, text: dump.join('\n') };
    };
    for (const marker of markers) expect((await everything()).text).toContain(marker);

    const staff = await addPlatformStaff(server, 'admin');
    const remove = (confirm_name: string) =>
      server.request('DELETE', `/api/admin/stores/${id}`, { confirm_name }, { authorization: `Bearer ${staff.token}` });
    const wrong = await remove('Exporting');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The name typed does not match the shop’s name: nothing was deleted.');
    expect((await exportOf(shop.token)).status).toBe(200);
    const byOwner = await server.request(
      'DELETE',
      `/api/admin/stores/${id}`,
      { confirm_name: 'Exporting Emporium' },
      {
        authorization: `Bearer ${shop.token}`,
      },
    );
    expect(byOwner.status).toBe(403);

    const done = await remove(' Exporting Emporium ');
    expect(done.status, done.text).toBe(200);
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
    // The other shop is untouched.
    expect((await exportOf(other.token)).body.inventory).toHaveLength(1);
  });
});
