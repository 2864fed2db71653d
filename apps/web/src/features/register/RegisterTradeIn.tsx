import { dollarsToCents, formatUsd, type OfferLine } from '@cardstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, errorText } from '../../lib/api.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { CardFinder, draftLineOf, putLine, SellLineRow, sellItems, type SellDraftLine } from '../buylist/index.ts';

export type Payout = 'cash' | 'credit';

interface RegisterTradeInProps {
  lines: readonly SellDraftLine[];
  payout: Payout;
  disabled?: boolean;
  onLines: (lines: SellDraftLine[]) => void;
  onPayout: (payout: Payout) => void;
  /** What the trade-in comes to at the shop's offer for the payout, in cents; undefined while it is being asked. */
  onTotal: (cents: number | undefined) => void;
}

/**
 * Cards the customer sells in the same sale (issue 44): found in the whole catalog, each line priced by the shop's
 * buy rules (the buylist's offer for that printing, finish, condition and language), paid in cash or as store credit
 * that pays part of the sale. The server prices them again when the sale completes.
 */
export function RegisterTradeIn({ lines, payout, disabled, onLines, onPayout, onTotal }: RegisterTradeInProps) {
  const [finding, setFinding] = useState(false);
  const items = sellItems(lines);
  const settled = useSettled(items, 300);
  const offer = useQuery({
    queryKey: ['buy-offer', 'register', JSON.stringify(settled)],
    queryFn: () => call('buylistOffer', { body: { items: settled } }),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const current = JSON.stringify(settled) === JSON.stringify(items);
  const offers: (OfferLine | undefined)[] =
    current && offer.data && offer.data.data.items.length === lines.length ? offer.data.data.items : [];
  const totals = current && offer.data ? offer.data.data : undefined;
  const total =
    lines.length === 0 ? 0 : totals && dollarsToCents(payout === 'cash' ? totals.total_cash : totals.total_credit);
  useEffect(() => onTotal(total), [total, onTotal]);

  return (
    <fieldset className="counter-trade-in" disabled={disabled}>
      <legend>Trade-in</legend>
      {lines.length > 0 && (
        <ul className="sell-lines" aria-label="Trade-in lines">
          {lines.map((line, i) => (
            <SellLineRow
              key={line.key}
              line={line}
              offer={offers[i]}
              onChange={(patch) => onLines(putLine(lines, { ...line, ...patch }, line.key))}
              onRemove={() => onLines(lines.filter((l) => l.key !== line.key))}
            />
          ))}
        </ul>
      )}
      {finding ? (
        <div className="counter-trade-in-finder">
          <CardFinder
            label="Find a card the customer sells"
            onPick={(p) => {
              onLines(putLine(lines, draftLineOf(p)));
              setFinding(false);
            }}
          />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setFinding(false)}>
            Done
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-small" onClick={() => setFinding(true)}>
          Add a card the customer sells
        </button>
      )}
      {lines.length > 0 && (
        <div className="counter-trade-in-payout" role="radiogroup" aria-label="Trade-in paid as">
          {(['credit', 'cash'] as const).map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="counter-payout"
                value={kind}
                checked={payout === kind}
                onChange={() => onPayout(kind)}
              />
              {kind === 'credit' ? 'Store credit' : 'Cash'}
              {totals && <strong>{formatUsd(kind === 'credit' ? totals.total_credit : totals.total_cash)}</strong>}
            </label>
          ))}
        </div>
      )}
      {offer.isError && (
        <p className="text-error" role="alert">
          {errorText(offer.error, 'The offer could not be asked: check the connection.', 'The offer failed.')}
        </p>
      )}
    </fieldset>
  );
}
