import { z } from 'zod';
import { planIds } from '../plans.ts';

/**
 * A subscription's states. `trialing` is a new shop's free trial; `pending`
 * is a payment Stripe is still retrying; `inactive` is a trial or payment that
 * ran out; `cancelled` is a subscription that ended after a cancellation.
 * The page colours them per spec 001 §4.
 */
export const subscriptionStatuses = ['trialing', 'active', 'pending', 'inactive', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The statuses in which the subscription has ended: the public storefront is offline. */
export const endedStatuses: readonly SubscriptionStatus[] = ['inactive', 'cancelled'];

export const billingProviders = ['local', 'stripe'] as const;
export type BillingProviderName = (typeof billingProviders)[number];

const ZPlanOffer = z.object({
  planId: z.enum(planIds),
  plan: z.string().describe('The plan’s name'),
  price: z.number().describe('Dollars per billing cycle'),
  features: z.array(z.string()),
});

/**
 * The billing screen's subscription (spec 001 §3: plan, price, billingCycle,
 * status, nextBillingDate, features), plus what the page needs to explain
 * a trial, a cancellation and what an ended subscription changes.
 */
export const ZSubscription = z.object({
  plan: z.string().describe('The plan’s name, e.g. Starter'),
  planId: z.enum(planIds),
  price: z.number().describe('Dollars per billing cycle'),
  billingCycle: z.string().describe('monthly'),
  status: z.enum(subscriptionStatuses),
  nextBillingDate: z
    .string()
    .nullable()
    .describe('When the next payment is taken (UTC ISO); null when none will be (cancelled, ended, unpaid trial)'),
  features: z.array(z.string()),
  trialEndsAt: z.string().nullable().describe('End of the free trial while trialing (UTC ISO)'),
  cancelAtPeriodEnd: z.boolean().describe('Cancelled: access continues to the end of the paid period'),
  endsAt: z.string().nullable().describe('When access ends or ended (UTC ISO); null while it renews'),
  storefrontOnline: z.boolean().describe('False once the subscription has ended: the public storefront is offline'),
  canCancel: z.boolean(),
  canResume: z
    .boolean()
    .optional()
    .describe('Cancelled but the paid period has not ended: Resume subscription undoes the cancellation'),
  upgradeTo: ZPlanOffer.nullable().describe('What Upgrade Plan moves to; null when there is nothing above'),
  provider: z.enum(billingProviders).describe('local: billing kept by this server; stripe: Stripe'),
});
export type Subscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionResponse = z.object({
  subscription: ZSubscription.nullable().describe('null: the shop has no subscription'),
});
export type SubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

/** One payment (spec 001 §3): id, date, status, description, amount in dollars. */
export const ZPayment = z.object({
  id: z.string().describe('The payment’s reference: pay_… (local) or the Stripe invoice id'),
  date: z.string().describe('When it was paid (UTC ISO)'),
  status: z.string().describe('completed or refunded'),
  description: z.string(),
  amount: z.number().describe('Dollars'),
});
export type Payment = z.infer<typeof ZPayment>;

export const ZPaymentsResponse = z.object({ payments: z.array(ZPayment).describe('Newest first') });
export type PaymentsResponse = z.infer<typeof ZPaymentsResponse>;

export const ZUpgradeResponse = z.object({
  message: z.string(),
  checkoutUrl: z
    .string()
    .nullable()
    .describe('Stripe Checkout page to finish the upgrade on; null when the plan changed at once'),
});
export type UpgradeResponse = z.infer<typeof ZUpgradeResponse>;

export const ZBillingPortalResponse = z.object({ url: z.string().describe('Stripe’s billing portal for this shop') });

export const ZWebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('true: this event was already recorded, nothing changed'),
});
