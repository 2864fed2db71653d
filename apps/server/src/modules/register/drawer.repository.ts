import { sql, type Insertable } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import type { CashDrawerTable } from '../../db/schema.ts';

const drawerColumns = [
  'id',
  'shop_id',
  'opened_by_user_id',
  'opened_by',
  'opened_at',
  'float_cents',
  'expected_cents',
  'closed_by',
  'closed_at',
  'counted_cents',
] as const;

/** Cash drawers (decision 038), their ledger of cash movements, and the sales rung up on them. Kysely only. */
export const drawerRepository = {
  /** The drawer this person has open in this shop, if any (at most one: a partial unique index). */
  openOf(db: Executor, shopId: number, userId: number) {
    return db
      .selectFrom('cash_drawers')
      .select(drawerColumns)
      .where('shop_id', '=', shopId)
      .where('opened_by_user_id', '=', userId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
  },

  /** One of the shop's drawers, open or closed. */
  byId(db: Executor, shopId: number, drawerId: number) {
    return db
      .selectFrom('cash_drawers')
      .select(drawerColumns)
      .where('shop_id', '=', shopId)
      .where('id', '=', drawerId)
      .executeTakeFirst();
  },

  async insert(db: Executor, drawer: Insertable<CashDrawerTable>): Promise<number> {
    const { id } = await db.insertInto('cash_drawers').values(drawer).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /**
   * Whether the drawer is still open, in a transaction that then joins it: on PostgreSQL the read takes the drawer's
   * row in key share, which other sales share and only a closing or a paid out (`lockOpen`) waits for, so neither
   * counts the drawer without this sale. SQLite runs one writer at a time.
   */
  async holdOpen(db: Executor, engine: Engine, drawerId: number): Promise<boolean> {
    const row = await sql<{ id: number }>`select id from cash_drawers where id = ${drawerId} and closed_at is null
      ${engine === 'postgres' ? sql`for key share` : sql``}`.execute(db);
    return row.rows.length > 0;
  },

  /**
   * Takes the open drawer's row for the rest of the transaction (PostgreSQL; SQLite runs one writer at a time): waits
   * for every sale, return or movement holding it mid-way, so what is summed next counts them; false when closed.
   */
  async lockOpen(db: Executor, engine: Engine, drawerId: number): Promise<boolean> {
    const row = await sql<{ id: number }>`select id from cash_drawers where id = ${drawerId} and closed_at is null
      ${engine === 'postgres' ? sql`for update` : sql``}`.execute(db);
    return row.rows.length > 0;
  },

  /** The drawer's expected cash: the sum of its movements, the float first among them. */
  async expectedOf(db: Executor, drawerId: number): Promise<number> {
    const { cents } = await db
      .selectFrom('drawer_moves')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('cents'))
      .where('drawer_id', '=', drawerId)
      .executeTakeFirstOrThrow();
    return Math.round(Number(cents));
  },

  async insertMoves(
    db: Executor,
    moves: readonly {
      shop_id: number;
      drawer_id: number;
      kind: string;
      amount_cents: number;
      reference: string;
      created_at: string;
    }[],
  ): Promise<void> {
    if (moves.length)
      await db
        .insertInto('drawer_moves')
        .values([...moves])
        .execute();
  },

  /** Closes a drawer the caller holds (`lockOpen`) with the cash counted and its expected cash, frozen from then on. */
  async close(
    db: Executor,
    drawerId: number,
    closing: { closed_by: string; closed_at: string; counted_cents: number; expected_cents: number },
  ): Promise<void> {
    await db.updateTable('cash_drawers').set(closing).where('id', '=', drawerId).execute();
  },

  /** The drawer's cash movements summed per kind. */
  movesByKind(db: Executor, drawerId: number) {
    return db
      .selectFrom('drawer_moves')
      .select((eb) => ['kind', eb.fn.sum<number | string>('amount_cents').as('cents')])
      .where('drawer_id', '=', drawerId)
      .groupBy('kind')
      .execute();
  },

  /** The figures of the sales rung up on the drawer, summed. */
  salesOf(db: Executor, drawerId: number) {
    return db
      .selectFrom('sales')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string | null>('subtotal_cents').as('subtotal'),
        eb.fn.sum<number | string | null>('discount_cents').as('discount'),
        eb.fn.sum<number | string | null>('tax_cents').as('tax'),
        eb.fn.sum<number | string | null>('total_cents').as('total'),
        eb.fn.sum<number | string | null>('change_cents').as('change'),
      ])
      .where('drawer_id', '=', drawerId)
      .executeTakeFirstOrThrow();
  },

  /** What the drawer's sales took, summed per kind of tender (cash before change). */
  tendersOf(db: Executor, drawerId: number) {
    return db
      .selectFrom('sale_tenders')
      .innerJoin('sales', 'sales.id', 'sale_tenders.sale_id')
      .select((eb) => ['sale_tenders.kind', eb.fn.sum<number | string>('sale_tenders.amount_cents').as('cents')])
      .where('sales.drawer_id', '=', drawerId)
      .groupBy('sale_tenders.kind')
      .execute();
  },
};

export type DrawerRow = NonNullable<Awaited<ReturnType<typeof drawerRepository.byId>>>;
