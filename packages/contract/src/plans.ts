/**
 * The plans a shop pays for (spec 001 §2.6), in one place: the server bills
 * from this table and the page shows it. Plans differ by the service that
 * comes with them, not by screens locked in code: every shop gets every
 * screen (docs/decisions/011-billing.md).
 */
export const planIds = ['starter', 'pro'] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price per billing cycle (one month), in cents. */
  priceCents: number;
  features: readonly string[];
}

export const plans: Record<PlanId, Plan> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    priceCents: 2900,
    features: [
      'Singles and sealed inventory with CSV import and export',
      'Public storefront on your own subdomain',
      'Orders from the staff screen and kiosk tablets',
      'Team accounts with Owner, Manager, Employee and Watcher roles',
      'Sales statistics',
      'E-mail support',
    ],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceCents: 7900,
    features: [
      'Everything in Starter',
      'Priority e-mail support, answered within one business day',
      'Help moving your existing inventory into Cardstock',
    ],
  },
};

export const billingTerms = {
  /** A new shop starts on a trial of the first plan for this many days. */
  trialDays: 14,
  billingCycle: 'monthly',
} as const;

/** The plan an upgrade moves to: the next one up, or none from the top plan. */
export function planAbove(id: PlanId): PlanId | null {
  return planIds[planIds.indexOf(id) + 1] ?? null;
}
