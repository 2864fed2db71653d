import type { AuditAction, AuditEvent } from '@cardstock/contract';
import type { Executor } from '../../db/database.ts';

/**
 * An entry to record: who did what to which subject, when, with the action's own detail (the contract's
 * `AuditEvent`: a key the action does not keep is a compile error). The shop is null for the platform's own actions.
 */
export type AuditEntry = { shop_id: number | null; actor: string; subject: string; created_at: string } & AuditEvent;

/** Which of a shop's entries to read: one person, some actions, a time span. */
export interface AuditFilter {
  actor?: string;
  actions?: readonly AuditAction[];
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

/** Who changed what, when: written in the same transaction as the change. */
export const auditRepository = {
  /**
   * Only the contract's actions (`auditActions`), each with its detail: every one has its sentence on the Activity
   * screen. The detail is stored as its JSON text, keys in the order the call site wrote them (`{}` when empty).
   */
  async record(db: Executor, entry: AuditEntry): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        shop_id: entry.shop_id,
        actor: entry.actor,
        action: entry.action,
        subject: entry.subject,
        detail: JSON.stringify(entry.detail),
        created_at: entry.created_at,
      })
      .execute();
  },

  /** A page of the shop's entries, newest first, each with its card's name when the subject is a printing. */
  entries(db: Executor, shopId: number, filter: AuditFilter, page: { offset: number; limit: number }) {
    return filtered(db, shopId, filter)
      .leftJoin('cards', 'cards.id', 'audit_log.subject')
      .select([
        'audit_log.id',
        'audit_log.created_at',
        'audit_log.actor',
        'audit_log.action',
        'audit_log.subject',
        'audit_log.detail',
        'cards.name as card_name',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  },

  async count(db: Executor, shopId: number, filter: AuditFilter): Promise<number> {
    const row = await filtered(db, shopId, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Everyone who has an entry in the shop's log, in order. */
  async actors(db: Executor, shopId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('audit_log')
      .select('actor')
      .distinct()
      .where('shop_id', '=', shopId)
      .orderBy('actor')
      .execute();
    return rows.map((r) => r.actor);
  },
};

function filtered(db: Executor, shopId: number, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').where('audit_log.shop_id', '=', shopId);
  if (filter.actor) query = query.where('audit_log.actor', '=', filter.actor);
  if (filter.from) query = query.where('audit_log.created_at', '>=', filter.from);
  if (filter.to) query = query.where('audit_log.created_at', '<', filter.to);
  if (filter.actions) query = query.where('audit_log.action', 'in', filter.actions);
  return query;
}
