import {
  billingTerms,
  endedStatuses,
  planAbove,
  plans,
  type BillingProviderName,
  type PlanId,
  type SubscriptionStatus,
  centsToDollars,
  formatUsdPlain,
} from '@cardstock/contract';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Renewals applied in one go at most (ten years of months): a bound, not a rule anyone meets. */
const MAX_RENEWALS = 120;

/** The fields of a subscription row that billing rules read and write. */
export interface PeriodState {
  plan: PlanId;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  billing_anchor: string;
  cancel_at_period_end: number;
  ends_at: string | null;
  stripe_subscription_id: string | null;
}

/** A payment a rule takes: what the payment history will show. */
export interface Charge {
  at: string;
  amountCents: number;
  description: string;
}

export const hasEnded = (status: SubscriptionStatus): boolean => endedStatuses.includes(status);

/** Whether the public storefront is up: it goes offline once access has ended (docs/decisions/011-billing.md). */
export const isStorefrontOnline = (endsAt: string | null, now: Date): boolean =>
  endsAt === null || endsAt > now.toISOString();

/**
 * One month after `from`, on the anchor's day of the month and time of day,
 * clamped to the month's last day: Jan 31 → Feb 28 → Mar 31, never drifting.
 */
export function nextPeriodEnd(from: Date, anchor: Date): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * A new shop's subscription: a free trial of the first plan. With the local
 * provider the trial rolls into the paid plan; with Stripe there is no card
 * until the Owner upgrades, so the trial ends on its last day unless they do.
 */
export function trialState(now: Date, provider: BillingProviderName): PeriodState {
  const end = new Date(now.getTime() + billingTerms.trialDays * DAY_MS).toISOString();
  return {
    plan: 'starter',
    status: 'trialing',
    current_period_start: now.toISOString(),
    current_period_end: end,
    billing_anchor: end,
    cancel_at_period_end: 0,
    ends_at: provider === 'stripe' ? end : null,
    stripe_subscription_id: null,
  };
}

/**
 * What the passing of time does to a subscription, computed from its dates
 * whenever it is read: a period that is over renews and takes its payment
 * (local provider), or ends when it was cancelled; an unpaid Stripe trial
 * lapses. Null when nothing changes.
 */
export function advance(
  state: PeriodState,
  now: Date,
  provider: BillingProviderName,
): { state: PeriodState; charges: Charge[] } | null {
  if (hasEnded(state.status)) return null;
  let next = { ...state };
  const charges: Charge[] = [];
  const nowIso = now.toISOString();
  // A trial from before Stripe was switched on cannot roll into a paid plan: it ends on its last day.
  if (provider === 'stripe' && isUnpaidTrial(next) && next.ends_at === null) {
    next.ends_at = next.current_period_end;
  }
  while (next.current_period_end <= nowIso && charges.length < MAX_RENEWALS) {
    if (next.cancel_at_period_end) {
      next = { ...next, status: 'cancelled', ends_at: next.ends_at ?? next.current_period_end };
      break;
    }
    if (provider === 'stripe') {
      // Stripe renews its own subscriptions and tells us by webhook; only a trial without one lapses here.
      if (isUnpaidTrial(next)) next = { ...next, status: 'inactive', ends_at: next.current_period_end };
      break;
    }
    const plan = plans[next.plan];
    const start = next.current_period_end;
    const anchor = next.status === 'trialing' ? start : next.billing_anchor;
    charges.push({
      at: start,
      amountCents: plan.priceCents,
      description:
        next.status === 'trialing'
          ? `${plan.name} plan, first month after the free trial`
          : `${plan.name} plan, monthly renewal`,
    });
    next = {
      ...next,
      status: 'active',
      current_period_start: start,
      current_period_end: nextPeriodEnd(new Date(start), new Date(anchor)).toISOString(),
      billing_anchor: anchor,
    };
  }
  return JSON.stringify(next) === JSON.stringify(state) ? null : { state: next, charges };
}

const isUnpaidTrial = (state: PeriodState) => state.status === 'trialing' && state.stripe_subscription_id === null;

/** The plan Upgrade Plan moves to: the next one up, or the same plan again once it has ended (a restart). */
export function upgradeTarget(state: PeriodState): PlanId | null {
  return planAbove(state.plan) ?? (hasEnded(state.status) ? state.plan : null);
}

/** The unused share of a paid period's price, in whole cents (rounded down), when the plan changes at `now`. */
export function unusedCredit(priceCents: number, start: string, end: string, now: Date): number {
  const total = Date.parse(end) - Date.parse(start);
  const left = Date.parse(end) - now.getTime();
  if (total <= 0 || left <= 0) return 0;
  return Math.floor((priceCents * Math.min(left, total)) / total);
}

/**
 * An upgrade kept by this server: the new plan starts now for a month and
 * is paid at once, less the unused part of a paid period of the old plan.
 */
export function upgradeNow(state: PeriodState, to: PlanId, now: Date): { state: PeriodState; charge: Charge } {
  const from = plans[state.plan];
  const target = plans[to];
  const paid = !hasEnded(state.status) && state.status !== 'trialing';
  const credit = paid ? unusedCredit(from.priceCents, state.current_period_start, state.current_period_end, now) : 0;
  const at = now.toISOString();
  return {
    state: {
      ...state,
      plan: to,
      status: 'active',
      current_period_start: at,
      current_period_end: nextPeriodEnd(now, now).toISOString(),
      billing_anchor: at,
      cancel_at_period_end: 0,
      ends_at: null,
    },
    charge: {
      at,
      amountCents: Math.max(0, target.priceCents - credit),
      description:
        credit > 0
          ? `${target.name} plan, first month, less ${formatUsdPlain(centsToDollars(credit))} for unused ${from.name} time`
          : `${target.name} plan, first month`,
    },
  };
}

/** Cancelling: nothing more is charged, and access continues to the end of the period (terms, spec 001 §2.10). */
export function cancelAtPeriodEnd(state: PeriodState): PeriodState {
  return { ...state, cancel_at_period_end: 1, ends_at: state.current_period_end };
}

/** A cancellation can be undone while the period it runs to has not ended. */
export const canResume = (state: PeriodState, now: Date): boolean =>
  !hasEnded(state.status) && state.cancel_at_period_end === 1 && isStorefrontOnline(state.ends_at, now);

/**
 * Undoing a cancellation: the subscription renews again at the period's end, as before it was cancelled. A trial
 * that Stripe has no card for still ends on its last day (see `trialState`).
 */
export function resumeRenewal(state: PeriodState, provider: BillingProviderName): PeriodState {
  const lapses = provider === 'stripe' && isUnpaidTrial(state);
  return { ...state, cancel_at_period_end: 0, ends_at: lapses ? state.current_period_end : null };
}
