import { tenderKinds, type TenderKind } from '@cardstock/contract';
import { amountText, nextDraftId, remainingCents, tenderLabels, type TenderDraft } from './sale.ts';

interface RegisterTendersProps {
  tenders: readonly TenderDraft[];
  dueCents: number;
  /** Store credit is a tender only with a customer attached. */
  creditAllowed: boolean;
  /** Cash needs the seller's open drawer (decision 038). */
  cashAllowed: boolean;
  disabled?: boolean;
  onChange: (tenders: TenderDraft[]) => void;
  /** What the rows pay: a sale's tenders, or a return's refund. */
  legend?: string;
}

/**
 * How the sale is paid: a button per kind adds a row holding what is still due (typed over for a split), a card's row
 * takes the terminal's reference. Only cash may come to more than is due; the change shows in the totals.
 */
export function RegisterTenders({
  tenders,
  dueCents,
  creditAllowed,
  cashAllowed,
  disabled,
  onChange,
  legend = 'Tenders',
}: RegisterTendersProps) {
  function add(kind: TenderKind) {
    const left = remainingCents(dueCents, tenders);
    onChange([...tenders, { id: nextDraftId(), kind, text: left > 0 ? amountText(left) : '', reference: '' }]);
  }
  const edit = (id: number, change: Partial<TenderDraft>) =>
    onChange(tenders.map((t) => (t.id === id ? { ...t, ...change } : t)));

  return (
    <fieldset className="counter-tenders" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="counter-tender-kinds">
        {tenderKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn"
            disabled={(kind === 'store_credit' && !creditAllowed) || (kind === 'cash' && !cashAllowed)}
            title={
              kind === 'store_credit' && !creditAllowed
                ? 'Attach a customer to pay with store credit'
                : kind === 'cash' && !cashAllowed
                  ? 'Open your cash drawer first'
                  : undefined
            }
            onClick={() => add(kind)}
          >
            {tenderLabels[kind]}
          </button>
        ))}
      </div>
      {tenders.length > 0 && (
        <ul className="counter-tender-rows" aria-label={legend}>
          {tenders.map((t) => (
            <li key={t.id}>
              <label>
                <span>{tenderLabels[t.kind]}</span>
                <input
                  inputMode="decimal"
                  autoComplete="off"
                  aria-label={`${tenderLabels[t.kind]} amount`}
                  value={t.text}
                  // A new row is typed over at once: a split names its own amount.
                  autoFocus
                  onFocus={(e) => e.target.select()}
                  onChange={(e) => edit(t.id, { text: e.target.value })}
                />
              </label>
              {t.kind === 'card' && (
                <input
                  className="counter-tender-reference"
                  aria-label="Card reference"
                  placeholder="Terminal reference (optional)"
                  maxLength={100}
                  value={t.reference}
                  onChange={(e) => edit(t.id, { reference: e.target.value })}
                />
              )}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`Remove the ${tenderLabels[t.kind].toLowerCase()} tender`}
                onClick={() => onChange(tenders.filter((other) => other.id !== t.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
