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

  /**
   * The events after `afterId`, oldest first, at most `limit`: every shop's (what a server's listeners have not heard)
   * or one shop's (what a listener that reconnects missed).
   */
  after(db: Executor, afterId: number, limit: number, shopId?: number) {
    return db
      .selectFrom('shop_events')
      .select(['id', 'shop_id', 'kind', 'subject', 'status'])
      .$if(shopId !== undefined, (q) => q.where('shop_id', '=', shopId!))
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** These events, those of them that exist now (ids a read skipped while their transactions were open). */
  byIds(db: Executor, ids: readonly number[]) {
    return db
      .selectFrom('shop_events')
      .select(['id', 'shop_id', 'kind', 'subject', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  },

  /** Forgets events written before `before` (ISO time). */
  async prune(db: Executor, before: string): Promise<void> {
    await db.deleteFrom('shop_events').where('created_at', '<', before).execute();
  },
};

export type EventRow = Awaited<ReturnType<typeof eventsRepository.after>>[number];
