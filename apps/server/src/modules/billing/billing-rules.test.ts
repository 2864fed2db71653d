import { describe, expect, it } from 'vitest';
import {
  advance,
  canResume,
  cancelAtPeriodEnd,
  isStorefrontOnline,
  nextPeriodEnd,
  resumeRenewal,
  trialState,
  unusedCredit,
  upgradeNow,
  upgradeTarget,
  type PeriodState,
} from './billing-rules.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

describe('nextPeriodEnd', () => {
  it('keeps the anchor day, clamped to short months, without drifting', () => {
    const anchor = at('2027-01-31T09:30:00.000Z');
    const feb = nextPeriodEnd(anchor, anchor);
    expect(feb.toISOString()).toBe('2027-02-28T09:30:00.000Z');
    const mar = nextPeriodEnd(feb, anchor);
    expect(mar.toISOString()).toBe('2027-03-31T09:30:00.000Z');
    expect(nextPeriodEnd(at('2028-01-31T09:30:00.000Z'), anchor).toISOString()).toBe('2028-02-29T09:30:00.000Z');
  });

  it('rolls December into January of the next year', () => {
    const anchor = at('2026-12-15T00:00:00.000Z');
    expect(nextPeriodEnd(anchor, anchor).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('a trial', () => {
  const start = at('2026-11-01T12:00:00.000Z');

  it('lasts 14 days; with the local provider it renews, with Stripe it ends unless the Owner pays', () => {
    const local = trialState(start, 'local');
    expect(local).toMatchObject({ plan: 'starter', status: 'trialing', ends_at: null });
    expect(local.current_period_end).toBe('2026-11-15T12:00:00.000Z');
    expect(trialState(start, 'stripe').ends_at).toBe('2026-11-15T12:00:00.000Z');
  });

  it('rolls into the paid plan at its end (local): one payment, a month anchored on the trial’s end', () => {
    const step = advance(trialState(start, 'local'), at('2026-11-16T00:00:00.000Z'), 'local')!;
    expect(step.state).toMatchObject({
      status: 'active',
      current_period_start: '2026-11-15T12:00:00.000Z',
      current_period_end: '2026-12-15T12:00:00.000Z',
      billing_anchor: '2026-11-15T12:00:00.000Z',
    });
    expect(step.charges).toEqual([
      {
        at: '2026-11-15T12:00:00.000Z',
        amountCents: 2900,
        description: 'Starter plan, first month after the free trial',
      },
    ]);
  });

  it('lapses without a Stripe subscription: inactive from its last day, nothing charged', () => {
    const step = advance(trialState(start, 'stripe'), at('2026-11-20T00:00:00.000Z'), 'stripe')!;
    expect(step.state).toMatchObject({ status: 'inactive', ends_at: '2026-11-15T12:00:00.000Z' });
    expect(step.charges).toEqual([]);
  });

  it('changes nothing before its end', () => {
    expect(advance(trialState(start, 'local'), at('2026-11-10T00:00:00.000Z'), 'local')).toBeNull();
  });
});

describe('advance', () => {
  const active: PeriodState = {
    plan: 'pro',
    status: 'active',
    current_period_start: '2027-01-31T00:00:00.000Z',
    current_period_end: '2027-02-28T00:00:00.000Z',
    billing_anchor: '2027-01-31T00:00:00.000Z',
    cancel_at_period_end: 0,
    ends_at: null,
    stripe_subscription_id: null,
  };

  it('renews every period that passed, each with its payment, on the anchor day', () => {
    const step = advance(active, at('2027-04-01T00:00:00.000Z'), 'local')!;
    expect(step.charges.map((c) => [c.at, c.amountCents])).toEqual([
      ['2027-02-28T00:00:00.000Z', 7900],
      ['2027-03-31T00:00:00.000Z', 7900],
    ]);
    expect(step.state.current_period_end).toBe('2027-04-30T00:00:00.000Z');
    expect(step.charges[0]!.description).toBe('Pro plan, monthly renewal');
  });

  it('ends a cancelled subscription at its period end instead of renewing it', () => {
    const step = advance(cancelAtPeriodEnd(active), at('2027-03-05T00:00:00.000Z'), 'local')!;
    expect(step.state).toMatchObject({ status: 'cancelled', ends_at: '2027-02-28T00:00:00.000Z' });
    expect(step.charges).toEqual([]);
    expect(advance(step.state, at('2028-01-01T00:00:00.000Z'), 'local')).toBeNull();
  });

  it('can resume a cancellation until its period ends, and then renews as if never cancelled', () => {
    const cancelled = cancelAtPeriodEnd(active);
    expect(canResume(active, at('2027-02-10T00:00:00.000Z'))).toBe(false);
    expect(canResume(cancelled, at('2027-02-10T00:00:00.000Z'))).toBe(true);
    expect(canResume(cancelled, at('2027-02-28T00:00:00.000Z'))).toBe(false);
    const ended = advance(cancelled, at('2027-03-05T00:00:00.000Z'), 'local')!.state;
    expect(canResume(ended, at('2027-02-10T00:00:00.000Z'))).toBe(false);

    const resumed = resumeRenewal(cancelled, 'local');
    expect(resumed).toEqual(active);
    expect(advance(resumed, at('2027-03-05T00:00:00.000Z'), 'local')!.charges).toHaveLength(1);
    // A Stripe trial without a card still lapses on its last day once resumed; a paid Stripe one renews.
    const trial = trialState(at('2027-01-01T00:00:00.000Z'), 'stripe');
    expect(resumeRenewal(cancelAtPeriodEnd(trial), 'stripe')).toEqual(trial);
    const paid = { ...active, stripe_subscription_id: 'sub_1' };
    expect(resumeRenewal(cancelAtPeriodEnd(paid), 'stripe')).toEqual(paid);
  });

  it('leaves a paid Stripe subscription to Stripe’s webhooks', () => {
    expect(
      advance({ ...active, stripe_subscription_id: 'sub_1' }, at('2027-04-01T00:00:00.000Z'), 'stripe'),
    ).toBeNull();
  });
});

describe('upgrade', () => {
  it('goes from Starter to Pro, restarts an ended plan, and offers nothing above the top plan', () => {
    const trial = trialState(at('2026-11-01T00:00:00.000Z'), 'local');
    expect(upgradeTarget(trial)).toBe('pro');
    expect(upgradeTarget({ ...trial, plan: 'pro', status: 'active' })).toBeNull();
    expect(upgradeTarget({ ...trial, plan: 'pro', status: 'cancelled' })).toBe('pro');
  });

  it('charges the full price from a trial, and credits the unused part of a paid Starter month', () => {
    const now = at('2026-11-05T00:00:00.000Z');
    const fromTrial = upgradeNow(trialState(at('2026-11-01T00:00:00.000Z'), 'local'), 'pro', now);
    expect(fromTrial.charge).toEqual({
      at: now.toISOString(),
      amountCents: 7900,
      description: 'Pro plan, first month',
    });
    expect(fromTrial.state).toMatchObject({
      plan: 'pro',
      status: 'active',
      current_period_end: '2026-12-05T00:00:00.000Z',
      cancel_at_period_end: 0,
      ends_at: null,
    });

    const paid: PeriodState = {
      ...fromTrial.state,
      plan: 'starter',
      current_period_start: '2026-11-01T00:00:00.000Z',
      current_period_end: '2026-12-01T00:00:00.000Z',
    };
    const half = at('2026-11-16T00:00:00.000Z');
    const step = upgradeNow(paid, 'pro', half);
    expect(step.charge.amountCents).toBe(7900 - 1450);
    expect(step.charge.description).toBe('Pro plan, first month, less $14.50 for unused Starter time');
  });

  it('never credits more than the period was worth', () => {
    expect(
      unusedCredit(2900, '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', at('2026-10-01T00:00:00.000Z')),
    ).toBe(2900);
    expect(
      unusedCredit(2900, '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', at('2026-12-02T00:00:00.000Z')),
    ).toBe(0);
  });
});

describe('the storefront', () => {
  it('is online while access lasts and offline from the moment it ends', () => {
    const now = at('2026-11-22T10:00:00.000Z');
    expect(isStorefrontOnline(null, now)).toBe(true);
    expect(isStorefrontOnline(new Date(now.getTime() + DAY).toISOString(), now)).toBe(true);
    expect(isStorefrontOnline(now.toISOString(), now)).toBe(false);
  });
});
