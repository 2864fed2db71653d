import { formatUsd, type BuyOrder } from '@cardstock/contract';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { formatLocalTime } from '../../lib/format.ts';
import { BuyStatus } from './BuyOrderReview.tsx';

/** Buy orders in a table: the callout large, the seller, copies and offers (or what was paid), and Review. */
export function BuyOrderTable({
  orders,
  message,
  history = false,
  onReview,
}: {
  orders: BuyOrder[];
  /** Loading, empty or failed: shown instead of rows. */
  message?: string;
  history?: boolean;
  onReview: (buyNumber: string) => void;
}) {
  const columns = 7;
  return (
    <div className="table-wrap">
      <table className="table order-table buy-table">
        <thead>
          <tr>
            <th scope="col">Callout</th>
            <th scope="col">Customer</th>
            <th scope="col">{history ? 'Decided' : 'Submitted'}</th>
            <th scope="col" className="numeric">
              Copies
            </th>
            <th scope="col" className="numeric">
              {history ? 'Paid' : 'Cash'}
            </th>
            <th scope="col" className="numeric">
              {history ? 'Status' : 'Credit'}
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {message !== undefined ? (
            <TableMessageRow columns={columns}>{message}</TableMessageRow>
          ) : (
            orders.map((order) => {
              const time = history ? (order.decided_timestamp ?? order.timestamp) : order.timestamp;
              return (
                <tr key={order.buy_number} aria-label={`Sell list ${order.callout}`}>
                  <td>
                    <span className="buy-callout">{order.callout}</span>
                    <span className="muted buy-number">{order.buy_number}</span>
                  </td>
                  <td>
                    {order.customer?.name ?? <span className="muted">—</span>}
                    {/* The seller's contact, not who took the list (a staff e-mail read as the customer's; issue 38). */}
                    {(order.customer?.email || order.customer?.phone) && (
                      <span className="muted buy-number">{order.customer.email || order.customer.phone}</span>
                    )}
                  </td>
                  <td>
                    <time dateTime={time}>{formatLocalTime(time)}</time>
                  </td>
                  <td className="numeric">{order.total_items}</td>
                  <td className="numeric">
                    {history
                      ? order.paid === null
                        ? '—'
                        : `${formatUsd(order.paid)} ${order.payout === 'credit' ? 'credit' : 'cash'}`
                      : formatUsd(order.total_cash)}
                  </td>
                  <td className="numeric">
                    {history ? <BuyStatus status={order.status} /> : formatUsd(order.total_credit)}
                  </td>
                  <td>
                    <button type="button" className="btn btn-small" onClick={() => onReview(order.buy_number)}>
                      Review
                    </button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
