import { expect } from 'vitest';
import { api, bodyOf } from './client.ts';
import { buildShop } from './factories.ts';
import type { TestServer } from './harness.ts';

type Shop = { token: string; email: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the import report is read as the test needs it
type Json = any;

/** Uploads a CSV file to the shop's import (multipart, as the Mass Upload dialog sends it). */
export async function uploadCsv(
  server: TestServer,
  shop: Shop,
  file: Buffer | string,
  fields: Record<string, string> = {},
  name = 'export.csv',
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.set('token', shop.token);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file]), name);
  const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Json };
}

/**
 * The shop's whole inventory as `id|finish|condition|count`, with `|language` after it when not English and
 * `|signed`, `|altered` for flagged rows, sorted: every page of the live search.
 */
export async function inventoryRows(server: TestServer, shop: Shop): Promise<string[]> {
  const rows: string[] = [];
  for (let page = 1; ; page++) {
    const { hits, total } = bodyOf(await api(server, shop).call('search', { q: '*', page: String(page) })).data;
    rows.push(
      ...hits.map(
        (h) =>
          `${h.scryfallId}|${h.finish}|${h.quality}|${h.quantity}${h.language === 'en' ? '' : `|${h.language}`}` +
          (h.signed ? '|signed' : '') +
          (h.altered ? '|altered' : ''),
      ),
    );
    if (hits.length === 0 || rows.length >= total) return rows.sort();
  }
}

/**
 * Gives shop `a`'s NM rows an asking price, exports its inventory as CSV and imports the file into a new shop:
 * the same rows, counts and prices must come back. Returns the new shop's rows.
 */
export async function expectExportRoundTrip(server: TestServer, a: Shop): Promise<string[]> {
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
  expect(csv.split('\n')[0]).toBe(
    'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price,Language,Signed,Altered,Kind,Category,UPC,Location',
  );
  expect(csv).toContain(',12.34');

  const b = await buildShop(server);
  const back = await uploadCsv(server, b, csv);
  expect(back.status).toBe(200);
  expect(back.body.format).toBe('cardstock');
  const rows = await inventoryRows(server, b);
  expect(rows).toEqual(await inventoryRows(server, a));
  const prices = await server.ctx.db
    .selectFrom('inventory')
    .innerJoin('users', 'users.shop_id', 'inventory.shop_id')
    .select(['inventory.asking_price'])
    .where('users.email', '=', b.email)
    .where('inventory.quality', '=', 'NM')
    .execute();
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) expect(p.asking_price).toBe(1234);
  return rows;
}
