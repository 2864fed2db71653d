import {
  auditDetailSchemas,
  isAuditAction,
  type ActivityEntry,
  type AuditAction,
  type AuditDetail,
} from '@cardstock/contract';
import { safeParse, ZodArray, ZodNullable, ZodObject, ZodOptional, type core } from 'zod';

/** A stored value as read back: any field of it may be absent (an older row, or one written in another type). */
export type Read<T> = T extends readonly (infer E)[]
  ? Read<E>[]
  : T extends object
    ? { [K in keyof T]?: Read<T[K]> }
    : T;

/** An action's detail as the Activity screen reads it: the contract's shape, every field possibly absent. */
export type ActivityDetail<A extends AuditAction> = Read<AuditDetail<A>>;

/** An Activity entry's event: its action, with that action's own detail. */
export type ActivityEvent = { [A in AuditAction]: { action: A; detail: ActivityDetail<A> } }[AuditAction];

/**
 * The entry as its typed event (the wire keeps `detail` a plain record), or null for an action the contract no
 * longer lists. Old rows are read as they are: a field missing, or held in another type than the contract's (an
 * import's `zeroed_rows` held sentences before issue 39), reads as absent, never as an error.
 */
export function activityEventOf(entry: ActivityEntry): ActivityEvent | null {
  if (!isAuditAction(entry.action)) return null;
  const detail = readObject(auditDetailSchemas[entry.action], entry.detail ?? {});
  // `readObject` keeps only what fits the action's schema, field by field: the action's detail with fields absent.
  return { action: entry.action, detail } as ActivityEvent;
}

/** `value` as `schema` reads it, field by field: what does not fit is undefined (absent). */
function read(schema: core.$ZodType, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (schema instanceof ZodOptional) return read(schema.unwrap(), value);
  if (schema instanceof ZodNullable) return value === null ? null : read(schema.unwrap(), value);
  if (schema instanceof ZodObject) return isRecord(value) ? readObject(schema, value) : undefined;
  if (schema instanceof ZodArray)
    return Array.isArray(value)
      ? value.map((item) => read(schema.element, item)).filter((item) => item !== undefined)
      : undefined;
  const parsed = safeParse(schema, value);
  return parsed.success ? parsed.data : undefined;
}

function readObject(schema: ZodObject, value: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries<core.$ZodType>(schema.shape)) {
    const got = read(field, Object.hasOwn(value, key) ? value[key] : undefined);
    if (got !== undefined) fields[key] = got;
  }
  return fields;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
