// `DATABASE_URL=postgres://… npx tsx bench/src/pg-plans.ts [out.md]`: runs the hot queries
// exactly as the server builds them (the repositories' own code, captured through Kysely's
// log) against the bench's PostgreSQL database, and writes each one's EXPLAIN (ANALYZE,
// BUFFERS) to a Markdown file (default docs/postgres-plans.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { heard } from './pg-connect.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { authRepository } from '../../apps/server/src/modules/auth/auth.repository.ts';
import { inventoryRepository } from '../../apps/server/src/modules/inventory/inventory.repository.ts';
import { readModelQueries } from '../../apps/server/src/modules/inventory/read-model.ts';
import { ordersRepository } from '../../apps/server/src/modules/orders/orders.repository.ts';
import { statsRepository } from '../../apps/server/src/modules/stats/stats.repository.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to the PostgreSQL database the bench prepared.');
  process.exit(2);
}
const out = process.argv[2] ?? path.join(root, 'docs/postgres-plans.md');

const pool = heard(new pg.Pool({ connectionString: url, max: 2 }), 'an idle pooled connection');
let last: CompiledQuery | undefined;
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') last = event.query;
  },
});

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await pool.query<T>(text, values)).rows[0]!;
// The bench's own shop: the first with staff (the scale shops have none).
const shop = await one<{ id: number; subdomain: string | null }>(
  `select id, subdomain from shops where id = (select min(shop_id) from users where shop_id is not null)`,
);
const session = await one<{ token_hash: string }>(
  `select s.token_hash from sessions s join users u on u.id = s.user_id where u.shop_id = $1 limit 1`,
  [shop.id],
);
const page = await pool.query<{ id: number }>(
  `select id from inventory where shop_id = $1 order by sort_name, id offset 1000 limit 50`,
  [shop.id],
);
const stocked = await one<{ card_id: string; finish: string; language: string; signed: number; altered: number }>(
  `select card_id, finish, language, signed, altered from inventory where shop_id = $1 order by quantity desc limit 1`,
  [shop.id],
);
const counts = await one<{ shops: string; rows: string; orders: string }>(
  `select (select count(*) from shops) as shops, (select count(*) from inventory) as rows,
          (select count(*) from orders) as orders`,
);

/** What each call does for the server, and the call itself (the repository's own query). */
const calls: [string, () => Promise<unknown>][] = [
  ['Every signed-in call: the session, its user and shop', () => authRepository.findSession(db, session.token_hash)],
  ['Every list and search: the shop’s versions', () => readModelQueries.state(db, shop.id)],
  [
    'Every storefront view: the public shop',
    () => readModelQueries.publicShop(db, shop.subdomain ? { subdomain: shop.subdomain } : { id: shop.id }),
  ],
  ['A shop’s first list or search: its rows for the in-memory index', () => inventoryRepository.indexRows(db, shop.id)],
  [
    'Every list, search or storefront page not kept: the page’s rows',
    () =>
      inventoryRepository.rowsByIds(
        db,
        shop.id,
        page.rows.map((r) => r.id),
      ),
  ],
  ['Placing an order: the stock of its printings', () => ordersRepository.stockOf(db, shop.id, [stocked.card_id])],
  ['Order management polling: the pending orders', () => ordersRepository.list(db, shop.id, 'pending', 100)],
  ['Statistics: summary', () => statsRepository.summary(db, shop.id)],
  ['Statistics: total cards', () => statsRepository.totalCards(db, shop.id)],
  ['Statistics: orders over time', () => statsRepository.byDate(db, shop.id)],
  ['Statistics: top selling cards', () => statsRepository.topSelling(db, shop.id, 10)],
];

const sections: string[] = [];
for (const [name, call] of calls) {
  last = undefined;
  await call(); // warms the cache as the server's own repeated calls would
  const started = performance.now();
  await call();
  const ms = performance.now() - started;
  if (!last) throw new Error(`${name}: no query was captured`);
  const query: CompiledQuery = last;
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.sql}`,
    query.parameters as unknown[],
  );
  sections.push(
    `## ${name}\n\n${ms.toFixed(1)} ms as the server runs it.\n\n\`\`\`sql\n${query.sql}\n\`\`\`\n\n\`\`\`\n${plan.rows
      .map((r) => r['QUERY PLAN'])
      .join('\n')}\n\`\`\``,
  );
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
}
await db.destroy();

fs.writeFileSync(
  out,
  `# PostgreSQL query plans at scale\n\n` +
    `Written by \`DATABASE_URL=… npx tsx bench/src/pg-plans.ts\` on ${new Date().toISOString().slice(0, 10)}, ` +
    `against the bench's database: ${Number(counts.shops)} shops, ${Number(counts.rows).toLocaleString('en')} ` +
    `inventory rows, ${Number(counts.orders).toLocaleString('en')} orders. Each query is the repository's own, ` +
    `for the bench shop; the time is a second run, as the server's repeated calls see it.\n\n${sections.join('\n\n')}\n`,
);
console.log(`Written to ${path.relative(root, out)}`);
