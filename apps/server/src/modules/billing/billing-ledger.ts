import type { AuditEvent } from '@cardstock/contract';
import { withTransaction, type Executor } from '../../db/database.ts';
import { newHumanCode } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { Charge, PeriodState } from './billing-rules.ts';
import { billingRepository as repo, type SubscriptionRow } from './billing.repository.ts';

/** A change to a shop's subscription: its new state, the payments it takes, and who made it. */
export interface SubscriptionChange {
  state: Partial<PeriodState> & { stripe_customer_id?: string | null };
  charges?: Charge[];
  audit?: { actor: string } & AuditEvent;
}

/** A payment id a person can read out on the phone: `pay_K7QHM2XW9PZD`. */
const paymentReference = () => `pay_${newHumanCode(1, 12)}`;

/**
 * Writes a change in one transaction: the subscription (only if it is still
 * the version `seen`), its payments and the audit entry. False when another
 * request changed the subscription first; then nothing is written.
 */
export function commitChange(ctx: AppContext, seen: SubscriptionRow, change: SubscriptionChange): Promise<boolean> {
  return withTransaction(ctx.db, (tx) => writeChange(tx, ctx, seen, change));
}

/** `commitChange` inside a transaction the caller holds (a webhook records its event in the same one). */
export async function writeChange(
  tx: Executor,
  ctx: AppContext,
  seen: SubscriptionRow,
  change: SubscriptionChange,
): Promise<boolean> {
  const at = ctx.clock.now().toISOString();
  if (!(await repo.updateSubscription(tx, seen, change.state, at))) return false;
  for (const charge of change.charges ?? []) {
    await repo.insertPayment(
      tx,
      {
        shop_id: seen.shop_id,
        reference: paymentReference(),
        amount_cents: charge.amountCents,
        description: charge.description,
        paid_at: charge.at,
      },
      at,
    );
  }
  if (change.audit) {
    await auditRepository.record(tx, {
      shop_id: seen.shop_id,
      subject: 'subscription',
      created_at: at,
      ...change.audit,
    });
  }
  return true;
}
