import type { AuditEvent } from '@cardstock/contract';
import type { Tx } from '../../db/database.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { creditRepository, type CreditMovement } from './customers.repository.ts';

/** The audit entry that tells a movement: what it is about, and its event (action and detail) given the new balance. */
export interface CreditAudit {
  /** The customer's id, unless the movement is told by another's entry (a trade-in by its buy order's). */
  subject?: string;
  event: (balanceCents: number) => AuditEvent;
}

/**
 * The one door to a customer's store credit (orders spending and refunding it, trade-ins, adjustments): the movement
 * goes on the ledger and its audit entry is written, both in the caller's transaction and by the movement's actor at
 * its time. Answers the new balance in cents, or undefined when the movement would take the balance below 0: then
 * nothing is written, and the caller refuses (its transaction rolls back whatever else it wrote).
 */
export async function appendCredit(tx: Tx, movement: CreditMovement, audit: CreditAudit): Promise<number | undefined> {
  const balance = await creditRepository.append(tx, movement);
  if (balance === undefined) return undefined;
  await auditRepository.record(tx, {
    shop_id: movement.shopId,
    actor: movement.actor,
    subject: audit.subject ?? String(movement.customerId),
    created_at: movement.at,
    ...audit.event(balance),
  });
  return balance;
}
