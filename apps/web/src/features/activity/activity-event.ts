import {
  isAuditAction,
  readAuditEvent,
  type ActivityEntry,
  type AuditAction,
  type AuditDetail,
  type Stored,
  type StoredAuditEvent,
} from '@cardstock/contract';

/** An action's detail as the Activity screen reads it: the contract's shape, every field possibly absent. */
export type ActivityDetail<A extends AuditAction> = Stored<AuditDetail<A>>;

/** An Activity entry's event: its action, with that action's own detail. */
export type ActivityEvent = StoredAuditEvent;

/**
 * The entry as its typed event (the wire keeps `detail` a plain record), or null for an action the contract no
 * longer lists. Old rows are read as they are: a field missing, or held in another type than the contract's (an
 * import's `zeroed_rows` held sentences before issue 39), reads as absent, never as an error.
 */
export function activityEventOf(entry: ActivityEntry): ActivityEvent | null {
  return isAuditAction(entry.action) ? readAuditEvent(entry.action, entry.detail) : null;
}
