import { centsUsd as usd } from '@cardstock/contract';
import type { ReactNode } from 'react';

/**
 * A sale's figures as the counter reads them, the same on a cart's sale and an order's: subtotal, the discount when
 * there is one, the tax (or the part of the prices that was tax); then what each sale adds (`children`: its total,
 * trade-in, store credit already paid, what is due).
 */
export function SaleFigureList(props: {
  figures: { subtotal_cents: number; discount_cents: number; tax_cents: number };
  taxIncluded: boolean;
  taxRatePercent: number;
  children: ReactNode;
}) {
  const { figures } = props;
  return (
    <dl className="counter-figures" aria-label="Figures">
      <dt>Subtotal</dt>
      <dd>{usd(figures.subtotal_cents)}</dd>
      {figures.discount_cents > 0 && (
        <>
          <dt>Discount</dt>
          <dd>−{usd(figures.discount_cents)}</dd>
        </>
      )}
      <dt>
        {props.taxIncluded ? 'Tax included' : 'Tax'} ({props.taxRatePercent} %)
      </dt>
      <dd>{usd(figures.tax_cents)}</dd>
      {props.children}
    </dl>
  );
}
