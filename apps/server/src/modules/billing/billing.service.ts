import {
  messages,
  type PaymentsResponse,
  type SubscriptionResponse,
  type SubscriptionStatus,
  type UpgradeResponse,
} from '@cardstock/contract';
import { isUniqueViolation } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { commitChange } from './billing-ledger.ts';
import { createLocalBilling } from './billing-local.ts';
import type { BillingProvider } from './billing-provider.ts';
import { advance, hasEnded, upgradeTarget } from './billing-rules.ts';
import { createStripeBilling } from './billing-stripe.ts';
import { periodState, toPayment, toSubscription } from './billing.mapper.ts';
import { billingRepository as repo, type SubscriptionRow } from './billing.repository.ts';
import { startTrial } from './trial.ts';

export function createBillingProvider(ctx: AppContext): BillingProvider {
  return ctx.config.billing.provider === 'stripe' ? createStripeBilling(ctx) : createLocalBilling(ctx);
}

/**
 * The billing screen (spec 001 §2.6, §4, §7): the Owner's view of the shop's
 * subscription and payments, upgrade and cancel, through whichever provider
 * the server is configured with.
 */
export function createBillingService(ctx: AppContext, provider: BillingProvider = createBillingProvider(ctx)) {
  /**
   * The shop's subscription as of now: renewals and endings its dates call
   * for are applied first. A shop from before billing existed gets its trial here.
   */
  async function current(shopId: number): Promise<SubscriptionRow> {
    let row = await repo.subscription(ctx.db, shopId);
    if (!row) {
      await startTrial(ctx.db, shopId, ctx).catch((err: unknown) => {
        // Two first reads at once: the other one started the trial.
        if (!isUniqueViolation(err)) throw err;
      });
      row = (await repo.subscription(ctx.db, shopId))!;
    }
    const step = advance(periodState(row), ctx.clock.now(), provider.name);
    // A request that lost the race changes nothing here: the winner applied the same renewals.
    if (step) await commitChange(ctx, row, { state: step.state, charges: step.charges });
    return step ? (await repo.subscription(ctx.db, shopId))! : row;
  }

  return {
    async subscription(actor: Actor): Promise<SubscriptionResponse> {
      const { shopId } = requireRole(actor, 'billing');
      const row = await current(shopId);
      return { subscription: toSubscription(periodState(row), provider.name, ctx.clock.now()) };
    },

    async payments(actor: Actor): Promise<PaymentsResponse> {
      const { shopId } = requireRole(actor, 'billing');
      await current(shopId);
      return { payments: (await repo.payments(ctx.db, shopId)).map(toPayment) };
    },

    async upgrade(actor: Actor): Promise<UpgradeResponse> {
      const { shopId, email } = requireRole(actor, 'billing');
      const row = await current(shopId);
      const target = upgradeTarget(periodState(row));
      if (!target) throw new AppError('CONFLICT', messages.billingServer.topPlan);
      return provider.upgrade(row, target, { email });
    },

    async cancel(actor: Actor): Promise<{ message: string }> {
      const { shopId, email } = requireRole(actor, 'billing');
      const row = await current(shopId);
      if (hasEnded(row.status as SubscriptionStatus)) throw new AppError('CONFLICT', messages.billingServer.ended);
      if (row.cancel_at_period_end) throw new AppError('CONFLICT', messages.billingServer.alreadyCancelled);
      await provider.cancel(row, { email });
      const after = (await repo.subscription(ctx.db, shopId))!;
      return { message: messages.billingServer.cancelled((after.ends_at ?? after.current_period_end).slice(0, 10)) };
    },

    /** Undoes a cancellation while the paid period (or the trial) it runs to has not ended. */
    async resume(actor: Actor): Promise<{ message: string }> {
      const { shopId, email } = requireRole(actor, 'billing');
      const row = await current(shopId);
      if (hasEnded(row.status as SubscriptionStatus)) throw new AppError('CONFLICT', messages.billingServer.ended);
      if (!row.cancel_at_period_end) throw new AppError('CONFLICT', messages.billingServer.notCancelled);
      await provider.resume(row, { email });
      const after = (await repo.subscription(ctx.db, shopId))!;
      const until = after.current_period_end.slice(0, 10);
      return {
        message:
          after.ends_at === null ? messages.billingServer.resumed(until) : messages.billingServer.resumedTrial(until),
      };
    },

    async portal(actor: Actor): Promise<{ url: string }> {
      const { shopId } = requireRole(actor, 'billing');
      return provider.portal(await current(shopId));
    },

    /** Stripe's signed events: no caller to check, the signature is the proof. */
    async webhook(payload: Buffer, signature: string | undefined) {
      const { duplicate } = await provider.webhook(payload, signature);
      return { received: true as const, duplicate };
    },
  };
}
