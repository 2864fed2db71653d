import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectOk } from '../../../test/client.ts';
import { pricedCard, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { killHard, spawnServer } from '../../../test/process.ts';

const STOCK = 5000;
const CLIENTS = 40;

describe(`order placement under load, server killed with SIGKILL (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let card: { id: string };

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100000' });
    // A printing with a price: an order of a card without one is refused (422), never placed at $0.
    card = await pricedCard(server);
    shop = await buildShop(server);
    expectOk(await api(server, shop).call('inventoryAdd', { scryfall_id: card.id, quantity: STOCK }));
  });
  afterAll(() => server.close());

  const place = (url: string, key: string) =>
    fetch(`${url}/api/device/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ token: shop.token, items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }] }),
    });

  it('keeps every acknowledged order exactly once, the stock equal to what the orders took, and the database whole', async () => {
    const first = await spawnServer(server.databaseEnv);
    const acknowledged = new Map<string, string>();
    const attempted: string[] = [];
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const key = `tablet-${n}-order-${i}`;
        attempted.push(key);
        try {
          const res = await place(first.url, key);
          if (res.status === 200) acknowledged.set(key, ((await res.json()) as { order_number: string }).order_number);
        } catch {
          return; // the server is gone: this request was never answered
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    while (acknowledged.size < 300) await new Promise((r) => setTimeout(r, 10));
    await killHard(first.child);
    stop = true;
    await load;

    const orders = await server.ctx.db
      .selectFrom('orders')
      .select(['order_number', 'idempotency_key'])
      .where('status', '=', 'pending')
      .execute();
    const byNumber = new Map(orders.map((o) => [o.order_number, o.idempotency_key]));
    // Every order a client was told about is there, once, under the key it was placed with.
    expect(orders.length).toBe(byNumber.size);
    for (const [key, number] of acknowledged) expect(byNumber.get(number)).toBe(key);
    // Orders the kill cut off are there whole or not at all: stock and lines agree.
    const stockNow = async () =>
      (
        await server.ctx.db
          .selectFrom('inventory')
          .select('quantity')
          .where('card_id', '=', card.id)
          .executeTakeFirstOrThrow()
      ).quantity;
    const taken = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('order_lines')
            .select((eb) => eb.fn.sum<number>('quantity').as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await stockNow()).toBe(STOCK - (await taken()));
    expect(await taken()).toBe(orders.length);
    if (testEngine === 'sqlite') {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(server.ctx.db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    }

    // The tablets retry what was never answered, with the same keys: each order exists once.
    const again = await spawnServer(server.databaseEnv);
    try {
      const unanswered = attempted.filter((key) => !acknowledged.has(key));
      for (const key of unanswered) expect((await place(again.url, key)).status).toBe(200);
      for (const [key, number] of acknowledged) {
        const retried = await place(again.url, key);
        expect(((await retried.json()) as { order_number: string }).order_number).toBe(number);
      }
    } finally {
      await killHard(again.child);
    }
    const keys = await server.ctx.db.selectFrom('orders').select('idempotency_key').execute();
    expect(keys.length).toBe(new Set(attempted).size);
    expect(new Set(keys.map((k) => k.idempotency_key))).toEqual(new Set(attempted));
    expect(await stockNow()).toBe(STOCK - keys.length);
  }, 120_000);
});
