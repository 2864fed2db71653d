import { messages, plans, type PlanId } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { commitChange } from './billing-ledger.ts';
import type { BillingActor, BillingProvider } from './billing-provider.ts';
import { cancelAtPeriodEnd, resumeRenewal, upgradeNow } from './billing-rules.ts';
import { periodState } from './billing.mapper.ts';
import type { SubscriptionRow } from './billing.repository.ts';

/** Another request changed the subscription between this one's read and write. */
const changedMeanwhile = () => new AppError('CONFLICT', messages.billingServer.changedMeanwhile);

/**
 * Cancels without asking anyone outside: the local provider always, and the
 * Stripe provider for a trial that has no Stripe subscription yet.
 */
export async function cancelKept(ctx: AppContext, row: SubscriptionRow, actor: BillingActor): Promise<void> {
  const state = cancelAtPeriodEnd(periodState(row));
  const saved = await commitChange(ctx, row, {
    state,
    audit: { actor: actor.email, action: 'subscription.cancel', detail: { plan: row.plan, ends_at: state.ends_at } },
  });
  if (!saved) throw changedMeanwhile();
}

/** Undoes a cancellation without asking anyone outside: the local provider, and a Stripe trial with no subscription. */
export async function resumeKept(ctx: AppContext, row: SubscriptionRow, actor: BillingActor): Promise<void> {
  const state = resumeRenewal(periodState(row), ctx.config.billing.provider);
  const saved = await commitChange(ctx, row, {
    state,
    audit: { actor: actor.email, action: 'subscription.resume', detail: { plan: row.plan } },
  });
  if (!saved) throw changedMeanwhile();
}

/**
 * Billing kept by this server (the default): renewals are computed from the
 * subscription's dates when it is read, and an upgrade is paid at once. No
 * card is stored, so there is no portal and no webhook.
 */
export function createLocalBilling(ctx: AppContext): BillingProvider {
  return {
    name: 'local',

    async upgrade(row: SubscriptionRow, to: PlanId, actor: BillingActor) {
      const { state, charge } = upgradeNow(periodState(row), to, ctx.clock.now());
      const saved = await commitChange(ctx, row, {
        state,
        charges: [charge],
        audit: {
          actor: actor.email,
          action: 'subscription.upgrade',
          detail: { from: row.plan, to, cents: charge.amountCents },
        },
      });
      if (!saved) throw changedMeanwhile();
      return { message: messages.billingServer.upgraded(plans[to].name), checkoutUrl: null };
    },

    cancel: (row, actor) => cancelKept(ctx, row, actor),

    resume: (row, actor) => resumeKept(ctx, row, actor),

    portal() {
      return Promise.reject(new AppError('CONFLICT', messages.billingServer.portalLocal));
    },

    webhook() {
      return Promise.reject(new AppError('NOT_FOUND', messages.billingServer.stripeDisabled));
    },
  };
}
