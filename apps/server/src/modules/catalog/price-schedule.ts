import type { AppContext } from '../../context.ts';
import { refreshPrices } from './price-refresh.ts';
import { downloadDefaultCards } from './scryfall-download.ts';

/** The system setting whose row a server claims to run the period's refresh (one server of several runs it). */
export const PRICE_CLAIM_KEY = 'price_refresh_claim';

/**
 * Refreshes market prices every `hours` (PRICE_REFRESH_HOURS) from Scryfall's
 * current bulk file. Each server checks a few times a period; the one that
 * claims the period (an atomic update of one row) downloads and refreshes, so
 * several servers behind a load balancer refresh once. Offline, it says so in
 * one log line and tries again next period. Returns the stop function.
 */
export function startPriceSchedule(ctx: AppContext, hours: number): () => Promise<void> {
  const periodMs = hours * 3_600_000;
  const checkMs = Math.min(Math.max(periodMs / 4, 1000), 600_000);
  let running: Promise<void> | undefined;
  let stopped = false;

  async function claim(): Promise<boolean> {
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('system_settings')
      .values({ key: PRICE_CLAIM_KEY, value: '""', updated_at: '' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const result = await ctx.db
      .updateTable('system_settings')
      .set({ value: JSON.stringify(process.pid), updated_at: now.toISOString() })
      .where('key', '=', PRICE_CLAIM_KEY)
      .where('updated_at', '<=', new Date(now.getTime() - periodMs).toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function check(): Promise<void> {
    if (running || stopped || !(await claim())) return;
    running = refresh().finally(() => (running = undefined));
    await running;
  }

  async function refresh(): Promise<void> {
    const started = Date.now();
    try {
      const file = await downloadDefaultCards(ctx.config.scryfallApiUrl, ctx.config.dataDir);
      const result = await refreshPrices(ctx.db, file, { now: () => ctx.clock.now() });
      ctx.log.info(
        { printings: result.printings, changed: result.changed, unknown: result.unknown, ms: Date.now() - started },
        `prices refreshed: ${result.changed} of ${result.printings} printings changed`,
      );
    } catch (err) {
      ctx.log.warn(
        `price refresh skipped: ${err instanceof Error ? err.message : String(err)} Next try in ${hours} h.`,
      );
    }
  }

  const timer = setInterval(() => {
    check().catch((err: unknown) => ctx.log.error({ err }, 'price refresh check failed'));
  }, checkMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
