import { amountText, channelMessages, type Reconciliation } from '@cardstock/contract';
import { formatLocalTime } from '../../lib/format.ts';

const m = channelMessages.screen;

/** Copies and a price in the marketplace account's currency (no sign: it may not sell in dollars), or a dash. */
const copiesText = (held: { quantity: number; price: number } | null) =>
  held ? `${held.quantity} × ${amountText(held.price)}` : '—';

/**
 * What a channel's last reconciliation found (issue 42): each difference with the marketplace it put right, what the
 * marketplace listed and what it lists now, and the products listed there by hand, which it left alone.
 */
export function ReconcileReport({ marketplace, report }: { marketplace: string; report: Reconciliation }) {
  const moreCorrections = report.corrections_total - report.corrections.length;
  const moreByHand = report.hand_listed_total - report.hand_listed.length;
  return (
    <div className="channel-reconcile">
      <p className="muted">{m.lastCheck(marketplace, formatLocalTime(report.at), report.corrections_total)}</p>
      {report.corrections.length > 0 && (
        <table className="table channel-corrections">
          <caption>{m.correctionsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col">What</th>
              <th scope="col">On {marketplace}</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {report.corrections.map((c, i) => (
              <tr key={`${c.card_name}-${i}`}>
                <td>{c.card_name}</td>
                <td>{m.correctionActions[c.action]}</td>
                <td>{copiesText(c.marketplace)}</td>
                <td>{copiesText(c.cardstock)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {moreCorrections > 0 && <p className="muted">{m.moreNotShown(moreCorrections)}</p>}
      {report.hand_listed.length > 0 && (
        <table className="table channel-hand-listed">
          <caption>{m.handListedCaption(marketplace, report.hand_listed_total)}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Item</th>
              <th scope="col">Copies × price</th>
            </tr>
          </thead>
          <tbody>
            {report.hand_listed.map((p) => (
              <tr key={p.product_id}>
                <td className="mono">{p.product_id}</td>
                <td className="mono">{p.item_id}</td>
                <td>{copiesText(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {moreByHand > 0 && <p className="muted">{m.moreNotShown(moreByHand)}</p>}
    </div>
  );
}
