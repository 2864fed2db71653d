import type { Customer } from '@cardstock/contract';
import { messages, roundToCent } from '@cardstock/contract';

const m = messages.customers.screen;

/** The Add and Edit dialog's fields, as typed. */
export interface CustomerForm {
  name: string;
  email: string;
  phone: string;
  notes: string;
  /** Pays no sales tax at the register (issue 44). */
  taxExempt: boolean;
}

export const emptyCustomerForm: CustomerForm = { name: '', email: '', phone: '', notes: '', taxExempt: false };

export const customerFormOf = (c: Customer): CustomerForm => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  notes: c.notes,
  taxExempt: c.tax_exempt,
});

/** What the form lacks before it is worth sending (the server checks the rest and says so in its words). */
export function customerFormProblem(form: Omit<CustomerForm, 'taxExempt'>): string | undefined {
  if (!form.name.trim()) return m.nameRequired;
  if (!form.email.trim() && !form.phone.trim()) return m.contactRequired;
  return undefined;
}

/**
 * An adjustment's amount as typed: dollars other than 0 with at most two decimals ("-5", "12.50"), or undefined.
 */
export function adjustmentAmount(text: string): number | undefined {
  const t = text.trim().replace(/^\+/, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return undefined;
  const value = Number(t);
  return value === 0 ? undefined : value;
}

/** Store credit to pay with, as typed: dollars ≥ 0 with at most two decimals, or undefined. */
export function creditAmount(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Number(t);
}

/** The credit an order takes by default: all of the balance the total can use. */
export const defaultCredit = (balance: number, total: number): number =>
  Math.max(0, roundToCent(Math.min(balance, total)));
