// The push channel's budgets (issue 41, decision 039): an order placed through one server heard by staff screens
// connected to another within a second, and what thousands of idle streams cost a server. Streams are read with
// node:http as a staff screen's EventSource reads them: `GET /api/events`, the shop's token as a Bearer header, each
// event's `event:` and `data:` lines.
import http from 'node:http';
import type { OrderEventData } from '@cardstock/contract';
import { pool } from './orders.ts';
import { rssMb } from './soak.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Streams opened at once: each batch is answered before the next is asked for. */
const batchSize = 200;

/** Open streams of `GET /api/events`: how many the server ended before they were closed here, and how to close them. */
interface Streams {
  count: number;
  dropped(): number;
  close(): void;
}

/**
 * Opens `count` streams of the shop's events, each on a connection of its own as each staff screen's is, `batchSize`
 * at a time, each answered 200 before the next batch. `onEvent` is handed each event's stream (0 to count − 1), name
 * and data text as they arrive.
 */
async function openStreams(
  url: string,
  token: string,
  count: number,
  onEvent?: (stream: number, kind: string, data: string) => void,
): Promise<Streams> {
  const requests: http.ClientRequest[] = [];
  let closing = false;
  let dropped = 0;
  const open = (stream: number) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${url}/api/events`,
        { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            req.destroy();
            reject(new Error(`GET /api/events answered ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          let buffered = '';
          res.on('data', (chunk: string) => {
            if (!onEvent) return;
            buffered += chunk;
            let at: number;
            // One event a block, blocks apart by an empty line, as the server frames it: `id:`, `event:`, `data:`
            // (the `retry:` line and keep-alive comments have no `event:`). Read by index: the 500 screens of
            // push-fanout hear 25,000 events a second, and this process shares the machine with the servers.
            let from = 0;
            while ((at = buffered.indexOf('\n\n', from)) >= 0) {
              const kindAt = buffered.indexOf('event: ', from);
              if (kindAt >= 0 && kindAt < at) {
                const kindEnd = buffered.indexOf('\n', kindAt);
                const dataAt = buffered.indexOf('data: ', kindEnd);
                if (dataAt >= 0 && dataAt < at)
                  onEvent(stream, buffered.slice(kindAt + 7, kindEnd), buffered.slice(dataAt + 6, at));
              }
              from = at + 2;
            }
            buffered = buffered.slice(from);
          });
          res.on('error', () => undefined);
          res.on('close', () => {
            if (!closing) dropped++;
          });
          resolve();
        },
      );
      req.on('error', (err) => {
        if (!closing) reject(err);
      });
      requests.push(req);
    });
  const streams: Streams = {
    count,
    dropped: () => dropped,
    close: () => {
      closing = true;
      for (const req of requests) req.destroy();
    },
  };
  try {
    for (let from = 0; from < count; from += batchSize) {
      const batch: Promise<void>[] = [];
      for (let i = from; i < Math.min(count, from + batchSize); i++) batch.push(open(i));
      await Promise.all(batch);
    }
  } catch (err) {
    streams.close();
    throw err;
  }
  return streams;
}

/** The value below which `share` of the sorted `values` lie (0 for none). */
function percentile(sorted: Float64Array, share: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! : 0;
}

/**
 * A server's resident memory (VmRSS, MB) once it has settled: left idle ten seconds first (V8 gives back memory it no
 * longer needs only after a few idle seconds), then looked at every half second until six looks in a row lie within
 * 2 MB (or 30 s more have passed): their median.
 */
async function settledRssMb(pid: number): Promise<number> {
  await sleep(10_000);
  const looks: number[] = [];
  const deadline = performance.now() + 30_000;
  for (;;) {
    looks.push(rssMb(pid));
    const last = looks.slice(-6).sort((a, b) => a - b);
    if (last.length === 6 && (last[5]! - last[0]! <= 2 || performance.now() > deadline)) {
      console.log(`  the server's resident memory, MB, a look every 0.5 s: ${looks.map(Math.round).join(' ')}`);
      return (last[2]! + last[3]!) / 2;
    }
    await sleep(500);
  }
}

