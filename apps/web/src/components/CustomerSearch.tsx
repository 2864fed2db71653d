import { formatUsd, messages, type Customer } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call } from '../lib/api.ts';
import { useSettled } from '../lib/use-settled.ts';
import './CustomerSearch.css';

const m = messages.customers.screen;

/**
 * Finds one of the shop's customers as the staff member types (name, e-mail or phone) and hands the one picked
 * back, with their balance: the ordering cart's and the sell list's customer picker.
 */
export function CustomerSearch({
  label = m.picker,
  disabled,
  onPick,
}: {
  label?: string;
  disabled?: boolean;
  onPick: (customer: Customer) => void;
}) {
  const [text, setText] = useState('');
  const q = useSettled(text.trim(), 250);
  const inputId = useId();
  const found = useQuery({
    queryKey: ['customers', 'picker', q],
    queryFn: () => call('customersSearch', { body: { q } }),
    enabled: q !== '',
    retry: false,
  });
  const hits = found.data?.data.customers ?? [];
  return (
    <div className="customer-picker">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="search"
        placeholder={m.pickerHint}
        value={text}
        disabled={disabled}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {q !== '' && found.isSuccess && (
        <ul className="customer-picker-results" aria-label="Customers found">
          {hits.length === 0 && <li className="muted">{m.pickerEmpty}</li>}
          {hits.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => {
                  setText('');
                  onPick(c);
                }}
              >
                <span>
                  {c.name} <span className="muted">{c.email || c.phone}</span>
                </span>
                <span>{formatUsd(c.balance)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
