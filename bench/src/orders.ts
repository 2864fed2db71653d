// Order data for the order and statistics scenarios: a year of decided orders
// placed through the real API and then moved back in time with SQL (the API
// stamps every order with the present, and the product has no way to change
// that, rightly), and a realistic queue of pending orders.
import Database from 'better-sqlite3';
import pg from 'pg';
import { heard } from './pg-connect.ts';

/** The year of orders: a shop's counter over `days` days, about `ordersPerDay` orders a day. */
export const orderYear = { days: 365, ordersPerDay: 20, rejectedShare: 0.1 } as const;

/** Orders per weekday (Sunday first) relative to the average: Saturdays are busy, Mondays quiet; they sum to 7. */
const weekdayShare = [0.8, 0.7, 0.8, 0.9, 1.0, 1.2, 1.6];

/** Placing and deciding orders: requests in flight at once (the server takes one write at a time on SQLite). */
const inFlight = 8;

/** A repeatable sequence in [0, 1) (mulberry32), so every bench shop gets the same year. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function post<T>(url: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Runs `work` over `items`, `inFlight` at a time. */
export async function pool<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface Line {
  scryfall_id: string;
  finish: 'nonfoil';
  quantity: number;
}

function placeOrder(url: string, token: string, items: Line[]): Promise<string> {
  return post<{ order_number: string }>(url, '/api/device/order', { token, items }).then((r) => r.order_number);
}

/** Where and when one order of the year goes: its day (UTC midnight) and times of placing and deciding. */
interface Slot {
  day: Date;
  createdAt: string;
  decidedAt: string;
  status: 'confirmed' | 'rejected';
  lines: Line[];
}

/** The year's orders, oldest first: each day of the past `days` (today excluded) filled by its weekday's share. */
function yearSlots(cards: string[]): Slot[] {
  const rand = random(2026);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const slots: Slot[] = [];
  for (let daysAgo = orderYear.days; daysAgo >= 1; daysAgo--) {
    const day = new Date(today.getTime() - daysAgo * 86_400_000);
    const count = Math.round(orderYear.ordersPerDay * weekdayShare[day.getUTCDay()]!);
    for (let i = 0; i < count; i++) {
      // Open 10:00 to 20:00 UTC; decided by a member of staff a few minutes later.
      const created = day.getTime() + 10 * 3_600_000 + ((i + rand()) / count) * 10 * 3_600_000;
      const decided = created + (1 + rand() * 14) * 60_000;
      // One to four different cards: the first of a shuffle (Fisher–Yates, as far as needed).
      const picked = [...cards];
      const lineCount = Math.min(picked.length, 1 + Math.floor(rand() * 4));
      for (let l = 0; l < lineCount; l++) {
        const other = l + Math.floor(rand() * (picked.length - l));
        [picked[l], picked[other]] = [picked[other]!, picked[l]!];
      }
      slots.push({
        day,
        createdAt: new Date(created).toISOString(),
        decidedAt: new Date(decided).toISOString(),
        status: rand() < orderYear.rejectedShare ? 'rejected' : 'confirmed',
        lines: picked
          .slice(0, lineCount)
          .map((id) => ({ scryfall_id: id, finish: 'nonfoil', quantity: 1 + Math.floor(rand() * 3) })),
      });
    }
  }
  return slots;
}

