import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';

/** Who changed what, when: written in the same transaction as the change. */
export const auditRepository = {
  async record(db: Executor, entry: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(entry).execute();
  },
};
