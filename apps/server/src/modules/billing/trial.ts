import type { Executor } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { trialState } from './billing-rules.ts';
import { billingRepository as repo } from './billing.repository.ts';

/**
 * Starts a new shop's free trial of the Starter plan. Every place that
 * creates a shop calls it, in the transaction that creates the shop.
 */
export async function startTrial(db: Executor, shopId: number, ctx: Pick<AppContext, 'clock' | 'config'>) {
  const now = ctx.clock.now();
  await repo.insertSubscription(db, shopId, trialState(now, ctx.config.billing.provider), now.toISOString());
}