/** The server's database: PostgreSQL, or its SQLite file. */
export interface Sql {
  run(text: string, params?: unknown[]): Promise<void>;
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** `database`: a postgres:// URL, or the path of the SQLite file. */
export async function connect(database: string): Promise<Sql> {
  if (/^postgres(ql)?:\/\//.test(database)) {
    const client = heard(new pg.Client({ connectionString: database }), "the bench's connection");
    await client.connect();
    // The statements below are written with `?`, as SQLite takes them.
    const numbered = (text: string) => {
      let n = 0;
      return text.replaceAll('?', () => `$${++n}`);
    };
    return {
      run: async (text, params = []) => void (await client.query(numbered(text), params)),
      all: async <T>(text: string, params: unknown[] = []) => (await client.query(numbered(text), params)).rows as T[],
      close: () => client.end(),
    };
  }
  const file = new Database(database);
  // The server holds the same file open; wait for its writes rather than fail.
  file.pragma('busy_timeout = 5000');
  return {
    run: (text, params = []) => Promise.resolve(void file.prepare(text).run(...params)),
    all: <T>(text: string, params: unknown[] = []) => Promise.resolve(file.prepare(text).all(...params) as T[]),
    close: () => {
      file.close();
      return Promise.resolve();
    },
  };
}

const dayKey = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Moves the placed orders to their slots: order numbers and callouts of
 * their new day (after any that day already had), placing and deciding
 * times, the matching audit entries, and each day's callout counter.
 */
async function backdate(sql: Sql, placed: { orderNumber: string; slot: Slot }[]): Promise<void> {
  // YYYYMMDD-<shop>-<source>-<callout> (apps/server orders.service).
  const shopId = Number(placed[0]!.orderNumber.split('-')[1]);
  const today = dayKey(new Date());
  await sql.run('BEGIN');
  try {
    const counters = new Map(
      (
        await sql.all<{ day: string; last: number }>('SELECT day, last FROM order_counters WHERE shop_id = ?', [shopId])
      ).map((c) => [c.day, Number(c.last)]),
    );
    await sql.run(
      'CREATE TEMP TABLE bench_backdate (old_number TEXT PRIMARY KEY, new_number TEXT NOT NULL, ' +
        'callout INTEGER NOT NULL, created_at TEXT NOT NULL, decided_at TEXT NOT NULL)',
    );
    const rows = placed.map(({ orderNumber, slot }) => {
      const day = dayKey(slot.day);
      const callout = (counters.get(day) ?? 0) + 1;
      counters.set(day, callout);
      const [, shop, source] = orderNumber.split('-');
      return [orderNumber, `${day}-${shop}-${source}-${callout}`, callout, slot.createdAt, slot.decidedAt];
    });
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      await sql.run(`INSERT INTO bench_backdate VALUES ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')}`, batch.flat());
    }
    await sql.run(
      'UPDATE orders SET order_number = m.new_number, callout = m.callout, created_at = m.created_at, ' +
        'decided_at = m.decided_at FROM bench_backdate m WHERE orders.order_number = m.old_number',
    );
    await sql.run(
      "UPDATE audit_log SET subject = m.new_number, created_at = CASE audit_log.action WHEN 'order.place' " +
        'THEN m.created_at ELSE m.decided_at END FROM bench_backdate m WHERE audit_log.shop_id = ? ' +
        "AND audit_log.subject = m.old_number AND audit_log.action IN ('order.place', 'order.confirm', 'order.reject')",
      [shopId],
    );
    for (const [day, last] of counters)
      if (day < today)
        await sql.run(
          'INSERT INTO order_counters (shop_id, day, last) VALUES (?, ?, ?) ' +
            'ON CONFLICT (shop_id, day) DO UPDATE SET last = excluded.last',
          [shopId, day, last],
        );
    // Today's callouts went to the year's orders; the next order today takes the first one free again.
    await sql.run(
      'UPDATE order_counters SET last = (SELECT coalesce(max(callout), 0) FROM orders WHERE shop_id = ? ' +
        'AND order_number LIKE ?) WHERE shop_id = ? AND day = ?',
      [shopId, `${today}-%`, shopId, today],
    );
    await sql.run('DROP TABLE bench_backdate');
    await sql.run('COMMIT');
  } catch (err) {
    await sql.run('ROLLBACK');
    throw err;
  }
}

/**
 * A year of orders in the shop: placed with POST /api/device/order from the
 * stocked `cards`, confirmed or (one in ten) rejected with /api/order/confirm
 * and /api/order/reject, then spread over the past year's days in the
 * server's `database` (a postgres:// URL, or the SQLite file). The number placed.
 */
export async function placeOrderYear(url: string, token: string, cards: string[], database: string): Promise<number> {
  const slots = yearSlots(cards);
  // By slot, so each day's callouts follow its placing times.
  const placed: { orderNumber: string; slot: Slot }[] = [];
  await pool([...slots.keys()], async (i) => {
    const slot = slots[i]!;
    const orderNumber = await placeOrder(url, token, slot.lines);
    await post(url, slot.status === 'confirmed' ? '/api/order/confirm' : '/api/order/reject', {
      token,
      order_number: orderNumber,
    });
    placed[i] = { orderNumber, slot };
  });
  const sql = await connect(database);
  try {
    await backdate(sql, placed);
  } finally {
    await sql.close();
  }
  return placed.length;
}

/**
 * Makes the shop's pending queue exactly `count` orders, as a busy counter's
 * is: the oldest beyond it are rejected through the API (order-place runs
 * leave thousands), and missing ones are placed from the stocked `card`.
 * How many were rejected and placed.
 */
export async function keepPending(
  url: string,
  token: string,
  count: number,
  card: string,
): Promise<{ rejected: number; placed: number }> {
  type Pending = { data: { orders: { order_number: string }[] } };
  let rejected = 0;
  for (;;) {
    // Oldest first, at most the server's page (500): reject all but the last `count` seen, until no more.
    const { orders } = (await post<Pending>(url, '/api/pending', { token })).data;
    const extra = orders.slice(0, Math.max(0, orders.length - count));
    if (!extra.length) {
      const missing = Array.from({ length: count - orders.length }, () => [
        { scryfall_id: card, finish: 'nonfoil' as const, quantity: 1 },
      ]);
      await pool(missing, (lines) => placeOrder(url, token, lines));
      return { rejected, placed: missing.length };
    }
    await pool(extra, (o) => post(url, '/api/order/reject', { token, order_number: o.order_number }));
    rejected += extra.length;
  }
}
