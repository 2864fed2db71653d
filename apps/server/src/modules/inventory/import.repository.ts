import { sql, type CompiledQuery, type Selectable } from 'kysely';
import { type Engine, type Executor } from '../../db/database.ts';
import type { InventoryTable } from '../../db/schema.ts';
import { rowKey } from './inventory.repository.ts';

/** What an import writes of a row, in the order its upsert binds them. */
const importColumns = [
  'shop_id',
  'card_id',
  'finish',
  'quality',
  'language',
  'signed',
  'altered',
  'quantity',
  'asking_price',
  'location',
  'sort_name',
  'set_code',
] as const;

export type ImportRow = Pick<Selectable<InventoryTable>, (typeof importColumns)[number]>;

const importUpserts = new WeakMap<Executor, Map<string, CompiledQuery>>();

/**
 * The import's upsert of this many rows, compiled once per executor and size.
 * Building Kysely's tree for 200 rows and compiling it again for each of an
 * import's 500 chunks made about 80 MB of garbage, the server's peak; the SQL
 * is the same every time, only its parameters change. The first compile is
 * checked to bind exactly the rows' values in `importColumns` order.
 */
function importUpsert(db: Executor, rows: readonly ImportRow[], at: string, replace: boolean): CompiledQuery {
  let bySize = importUpserts.get(db);
  if (!bySize) importUpserts.set(db, (bySize = new Map<string, CompiledQuery>()));
  const key = `${replace ? 'set' : 'add'}:${rows.length}`;
  let query = bySize.get(key);
  if (!query) {
    query = db
      .insertInto('inventory')
      .values(rows.map((r) => ({ ...pickColumns(r), created_at: at, updated_at: at })))
      .onConflict((oc) =>
        oc.columns([...rowKey]).doUpdateSet({
          quantity: replace ? sql`excluded.quantity` : sql`inventory.quantity + excluded.quantity`,
          asking_price: sql`coalesce(excluded.asking_price, inventory.asking_price)`,
          location: sql`coalesce(excluded.location, inventory.location)`,
          updated_at: at,
        }),
      )
      .compile();
    const expected = rows.flatMap((r) => [...importColumns.map((c) => r[c]), at, at]).concat(at);
    if (query.parameters.length !== expected.length || query.parameters.some((p, i) => p !== expected[i]))
      throw new Error('The import upsert binds its values in another order than importColumns.');
    bySize.set(key, query);
  }
  return query;
}

/** What PostgreSQL calls the type of each of `importColumns`, for their arrays. */
const importTypes: Record<(typeof importColumns)[number], string> = {
  shop_id: 'integer',
  card_id: 'text',
  finish: 'text',
  quality: 'text',
  language: 'text',
  signed: 'integer',
  altered: 'integer',
  quantity: 'integer',
  asking_price: 'integer',
  location: 'text',
  sort_name: 'text',
  set_code: 'text',
};

/**
 * The import's upsert on PostgreSQL: each column one array parameter, unnested into rows. However many rows, the
 * statement has 12 parameters, so thousands go at once; with one parameter per value PostgreSQL parsed and
 * planned a 2,800-parameter statement for every 200 rows, most of a 50 MB import's time.
 */
async function importUnnest(db: Executor, rows: readonly ImportRow[], at: string, replace: boolean): Promise<void> {
  const arrays = importColumns.map((c) => sql`${rows.map((r) => r[c])}::${sql.raw(importTypes[c])}[]`);
  await sql`insert into ${sql.table('inventory')} (${sql.join(importColumns.map((c) => sql.ref(c)))}, created_at, updated_at)
    select *, ${at}, ${at} from unnest(${sql.join(arrays)})
    on conflict (${sql.join(rowKey.map((c) => sql.ref(c)))}) do update set
      quantity = ${replace ? sql`excluded.quantity` : sql`inventory.quantity + excluded.quantity`},
      asking_price = coalesce(excluded.asking_price, inventory.asking_price),
      location = coalesce(excluded.location, inventory.location),
      updated_at = ${at}`.execute(db);
}

const pickColumns = (r: ImportRow) => Object.fromEntries(importColumns.map((c) => [c, r[c]])) as ImportRow;

/** An import's writes of stock rows: many lines at once, in the fewest statements each engine allows. */
export const importRepository = {
  /**
   * Writes many lines at once (an import): new rows, or more copies on existing ones (`replace`: the line's
   * quantity replaces the row's); a given asking price replaces the row's, none keeps it.
   */
  async addMany(
    db: Executor,
    rows: readonly ImportRow[],
    at: string,
    { replace = false, engine = 'sqlite' }: { replace?: boolean; engine?: Engine } = {},
  ): Promise<void> {
    if (rows.length === 0) return;
    if (engine === 'postgres') return importUnnest(db, rows, at, replace);
    const parameters: unknown[] = [];
    for (const r of rows) parameters.push(...importColumns.map((c) => r[c]), at, at);
    parameters.push(at);
    await db.executeQuery({ ...importUpsert(db, rows, at, replace), parameters });
  },
};
