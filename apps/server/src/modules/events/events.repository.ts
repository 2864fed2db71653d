import type { Executor } from '../../db/database.ts';

/** The shops' event log (migration 0035): written by the database's triggers, read here only. */
export const eventsRepository = {
  /** The newest event's id (0 for none): where a server starts listening. */
  async latestId(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('shop_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  },

  /** Every shop's events after `afterId`, oldest first, at most `limit`: what a server's listeners have not heard. */
  after(db: Executor, afterId: number, limit: number) {
    return db
      .selectFrom('shop_events')
      .select(['id', 'shop_id', 'kind', 'subject', 'status'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** One shop's events after `afterId`, oldest first: what a listener that reconnects missed. */
  ofShopAfter(db: Executor, shopId: number, afterId: number, limit: number) {
    return db
      .selectFrom('shop_events')
      .select(['id', 'shop_id', 'kind', 'subject', 'status'])
      .where('shop_id', '=', shopId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Forgets events written before `before` (ISO time). */
  async prune(db: Executor, before: string): Promise<void> {
    await db.deleteFrom('shop_events').where('created_at', '<', before).execute();
  },
};

export type EventRow = Awaited<ReturnType<typeof eventsRepository.after>>[number];
