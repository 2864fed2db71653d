import { centsUsd as usd, type SaleFigures } from '@cardstock/contract';
import { FlagTags } from '../../components/FlagTags.tsx';
import { lineDetails, type CartItem } from '../orders/index.ts';
import { setLineQuantity } from './sale.ts';

interface RegisterLinesProps {
  cart: readonly CartItem[];
  figures: SaleFigures;
  disabled?: boolean;
  onRemove: (key: string) => void;
  onChange: (cart: CartItem[]) => void;
}

/** The sale's lines: what each is, how many (a stepper within the stock), and what it comes to after discounts. */
export function RegisterLines({ cart, figures, disabled, onRemove, onChange }: RegisterLinesProps) {
  if (cart.length === 0)
    return <p className="muted counter-lines-empty">Scan a barcode or search to add the first item.</p>;
  return (
    <ul className="counter-lines" aria-label="Sale lines">
      {cart.map((line, i) => {
        const what = `${line.name} (${lineDetails(line)})`;
        const net = figures.lines[i]?.net_cents ?? 0;
        return (
          <li key={line.key} aria-label={line.name}>
            <div className="counter-line-what">
              <strong>{line.name}</strong>
              <span className="muted">
                {lineDetails(line)}
                <FlagTags signed={line.signed} altered={line.altered} />
              </span>
            </div>
            <div className="counter-line-quantity">
              <button
                type="button"
                className="btn btn-small"
                aria-label={`One less ${what}`}
                disabled={disabled || line.quantity <= 1}
                onClick={() => onChange(setLineQuantity(cart, line.key, line.quantity - 1))}
              >
                −
              </button>
              <span aria-label={`Quantity of ${line.name}`}>{line.quantity}</span>
              <button
                type="button"
                className="btn btn-small"
                aria-label={`One more ${what}`}
                disabled={disabled || line.quantity >= line.stock}
                title={line.quantity >= line.stock ? `Only ${line.stock} in stock` : undefined}
                onClick={() => onChange(setLineQuantity(cart, line.key, line.quantity + 1))}
              >
                +
              </button>
            </div>
            <span className="counter-line-total">
              {usd(net)}
              {net !== (figures.lines[i]?.gross_cents ?? 0) && (
                <small className="muted"> of {usd(figures.lines[i]?.gross_cents ?? 0)}</small>
              )}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              aria-label={`Remove ${what}`}
              disabled={disabled}
              onClick={() => onRemove(line.key)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
