// `DATABASE_URL=postgres://… npx tsx bench/src/pg-scale.ts [shops]`: fills a PostgreSQL
// database the bench has prepared (catalog and `bench-shop`) up to `shops` shops of one
// copy of every printing each, 100 × 100,000 = 10 million inventory rows by default, so the
// scenarios run against one shop among many (issue 12). Shops already there are kept.
import pg from 'pg';
import { heard } from './pg-connect.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to the PostgreSQL database the bench prepared.');
  process.exit(2);
}
const wanted = Number(process.argv[2] ?? 100);
const client = heard(new pg.Client({ connectionString: url }), 'the connection');
await client.connect();
try {
  const cards = Number((await client.query<{ n: string }>('select count(*) as n from cards')).rows[0]!.n);
  if (cards === 0) throw new Error('The catalog is empty: run the bench against this database first.');
  const have = Number((await client.query<{ n: string }>('select count(*) as n from shops')).rows[0]!.n);
  console.log(`${have} shops, ${cards} printings; filling up to ${wanted} shops`);
  for (let i = have; i < wanted; i++) {
    const started = Date.now();
    await client.query('begin');
    const shop = await client.query<{ id: number }>(
      `insert into shops (name, subdomain, pricing) values ($1, $2, null) returning id`,
      [`Scale Shop ${i}`, `scale-${i}`],
    );
    const id = shop.rows[0]!.id;
    // Every printing once, in a finish it has, with 1–8 copies and half of them with an asking price.
    const rows = await client.query(
      `insert into inventory (shop_id, card_id, finish, quality, quantity, asking_price, sort_name, set_code, created_at, updated_at)
       select $1::int, id,
              case when finishes like '%nonfoil%' then 'nonfoil' else split_part(finishes, ',', 1) end,
              (array['NM','LP','MP','HP','D'])[1 + abs(hashtext(id)) % 5],
              1 + abs(hashtext(id || $1::int::text)) % 8,
              case when abs(hashtext(id)) % 2 = 0 then 100 + abs(hashtext(id)) % 5000 end,
              sort_name, set_code, now()::text, now()::text
       from cards`,
      [id],
    );
    await client.query('commit');
    console.log(`shop ${i + 1}/${wanted}: ${rows.rowCount} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.query('analyze');
  const total = (await client.query<{ n: string }>('select count(*) as n from inventory')).rows[0]!.n;
  console.log(`${total} inventory rows in all`);
} finally {
  await client.end();
}
