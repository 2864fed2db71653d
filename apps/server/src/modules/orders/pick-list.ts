import { finishOf, languageOf, messages, qualityOf, type PickLine } from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/** Text compared as a picker reads it: numbers by their value ("Binder 2" before "Binder 10", "9" before "10a"). */
const byReading = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

/**
 * The pick order (issue 41): by location, rows kept nowhere said last; then set and collector number, so a binder
 * sorted by set is walked once; then name, and the order the lines were placed in.
 */
export function inPickOrder(a: PickLine, b: PickLine): number {
  if (!a.location !== !b.location) return a.location ? -1 : 1;
  return (
    byReading(a.location, b.location) ||
    byReading(a.set_code, b.set_code) ||
    byReading(a.collector_number, b.collector_number) ||
    byReading(a.card_name, b.card_name)
  );
}

/** The next line's place in order `orderNumber`, counted in `places`. */
function placeIn(places: Map<string, number>, orderNumber: string): number {
  const place = (places.get(orderNumber) ?? 0) + 1;
  places.set(orderNumber, place);
  return place;
}

/**
 * A pick list: the lines of the named orders (pending, or confirmed and awaiting pickup) or of every pending one, in
 * the order a picker walks the shop. A number the shop has no such order under is a 404 naming it.
 */
export function createPickList(ctx: AppContext) {
  return async (actor: Actor, orderNumbers: readonly string[] | undefined): Promise<{ lines: PickLine[] }> => {
    const { shopId } = requireRole(actor, 'orders:view');
    const wanted = orderNumbers && [...new Set(orderNumbers)];
    const rows = await repo.pickLines(ctx.db, shopId, wanted);
    const found = new Set(rows.map((r) => r.order_number));
    const missing = wanted?.filter((n) => !found.has(n)) ?? [];
    if (missing.length) throw new AppError('NOT_FOUND', messages.ordersServer.notToPick(missing));
    // Each line's place in its order, from 1: the rows come order by order, each order's lines as they were placed.
    const places = new Map<string, number>();
    const lines = rows.map((r): PickLine => ({
      location: r.location ?? '',
      card_name: r.card_name,
      set_code: r.set_code.toUpperCase(),
      collector_number: r.sealed_id === null ? (r.collector_number ?? '') : '',
      finish: finishOf(r.finish),
      quality: qualityOf(r.quality),
      language: languageOf(r.language),
      quantity: r.quantity,
      order_number: r.order_number,
      callout: r.callout,
      sealed: r.sealed_id !== null,
      line: placeIn(places, r.order_number),
      picked: r.picked_at !== null,
    }));
    // A stable sort: equal lines keep the order they were placed in.
    return { lines: lines.sort(inPickOrder) };
  };
}
