import type { BillingProviderName, PlanId, UpgradeResponse } from '@cardstock/contract';
import type { SubscriptionRow } from './billing.repository.ts';

/** Who asked for a change, for the audit log. */
export interface BillingActor {
  email: string;
}

/**
 * Where subscriptions are billed. Both implementations sit behind the same
 * routes: `local` keeps everything in the database, `stripe` charges through
 * Stripe and learns the outcome from its signed webhooks. The service has
 * already checked the caller and brought `row` up to date when it calls one.
 */
export interface BillingProvider {
  readonly name: BillingProviderName;
  upgrade(row: SubscriptionRow, to: PlanId, actor: BillingActor): Promise<UpgradeResponse>;
  /** Stops renewal: access continues to the end of the period. */
  cancel(row: SubscriptionRow, actor: BillingActor): Promise<void>;
  /** Undoes a cancellation before the period ends: it renews again. */
  resume(row: SubscriptionRow, actor: BillingActor): Promise<void>;
  /** Where the Owner changes the card. */
  portal(row: SubscriptionRow): Promise<{ url: string }>;
  /** Applies a signed provider event once; a replay answers `duplicate`. */
  webhook(payload: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }>;
}