/**
 * The server's V8 heap in use and its memory outside the heap (buffers, sockets' native state), MB, from its
 * Prometheus `/metrics`: where resident memory's growth went, or why it did not show (the streams' objects can fill
 * heap pages the warm-up left free).
 */
async function heapMb(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 2 ** 20);
  return `heap used ${mb('nodejs_heap_size_used_bytes')} MB of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB`;
}

/** What push-fanout measured. */
export interface PushFanout {
  streams: number;
  orders: number;
  /** From the first order's sending to the last order's answer. */
  seconds: number;
  delivered: number;
  expected: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
}

/** Places one order of one copy of `card` with the shop's token, as a tablet does: its number. */
async function placeOrder(url: string, token: string, card: string): Promise<string> {
  const res = await fetch(`${url}/api/device/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, items: [{ scryfall_id: card, finish: 'nonfoil', quantity: 1 }] }),
  });
  if (!res.ok) throw new Error(`POST /api/device/order answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { order_number: string }).order_number;
}

/**
 * Places orders through `url` at `perSecond`, evenly spaced, for `seconds` (an open loop: each is sent at its time
 * whether the ones before were answered or not): each order's number, the time its request was sent and the time
 * its answer came. Each number is added to `placed` as it is answered, so the orders can be rejected even when some
 * were refused.
 */
async function placeOrders(
  url: string,
  token: string,
  card: string,
  { perSecond, seconds }: { perSecond: number; seconds: number },
  placed: string[],
): Promise<{ sent: Map<string, { at: number; answeredAt: number }>; seconds: number }> {
  const sent = new Map<string, { at: number; answeredAt: number }>();
  const answers: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await sleep(wait);
    const at = performance.now();
    answers.push(
      placeOrder(url, token, card).then((orderNumber) => {
        placed.push(orderNumber);
        sent.set(orderNumber, { at, answeredAt: performance.now() });
      }),
    );
  }
  const settled = await Promise.allSettled(answers);
  const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed.length) throw new Error(`${failed.length} orders refused; the first: ${String(failed[0]!.reason)}`);
  return { sent, seconds: (performance.now() - started) / 1000 };
}

/**
 * Issue 41's first budget: `streams` staff screens listen on the server at `listenUrl` while a tablet places orders
 * on the one at `placeUrl` (the same database) at `perSecond` for `seconds`. For each order and each screen, the time
 * from sending the order's request to the screen hearing its `order.placed`; every screen must hear every order.
 * Two seconds of orders first warm both servers up and are not counted. The screens are closed after, and every order
 * placed here is rejected, so the shop's stock and pending queue are as they were.
 */
