import { centsToDollars, creditKinds, type CreditEntry, type CreditKind, type Customer } from '@cardstock/contract';
import type { CreditEntryRow, CustomerRow } from './customers.repository.ts';

/** A stored customer as the wire shows it: the balance in dollars. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    tax_exempt: row.tax_exempt === 1,
    balance: centsToDollars(row.balance_cents),
    created_at: row.created_at,
  };
}

const asKind = (kind: string): CreditKind =>
  creditKinds.includes(kind as CreditKind) ? (kind as CreditKind) : 'adjustment';

export function toCreditEntry(row: CreditEntryRow): CreditEntry {
  return {
    id: row.id,
    kind: asKind(row.kind),
    amount: centsToDollars(row.amount_cents),
    balance_after: centsToDollars(row.balance_after_cents),
    reason: row.reason,
    reference: row.reference,
    actor: row.actor,
    created_at: row.created_at,
  };
}
