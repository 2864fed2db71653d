import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop, uniqueEmail } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { sampleCardLines, sharedFile } from '../../../test/shared-data.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { importCatalogFile } from '../catalog/catalog-import.ts';
import { parseInventoryCsv } from './csv-formats.ts';

type Shop = Awaited<ReturnType<typeof buildShop>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
type Json = any;

describe(`CSV import and export (${testEngine})`, () => {
  let server: TestServer;
  let catalogIds: Set<string>;

  async function upload(shop: Shop, file: Buffer | string, fields: Record<string, string> = {}, name = 'export.csv') {
    const form = new FormData();
    form.set('token', shop.token);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([file]), name);
    const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Json };
  }
  const inventory = async (shop: Shop) => {
    const res = await server.request('POST', '/api/search', { token: shop.token, q: '*' });
    return (res.body.data.hits as { scryfallId: string; finish: string; quality: string; quantity: number }[])
      .map((h) => `${h.scryfallId}|${h.finish}|${h.quality}|${h.quantity}`)
      .sort();
  };

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'csv-')), 'cards.ndjson');
    const lines = sampleCardLines(6000);
    fs.writeFileSync(file, lines.join('\n'));
    await importCatalogFile(server.ctx.db, file);
    catalogIds = new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id));
  });
  afterAll(() => server.close());

  it.each(['manabox_2026.csv', 'deckbox_2026.csv', 'moxfield_2026.csv', 'delverlens_scryfall.csv', 'manabox.csv'])(
    '%s imports each known printing with its finish, condition and quantity',
    async (name) => {
      const shop = await buildShop(server);
      const text = fs.readFileSync(sharedFile(`csv/${name}`));
      const expected = new Map<string, number>();
      for (const l of parseInventoryCsv(text.toString('utf8')).lines) {
        if (!l.scryfallId || !catalogIds.has(l.scryfallId)) continue;
        const key = `${l.scryfallId}|${l.finish}|${l.quality}`;
        expected.set(key, (expected.get(key) ?? 0) + l.quantity);
      }
      const dry = await upload(shop, text, { dry_run: 'true' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ dry_run: true, imported: false });
      expect(await inventory(shop)).toEqual([]);

      const refusedWithout = await upload(shop, text);
      const anyRefused = dry.body.refused.length > 0;
      expect(refusedWithout.status).toBe(anyRefused ? 422 : 200);
      if (anyRefused) {
        expect(refusedWithout.body.message).toBe(messages.inventoryServer.importRefused(dry.body.refused.length));
        expect(await inventory(shop)).toEqual([]);
      }
      const res = anyRefused ? await upload(shop, text, { accept_partial: 'true' }) : refusedWithout;
      expect(res.status).toBe(200);
      expect(res.body.imported).toBe(true);
      const rows = await inventory(shop);
      for (const [key, quantity] of expected) expect(rows).toContain(`${key}|${quantity}`);
    },
  );

  it('reports each bad line with its line number and reason, and imports nothing until told', async () => {
    const shop = await buildShop(server);
    const [bolt] = [...catalogIds];
    const csv = [
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price',
      `Good Card,,,${bolt},nonfoil,NM,2,`,
      'Nobody,zzz,999,,nonfoil,NM,1,',
      `Bad Quantity,,,${bolt},nonfoil,NM,abc,`,
      `Good Again,,,${bolt},nonfoil,LP,1,3.50`,
    ].join('\n');
    const dry = await upload(shop, csv, { dry_run: 'true' });
    expect(dry.body.refused.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    expect(dry.body.refused[0].reason).toBe('No printing found for "Nobody" set ZZZ #999.');
    expect(dry.body.refused[1].reason).toMatch(/Quantity "abc"/);
    expect(dry.body.message).toBe('2 lines can be imported; 2 cannot.');
    expect((await upload(shop, csv)).status).toBe(422);
    expect(await inventory(shop)).toEqual([]);
    const partial = await upload(shop, csv, { accept_partial: 'true' });
    expect(partial.body).toMatchObject({ imported: true, rows: 2, added: 2, merged: 0, copies: 3 });
    expect(await inventory(shop)).toEqual([`${bolt}|nonfoil|LP|1`, `${bolt}|nonfoil|NM|2`].sort());
    // Importing again adds to the same rows instead of duplicating them.
    const again = await upload(shop, csv, { accept_partial: 'true' });
    expect(again.body).toMatchObject({ added: 0, merged: 2 });
    expect(await inventory(shop)).toEqual([`${bolt}|nonfoil|LP|2`, `${bolt}|nonfoil|NM|4`].sort());
  });

  it('exports a CSV that imports back to the same inventory, asking prices included', async () => {
    const a = await buildShop(server);
    const text = fs.readFileSync(sharedFile('csv/delverlens_scryfall.csv'));
    expect((await upload(a, text, { accept_partial: 'true' })).status).toBe(200);
    const shopId = (
      await server.ctx.db.selectFrom('users').select('shop_id').where('email', '=', a.email).executeTakeFirstOrThrow()
    ).shop_id!;
    await server.ctx.db
      .updateTable('inventory')
      .set({ asking_price: 1234 })
      .where('shop_id', '=', shopId)
      .where('quality', '=', 'NM')
      .execute();

    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: a.token }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inventory_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await res.text();
    expect(csv.split('\n')[0]).toBe('Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price');
    expect(csv).toContain(',12.34');

    const b = await buildShop(server);
    const back = await upload(b, csv);
    expect(back.status).toBe(200);
    expect(back.body.format).toBe('cardstock');
    expect(await inventory(b)).toEqual(await inventory(a));
    const prices = await server.ctx.db
      .selectFrom('inventory')
      .innerJoin('users', 'users.shop_id', 'inventory.shop_id')
      .select(['inventory.asking_price'])
      .where('users.email', '=', b.email)
      .where('inventory.quality', '=', 'NM')
      .execute();
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p.asking_price).toBe(1234);
  });

  it('refuses a file that is not a known CSV, and a missing file, with the reason', async () => {
    const shop = await buildShop(server);
    const unknown = await upload(shop, 'Foo,Bar\n1,2\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/ManaBox/);
    const broken = await upload(
      shop,
      `Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n"Bolt,lea`,
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The file is not valid CSV: /);
    const empty = await upload(shop, '\n\n');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty.');
    const headerOnly = await upload(
      shop,
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n',
    );
    expect(headerOnly.status).toBe(200);
    expect(headerOnly.body).toMatchObject({ format: 'cardstock', rows: 0, refused: [] });
    const binary = await upload(shop, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    expect(binary.status).toBe(400);
    expect(binary.body.message).toBe(messages.inventoryServer.importNotCsv);
    const form = new FormData();
    form.set('token', shop.token);
    const none = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Json).message).toBe(messages.inventoryServer.importNoFile);
  });

  it('lets an Employee export but not import', async () => {
    const owner = await buildShop(server);
    const shopId = (
      await server.ctx.db
        .selectFrom('users')
        .select('shop_id')
        .where('email', '=', owner.email)
        .executeTakeFirstOrThrow()
    ).shop_id;
    const email = uniqueEmail('employee');
    await server.ctx.db
      .insertInto('users')
      .values({
        shop_id: shopId,
        email,
        password_hash: await hashPassword('employee pw'),
        role: 'Employee',
        created_at: new Date().toISOString(),
      })
      .execute();
    const token: string = (
      await server.request('POST', '/api/login', { email, password: 'employee pw', turnstileToken: 't' })
    ).body.token;
    const employee = { ...owner, token };
    const res = await upload(employee, 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price\n');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('An Employee cannot import inventory.');
    const exp = await server.request('POST', '/api/shop/inventory/export/csv', { auth_token: token });
    expect(exp.status).toBe(200);
  });
});
