import { activityKindOf, activityPageSize, actionsOfKind, type ActivityKind } from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditRepository as repo } from './audit.repository.ts';

/** A stored detail as an object; anything else (old rows, plain text) as none. */
function detailOf(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Instants as the log stores them (UTC, milliseconds, Z), so text comparison orders them. */
const stored = (iso: string | undefined) => (iso ? new Date(iso).toISOString() : undefined);

/** The shop's Activity screen: its audit log, read by Owners and Managers. */
export function createActivityService(ctx: AppContext) {
  return {
    async list(actor: Actor, input: { page: number; actor?: string; kind?: ActivityKind; from?: string; to?: string }) {
      const { shopId } = requireRole(actor, 'activity:view');
      const filter = {
        actor: input.actor || undefined,
        actions: input.kind ? actionsOfKind[input.kind] : undefined,
        from: stored(input.from),
        to: stored(input.to),
      };
      const [total, actors] = await Promise.all([repo.count(ctx.db, shopId, filter), repo.actors(ctx.db, shopId)]);
      const pages = Math.max(1, Math.ceil(total / activityPageSize));
      const rows = await repo.entries(ctx.db, shopId, filter, {
        offset: (input.page - 1) * activityPageSize,
        limit: activityPageSize,
      });
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.created_at,
          actor: row.actor,
          action: row.action,
          kind: activityKindOf(row.action),
          subject: row.subject,
          subject_name: row.card_name,
          detail: detailOf(row.detail),
        })),
        total,
        page: input.page,
        pages,
        actors,
      };
    },
  };
}