export async function pushFanout(
  placeUrl: string,
  listenUrl: string,
  token: string,
  card: string,
  { streams = 500, perSecond = 50, seconds = 20 } = {},
): Promise<PushFanout> {
  // Each order's per-screen time of hearing it (0: not yet), by order number: an event may come before its answer.
  const heard = new Map<string, Float64Array>();
  let twice = 0;
  const onEvent = (stream: number, kind: string, data: string) => {
    if (kind !== 'order.placed') return;
    const at = performance.now();
    const { order_number: orderNumber } = JSON.parse(data) as OrderEventData;
    let times = heard.get(orderNumber);
    if (!times) heard.set(orderNumber, (times = new Float64Array(streams)));
    if (times[stream]) twice++;
    else times[stream] = at;
  };
  const placed: string[] = [];
  const open = await openStreams(listenUrl, token, streams, onEvent);
  try {
    // A stream is answered before its listener starts (after the log's newest id): let them all start.
    await sleep(1000);
    await placeOrders(placeUrl, token, card, { perSecond, seconds: 2 }, placed);
    await sleep(1000);
    const run = await placeOrders(placeUrl, token, card, { perSecond, seconds }, placed);
    const expected = run.sent.size * streams;
    const deliveredNow = () => {
      let n = 0;
      for (const orderNumber of run.sent.keys()) for (const t of heard.get(orderNumber) ?? []) if (t) n++;
      return n;
    };
    // The last orders' events: a read (250 ms) and its writes away; five seconds is already a miss of the budget.
    const deadline = performance.now() + 5000;
    while (deliveredNow() < expected && performance.now() < deadline) await sleep(100);
    const latencies: number[] = [];
    // Where the time goes, for the log: the order's own answer, the first screen to hear it, the last one after it.
    const answers: number[] = [];
    const firsts: number[] = [];
    const spreads: number[] = [];
    for (const [orderNumber, { at, answeredAt }] of run.sent) {
      answers.push(answeredAt - at);
      const times = (heard.get(orderNumber) ?? new Float64Array()).filter((t) => t > 0);
      for (const t of times) latencies.push(t - at);
      if (times.length) {
        const first = Math.min(...times);
        firsts.push(first - at);
        spreads.push(Math.max(...times) - first);
      }
    }
    const sorted = Float64Array.from(latencies).sort();
    const spread = (values: number[]) => {
      const s = Float64Array.from(values).sort();
      return `p50 ${Math.round(percentile(s, 0.5))} ms, p99 ${Math.round(percentile(s, 0.99))} ms`;
    };
    console.log(
      `  the order's answer ${spread(answers)}; the first screen hears it ${spread(firsts)}; ` +
        `the last screen ${spread(spreads)} after the first`,
    );
    if (twice) throw new Error(`push-fanout: ${twice} events heard twice by the same stream`);
    if (open.dropped()) throw new Error(`push-fanout: the server ended ${open.dropped()} streams`);
    return {
      streams,
      orders: run.sent.size,
      seconds: run.seconds,
      delivered: sorted.length,
      expected,
      missed: expected - sorted.length,
      p50Ms: Math.round(percentile(sorted, 0.5)),
      p99Ms: Math.round(percentile(sorted, 0.99)),
    };
  } finally {
    open.close();
    await pool(placed, (orderNumber) =>
      fetch(`${placeUrl}/api/order/reject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, order_number: orderNumber }),
      }).then((res) => {
        if (!res.ok) throw new Error(`POST /api/order/reject answered ${res.status}`);
      }),
    );
  }
}

/** What push-idle measured. */
export interface PushIdle {
  streams: number;
  /** Opening them all. */
  seconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  growthMb: number;
}

/**
 * Issue 41's second budget: what `streams` idle streams cost the server at `url` (process `pid`), already warmed up
 * by the caller. Its resident memory settled, the streams opened (a batch at a time) and left idle, its resident
 * memory settled again: the growth. `meanwhile` then runs with every stream still open (the load scenarios
 * whose budgets must hold meanwhile); none may have been ended by the server when it is done. The streams are closed
 * after.
 */
export async function pushIdle(
  url: string,
  token: string,
  pid: number,
  meanwhile: () => Promise<void>,
  streams = 5000,
): Promise<PushIdle> {
  // The stream's own code warmed up too: a batch opened and closed.
  (await openStreams(url, token, batchSize)).close();
  const rssBeforeMb = await settledRssMb(pid);
  console.log(`  before the streams: ${await heapMb(url)}`);
  const started = performance.now();
  const open = await openStreams(url, token, streams);
  try {
    const seconds = (performance.now() - started) / 1000;
    const rssAfterMb = await settledRssMb(pid);
    console.log(`  with ${streams} streams open: ${await heapMb(url)}`);
    await meanwhile();
    if (open.dropped()) throw new Error(`push-idle: the server ended ${open.dropped()} streams`);
    return {
      streams,
      seconds,
      rssBeforeMb: Math.round(rssBeforeMb),
      rssAfterMb: Math.round(rssAfterMb),
      growthMb: Math.round(rssAfterMb - rssBeforeMb),
    };
  } finally {
    open.close();
  }
}
