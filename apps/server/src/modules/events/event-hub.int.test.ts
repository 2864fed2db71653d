import type { ShopEvent } from '@cardstock/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { EventHub } from './event-hub.ts';
import { eventsRepository } from './events.repository.ts';

const POLL_MS = 250;

/**
 * The hub on a real event log, its reads and its asking for the newest id in the test's hands: the timer's reads
 * happen when the test moves the (fake) interval on, and each `latestId` is answered when, and with what, the test
 * says. So the interleavings of listeners that connect at once, and of a hub that stops and starts again, are played
 * out exactly, on either engine.
 */
describe(`the event hub, listeners that connect at once (${testEngine})`, () => {
  let server: TestServer;
  let shopId: number;
  let otherShopId: number;
  let hub: EventHub;
  /** The newest id's questions, unanswered until the test answers them. */
  let asked: ((id: number) => void)[];
  let latestId: MockInstance<typeof eventsRepository.latestId>;
  const newest = eventsRepository.latestId.bind(eventsRepository);

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    shopId = (await buildShop(server)).id;
    otherShopId = (await buildShop(server)).id;
  });
  afterAll(() => server.close());

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    asked = [];
    latestId = vi
      .spyOn(eventsRepository, 'latestId')
      .mockImplementation(() => new Promise((resolve) => asked.push(resolve)));
    hub = new EventHub(server.ctx, POLL_MS);
  });
  afterEach(() => {
    hub.close();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  /** The log's newest id now, asked of the database itself. */
  const latest = () => newest(server.ctx.db);

  /** Writes `count` events of the shop (or another); answers their ids. */
  async function write(count: number, shop = shopId) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const row = await server.ctx.db
        .insertInto('shop_events')
        .values({ shop_id: shop, kind: 'order.placed', subject: `HUB-${i}`, status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return ids;
  }

  /** One read of the hub's, started by its timer, done. */
  async function read() {
    vi.advanceTimersByTime(POLL_MS);
    await (hub as unknown as { reading?: Promise<void> }).reading;
  }

  /** A listener of the shop, after `lastEventId` or from now: what it hears, each time it is handed events. */
  function listener(lastEventId?: number) {
    const handed: number[][] = [];
    const started = hub.listen(shopId, lastEventId, (events: ShopEvent[]) => handed.push(events.map((e) => e.id)));
    return {
      started,
      handed,
      get heard() {
        return handed.flat();
      },
    };
  }

  /** `count` listeners of the shop from now, all asked for at once. */
  const listeners = (count: number) => Array.from({ length: count }, () => listener());

  it('a newest id answered late, after reads moved on, never takes the hub back: nothing is heard twice', async () => {
    const all = listeners(5);
    const start = await latest();
    asked[0]!(start);
    await all[0]!.started;
    const first = await write(3);
    await read();
    expect(all[0]!.heard).toEqual(first);
    // The other listeners' answers come now, though their question was asked (and answered) before those events.
    for (const answer of asked.slice(1)) answer(start);
    await Promise.all(all.map((l) => l.started));
    const second = await write(2);
    await read();
    await read();
    for (const { heard } of all) expect(heard).toEqual([...first, ...second]);
    // One question for all of them, however many connect at once.
    expect(latestId).toHaveBeenCalledTimes(1);
  });

  it('a newest id answered late, before a read, never takes the hub on past events it has not read', async () => {
    const all = listeners(5);
    asked[0]!(await latest());
    await all[0]!.started;
    // Written after every listener asked to listen, not read yet: then the other listeners' newest id is theirs.
    const written = await write(3);
    const now = await latest();
    for (const answer of asked.slice(1)) answer(now);
    await Promise.all(all.map((l) => l.started));
    await read();
    await read();
    for (const { heard } of all) expect(heard).toEqual(written);
  });

  it('after the last listener left, the next ones start from the newest id again, and a late answer changes nothing', async () => {
    const [gone] = listeners(1);
    asked[0]!(await latest());
    const stop = await gone!.started;
    const before = await write(2);
    await read();
    expect(gone!.heard).toEqual(before);
    stop();
    // Written while nobody listens: nobody hears them.
    await write(2);
    const all = listeners(4);
    const start = await latest();
    // The question asked for the first of them (the hub's first since it stopped) is answered first.
    expect(asked.length).toBeGreaterThan(1);
    asked[1]!(start);
    await all[0]!.started;
    const first = await write(2);
    await read();
    for (const answer of asked.slice(2)) answer(start);
    await Promise.all(all.map((l) => l.started));
    const second = await write(2);
    await read();
    await read();
    for (const { heard } of all) expect(heard).toEqual([...first, ...second]);
    expect(gone!.heard).toEqual(before);
  });

  it('a read still under way when the last listener left changes nothing once others listen', async () => {
    const [gone] = listeners(1);
    asked[0]!(await latest());
    const stop = await gone!.started;
    // The hub's read asks the log now (nothing new yet) and is answered only when the test says.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const after = eventsRepository.after.bind(eventsRepository);
    vi.spyOn(eventsRepository, 'after').mockImplementationOnce((...args) => {
      const rows = after(...args);
      return answered.then(() => rows);
    });
    vi.advanceTimersByTime(POLL_MS);
    const reading = (hub as unknown as { reading?: Promise<void> }).reading;
    expect(reading).toBeDefined();
    await write(2);
    stop();
    const [first] = listeners(1);
    asked[1]!(await latest());
    await first!.started;
    answer();
    await reading;
    // Starts after the two written meanwhile, as the first did: they came before either listened.
    const [second] = listeners(1);
    await second!.started;
    const written = await write(2);
    await read();
    await read();
    expect(first!.heard).toEqual(written);
    expect(second!.heard).toEqual(written);
    expect(gone!.heard).toEqual([]);
  });

  it('hands a listener all it hears at once: one read’s events of its shop, or what it missed with what came meanwhile', async () => {
    const [live] = listeners(1);
    asked[0]!(await latest());
    await live!.started;
    const first = await write(3);
    await write(1, otherShopId);
    await read();
    expect(live!.handed).toEqual([first]);

    // A listener that reconnects after the first of them; another event comes while what it missed is being read.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const after = eventsRepository.after.bind(eventsRepository);
    vi.spyOn(eventsRepository, 'after').mockImplementationOnce((...args) => {
      const rows = after(...args);
      return answered.then(() => rows);
    });
    const back = listener(first[0]);
    const next = await write(1);
    await read();
    expect(live!.handed).toEqual([first, next]);
    expect(back.handed).toEqual([]);
    answer();
    await back.started;
    expect(back.handed).toEqual([[...first.slice(1), ...next]]);
  });
});
