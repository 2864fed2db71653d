import type { Executor } from '../../db/database.ts';
import { ordersRepository } from './orders.repository.ts';

/** Orders are numbered `YYYYMMDD-…`, buy orders `BYYYYMMDD-…`: each series counts its own callouts. */
export type NumberSeries = '' | 'B';

/**
 * The next number of a shop's day (UTC, from `at`) in a series: `<series><YYYYMMDD>-<shop no>-<source no>-<callout>`,
 * the callout taken from the shop's counter under the day key `<series><YYYYMMDD>` (`order_counters`, one atomic
 * upsert, so two orders never share one). The one place orders and buy orders are numbered.
 */
export async function nextNumber(
  tx: Executor,
  series: NumberSeries,
  shopId: number,
  sourceId: number,
  at: string,
): Promise<{ number: string; callout: number }> {
  const day = `${series}${at.slice(0, 10).replaceAll('-', '')}`;
  const callout = await ordersRepository.nextCallout(tx, shopId, day);
  return { number: `${day}-${shopId}-${sourceId}-${callout}`, callout };
}
