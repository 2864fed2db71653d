// Buying from customers (issue 25) under load: a customer's sell list priced against the 100,000-row shop, and 50
// staff accepting the same buy order at once.
import fs from 'node:fs';
import readline from 'node:readline';
import type { FixtureCard } from '@cardstock/fixtures';
import { catalogFile } from './generate.ts';
import { connect } from './orders.ts';

/** One line of a sell list, as POST /api/buylist/offer takes it. */
export interface SellLine {
  scryfall_id: string;
  finish: string;
  quality: string;
  quantity: number;
}

const conditions = ['NM', 'LP', 'NM', 'MP', 'HP'];

/**
 * A sell list of `lines` lines spread over the generated catalog of `count` printings (every one a row of the bench
 * shop, so each line's target stock counts copies held): mixed conditions and copies, and every tenth line the
 * printing of the line before again, so copies wanted by earlier lines count too.
 */
export async function sellList(count: number, lines = 200): Promise<SellLine[]> {
  const step = Math.max(1, Math.floor(count / lines));
  const picked: FixtureCard[] = [];
  let i = 0;
  for await (const text of readline.createInterface({ input: fs.createReadStream(await catalogFile(count)) })) {
    if (text && i++ % step === 0) picked.push(JSON.parse(text) as FixtureCard);
    if (picked.length === lines) break;
  }
  return picked.map((card, n) => {
    const same = n % 10 === 9 ? picked[n - 1]! : card;
    return {
      scryfall_id: same.id,
      finish: same.finishes[0] ?? 'nonfoil',
      quality: conditions[n % conditions.length]!,
      quantity: 1 + (n % 3),
    };
  });
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Issue 25's budget: a seller's list is submitted, then 50 staff accept it for store credit at once. Exactly one
 * accept answers 200 and the 49 others 409, the customer's ledger gets one entry with the one payout, and the shop's
 * stock of the printings grows once by the copies bought, or the run ends. The time is from the first accept to the
 * last answer. `database`: the server's (a postgres:// URL or its SQLite file), read to count what was written.
 */
export async function buylistAcceptRace(url: string, token: string, database: string, lines: SellLine[]) {
  const run = Date.now().toString(36);
  const items = lines.slice(0, 10);
  const ids = [...new Set(items.map((l) => l.scryfall_id))];
  const submitted = await post(url, '/api/buylist/submit', {
    token,
    items,
    customer: { name: 'Bench Seller', email: `seller-${run}@example.com` },
  });
  if (submitted.status !== 200)
    throw new Error(`buylist submit answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
  const buyNumber = submitted.body.buy_number as string;
  const sql = await connect(database);
  try {
    const held = async () => {
      const [row] = await sql.all<{ n: number | string | null }>(
        `select sum(quantity) as n from inventory where shop_id = (select shop_id from buy_orders where buy_number = ?)
          and card_id in (${ids.map(() => '?').join(', ')})`,
        [buyNumber, ...ids],
      );
      return Number(row?.n ?? 0);
    };
    const before = await held();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(url, '/api/buylist/accept', { token, buy_number: buyNumber, payout: 'credit' }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    if (accepted.length !== 1 || refused.length !== 49)
      throw new Error(
        `buylist-accept-race: ${accepted.length} accepted, ${refused.length} refused with 409; others: ` +
          JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409).slice(0, 3)),
      );
    const order = accepted[0]!.body.buy_order as { total_items: number; paid: number };
    const ledger = await sql.all<{ amount_cents: number | string }>(
      'select amount_cents from credit_ledger where reference = ?',
      [buyNumber],
    );
    const added = (await held()) - before;
    const paidCents = Math.round(order.paid * 100);
    if (ledger.length !== 1 || Number(ledger[0]!.amount_cents) !== paidCents || added !== order.total_items)
      throw new Error(
        `buylist-accept-race: ${ledger.length} ledger entries (${ledger.map((l) => l.amount_cents).join(', ')} cents ` +
          `for ${paidCents} paid), stock grew by ${added} for ${order.total_items} copies bought`,
      );
    return { items: answers.length, seconds };
  } finally {
    await sql.close();
  }
}
