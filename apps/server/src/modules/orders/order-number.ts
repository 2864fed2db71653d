import { apartFrom, type Executor } from '../../db/database.ts';
import { ordersRepository } from './orders.repository.ts';

/** Orders are numbered `YYYYMMDD-…`, buy orders `BYYYYMMDD-…`: each series counts its own callouts. */
export type NumberSeries = '' | 'B';

/**
 * The next number of a shop's day (UTC, from `at`) in a series: `<series><YYYYMMDD>-<shop no>-<source no>-<callout>`,
 * the callout taken from the shop's counter under the day key `<series><YYYYMMDD>` (`order_counters`, one atomic
 * upsert, so two orders never share one). The one place orders and buy orders are numbered.
 *
 * On PostgreSQL the callout is taken apart from the transaction (`apartFrom`) and committed at once: every order (or
 * buy order) of a shop moves the same counter row, and taken in the order's transaction that row stayed locked until
 * the order committed, so a shop's orders were written one after another (issue 44's register bench). An order
 * refused after its number was taken (a store-credit balance spent meanwhile, say) leaves its callout unused:
 * callouts are unique and rising, not gap-free. On SQLite the callout is taken in `tx`.
 */
export async function nextNumber(
  tx: Executor,
  series: NumberSeries,
  shopId: number,
  sourceId: number,
  at: string,
): Promise<{ number: string; callout: number }> {
  const day = `${series}${at.slice(0, 10).replaceAll('-', '')}`;
  const callout = await ordersRepository.nextCallout(apartFrom(tx) ?? tx, shopId, day);
  return { number: `${day}-${shopId}-${sourceId}-${callout}`, callout };
}
