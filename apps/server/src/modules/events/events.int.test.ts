import { eventStreamTimings, type ShopEvent } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../../../test/client.ts';
import { catalog, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';

type Card = { id: string; finishes: string[]; prices: { usd: string | null } };
const [card] = fixtureCardLines(3000)
  .map((l) => JSON.parse(l) as Card)
  .filter((c) => c.finishes.includes('nonfoil') && Number(c.prices.usd ?? 0) > 0.5) as [Card];

/** A stream of a server's `GET /api/events`, read as a browser's EventSource would: its events as they arrive. */
async function listen(server: TestServer, auth: { headers: Record<string, string> }) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/events`, { headers: auth.headers, signal: controller.signal });
  const events: (ShopEvent & { raw: string })[] = [];
  const head = { status: res.status, type: res.headers.get('content-type'), retry: undefined as number | undefined };
  const waiters: (() => void)[] = [];
  if (res.ok && res.body)
    void (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(chunk, { stream: true });
          let at: number;
          while ((at = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, at);
            buffered = buffered.slice(at + 2);
            const field = (name: string) =>
              block
                .split('\n')
                .find((line) => line.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            if (field('retry') !== undefined) head.retry = Number(field('retry'));
            const kind = field('event');
            if (kind)
              events.push({
                id: Number(field('id')),
                kind,
                data: JSON.parse(field('data')!),
                raw: block,
              } as ShopEvent & { raw: string });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // Aborted by the test.
      }
    })();
  return {
    head,
    events,
    /** Waits until `count` events have arrived (or fails after `withinMs`). */
    async until(count: number, withinMs = 3000) {
      const deadline = Date.now() + withinMs;
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${events.length} events of ${count} within ${withinMs} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events;
    },
    close: () => controller.abort(),
  };
}

const bearer = (shop: { token: string }) => ({ headers: { authorization: `Bearer ${shop.token}` } });

/**
 * A shop's events pushed as they happen (issue 41): a tablet's order heard by a staff screen connected to another
 * server within a second, a decision and a stock change, a reconnect that resumes after the last id it heard with
 * nothing missed, and only the listener's own shop.
 */
describe(`the shop’s events, pushed (${testEngine})`, () => {
  let one: TestServer;
  let two: TestServer;
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    one = await startServer({ RATE_LIMIT_SCALE: '1000' });
    // A second server on the same database, as behind a load balancer.
    two = await startServer({ RATE_LIMIT_SCALE: '1000', ...one.databaseEnv });
    await catalog(one, 3000);
    shop = await buildShop(one);
    other = await buildShop(one);
    for (const s of [shop, other])
      bodyOf(await api(one, s).call('inventoryAdd', { scryfall_id: card.id, quantity: 20, quality: 'NM' }));
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const order = (s: Shop) =>
    api(one, s).call('placeOrder', { items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }] });

  it('tells a screen on another server of an order placed, decided and the stock it took, within a second', async () => {
    const screen = await listen(two, bearer(shop));
    expect(screen.head).toMatchObject({ status: 200, type: 'text/event-stream; charset=utf-8' });
    // Another shop's orders are never heard here.
    bodyOf(await order(other));
    const placedAt = Date.now();
    const placed = bodyOf(await order(shop));
    const heard = await screen.until(2, 1000);
    expect(Date.now() - placedAt).toBeLessThan(1000);
    expect(screen.head.retry).toBe(eventStreamTimings.retryMs);
    // The order and the stock it took: one transaction, two events, in the order they were written.
    expect(heard.map((e) => e.kind)).toEqual(['order.placed', 'stock.changed']);
    expect(heard.find((e) => e.kind === 'order.placed')!.data).toEqual({
      order_number: placed.order_number,
      status: 'pending',
    });
    expect(heard[0]!.id).toBeLessThan(heard[1]!.id);
    expect(screen.events).toHaveLength(2);

    bodyOf(await api(one, shop).call('confirmOrder', { order_number: placed.order_number }));
    const [, , decided] = await screen.until(3);
    expect(decided).toMatchObject({
      kind: 'order.decided',
      data: { order_number: placed.order_number, status: 'confirmed' },
    });
    expect(decided!.raw).toBe(
      `id: ${decided!.id}\nevent: order.decided\ndata: {"order_number":"${placed.order_number}","status":"confirmed"}`,
    );
    screen.close();
  });

  it('tells a screen of a line ticked on a pick list elsewhere (order.picked), and not of a tick that changed nothing', async () => {
    const placed = bodyOf(await order(shop));
    const screen = await listen(two, bearer(shop));
    const mark = (picked: boolean) =>
      api(one, shop).call('pickMark', { order_number: placed.order_number, line: 1, picked });
    bodyOf(await mark(true));
    bodyOf(await mark(true));
    bodyOf(await mark(false));
    const heard = await screen.until(2, 1000);
    expect(heard.map((e) => [e.kind, e.data])).toEqual([
      ['order.picked', { order_number: placed.order_number, status: 'pending' }],
      ['order.picked', { order_number: placed.order_number, status: 'pending' }],
    ]);
    // The second tick changed nothing: no third event.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.events).toHaveLength(2);
    screen.close();
  });

  it('resumes a stream after the last event id it heard: what it missed first, nothing twice', async () => {
    const first = await listen(one, bearer(shop));
    const a = bodyOf(await order(shop));
    const [, lastHeard] = await first.until(2);
    first.close();
    // While it is away: two orders, one rejected.
    const b = bodyOf(await order(shop));
    const c = bodyOf(await order(shop));
    bodyOf(await api(one, shop).call('rejectOrder', { order_number: b.order_number }));
    const again = await listen(two, {
      headers: { ...bearer(shop).headers, 'last-event-id': String(lastHeard!.id) },
    });
    // Each order's placing and rejecting moved the stock too: six events, in the log's order.
    const missed = await again.until(6);
    expect(missed.map((e) => e.kind)).toEqual([
      'order.placed',
      'stock.changed',
      'order.placed',
      'stock.changed',
      'stock.changed',
      'order.decided',
    ]);
    const orders = missed.filter((e) => e.kind !== 'stock.changed').map((e) => [e.kind, e.data]);
    expect(orders).toEqual([
      ['order.placed', { order_number: b.order_number, status: 'pending' }],
      ['order.placed', { order_number: c.order_number, status: 'pending' }],
      ['order.decided', { order_number: b.order_number, status: 'rejected' }],
    ]);
    expect(missed.map((e) => e.id)).toEqual([...missed.map((e) => e.id)].sort((x, y) => x - y));
    expect(missed.every((e) => e.id > lastHeard!.id)).toBe(true);
    // Then on as it happens.
    bodyOf(await api(one, shop).call('confirmOrder', { order_number: a.order_number }));
    const next = (await again.until(7))[6]!;
    expect(next).toMatchObject({ kind: 'order.decided', data: { order_number: a.order_number } });
    again.close();
  });

  // PostgreSQL numbers an event when it is written, not when its transaction commits: one written first and committed
  // last must still be heard (SQLite writes one transaction at a time, in the order of its ids).
  it.runIf(testEngine === 'postgres')(
    'hears an event whose transaction committed after a newer one was heard',
    async () => {
      const screen = await listen(two, bearer(shop));
      const db = one.ctx.db;
      const event = (subject: string) => ({ shop_id: shop.id, kind: 'order.placed', subject, status: 'pending' });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const slow = db.transaction().execute(async (tx) => {
        await tx.insertInto('shop_events').values(event('SLOW-1')).execute();
        written();
        await gate;
      });
      await wrote;
      await db.insertInto('shop_events').values(event('FAST-1')).execute();
      await screen.until(1);
      // Reads go on past the newer event while the older one is still open.
      await new Promise((resolve) => setTimeout(resolve, 600));
      release();
      await slow;
      const [fast, late] = await screen.until(2);
      expect([fast!.data, late!.data]).toEqual([
        { order_number: 'FAST-1', status: 'pending' },
        { order_number: 'SLOW-1', status: 'pending' },
      ]);
      expect(late!.id).toBeLessThan(fast!.id);
      screen.close();
    },
  );

  it('signs a browser in by its session cookie, and refuses a stream without a session', async () => {
    const byCookie = await listen(one, {
      headers: { cookie: `other=1; auth_token=${encodeURIComponent(shop.token)}` },
    });
    expect(byCookie.head.status).toBe(200);
    bodyOf(await order(shop));
    await byCookie.until(2);
    byCookie.close();
    expect((await one.request('GET', '/api/events')).status).toBe(401);
    expect((await one.request('GET', '/api/events', undefined, { cookie: 'auth_token=nope' })).status).toBe(401);
  });
});
