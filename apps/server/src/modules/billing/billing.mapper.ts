import {
  billingTerms,
  plans,
  type BillingProviderName,
  type Payment,
  type Subscription,
  centsToDollars,
} from '@cardstock/contract';
import { canResume, hasEnded, isStorefrontOnline, upgradeTarget, type PeriodState } from './billing-rules.ts';

/** A stored row's plan and status as the rules read them (the columns hold the contract's values). */
export const periodState = (
  row: Omit<PeriodState, 'plan' | 'status'> & { plan: string; status: string },
): PeriodState => ({
  plan: row.plan as PeriodState['plan'],
  status: row.status as PeriodState['status'],
  current_period_start: row.current_period_start,
  current_period_end: row.current_period_end,
  billing_anchor: row.billing_anchor,
  cancel_at_period_end: row.cancel_at_period_end,
  ends_at: row.ends_at,
  stripe_subscription_id: row.stripe_subscription_id,
});

/** The billing screen's subscription: the plan from the plan table, dates from the row. */
export function toSubscription(state: PeriodState, provider: BillingProviderName, now: Date): Subscription {
  const plan = plans[state.plan];
  const ended = hasEnded(state.status);
  const target = upgradeTarget(state);
  return {
    plan: plan.name,
    planId: plan.id,
    price: centsToDollars(plan.priceCents),
    billingCycle: billingTerms.billingCycle,
    status: state.status,
    // Only a subscription that goes on is charged again; a lapsing trial or a cancelled one is not.
    nextBillingDate: ended || state.ends_at !== null ? null : state.current_period_end,
    features: [...plan.features],
    trialEndsAt: state.status === 'trialing' ? state.current_period_end : null,
    cancelAtPeriodEnd: state.cancel_at_period_end === 1,
    endsAt: state.ends_at,
    storefrontOnline: isStorefrontOnline(state.ends_at, now),
    canCancel: !ended && state.cancel_at_period_end === 0,
    canResume: canResume(state, now),
    upgradeTo: target && {
      planId: target,
      plan: plans[target].name,
      price: centsToDollars(plans[target].priceCents),
      features: [...plans[target].features],
    },
    provider,
  };
}

export const toPayment = (row: {
  reference: string;
  amount_cents: number;
  status: string;
  description: string;
  paid_at: string;
}): Payment => ({
  id: row.reference,
  date: row.paid_at,
  status: row.status,
  description: row.description,
  amount: centsToDollars(row.amount_cents),
});
