import { amountText, formatUsd, messages, roundToCent, type Customer } from '@cardstock/contract';
import { useId } from 'react';
import { CustomerSearch } from '../../components/CustomerSearch.tsx';
import { creditAmount, defaultCredit } from './customer-form.ts';

const m = messages.customers.screen;

/** Who an order is for and how much of it their store credit pays: what the ordering screen sends. */
export interface CreditChoice {
  customer: Customer | undefined;
  /** The credit field as typed; undefined: the default, all of the balance the total can use. */
  creditText: string | undefined;
}

export const noCreditChoice: CreditChoice = { customer: undefined, creditText: undefined };

/** The order's payment fields from the choice: none without a customer; undefined when the amount is not valid. */
export function creditPayment(choice: CreditChoice, total: number) {
  if (!choice.customer) return {};
  const credit =
    choice.creditText === undefined ? defaultCredit(choice.customer.balance, total) : creditAmount(choice.creditText);
  if (credit === undefined) return undefined;
  return { customer_id: choice.customer.id, store_credit: credit };
}

/**
 * The cart's Customer picker (staff only): search the shop's customers, pick one to see their balance, and pay
 * part or all of the order with their store credit (all the balance the total can use by default).
 */
export function CreditPayment({
  choice,
  total,
  disabled,
  onChange,
}: {
  choice: CreditChoice;
  total: number;
  disabled?: boolean;
  onChange: (next: CreditChoice) => void;
}) {
  const creditId = useId();
  const { customer } = choice;
  if (!customer)
    return <CustomerSearch disabled={disabled} onPick={(c) => onChange({ customer: c, creditText: undefined })} />;

  const shown = choice.creditText ?? amountText(defaultCredit(customer.balance, total));
  const credit = creditAmount(shown);
  const rest = credit === undefined ? undefined : Math.max(0, roundToCent(total - credit));
  return (
    <div className="customer-picker">
      <span>{m.picker}</span>
      <div className="customer-picker-chosen">
        <span>
          <strong data-testid="order-customer">{customer.name}</strong>{' '}
          <span className="muted">{m.creditLeft(formatUsd(customer.balance))}</span>
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={disabled}
          title={m.pickerClear}
          onClick={() => onChange(noCreditChoice)}
        >
          {m.pickerChange}
        </button>
      </div>
      {customer.balance > 0 && (
        <>
          <label htmlFor={creditId}>{m.payWithCredit}</label>
          <input
            id={creditId}
            inputMode="decimal"
            value={shown}
            disabled={disabled}
            onChange={(e) => onChange({ customer, creditText: e.target.value })}
          />
          {rest !== undefined && <span className="muted">{m.restToPay(formatUsd(rest))}</span>}
        </>
      )}
    </div>
  );
}
