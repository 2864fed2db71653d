import { formatUsd, messages, type ExpiredOrder, type PendingOrder } from '@cardstock/contract';
import { OrderNumber } from '../../components/OrderNumber.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { formatLocalTime } from '../../lib/format.ts';
import { AttentionBadge, CreditBadge, MarketBadge, OnlineBadge, OrderStatus } from './OrderParts.tsx';
import { finishSummary } from './order-view.ts';

/**
 * The orders table the order screens show (spec 000): number with its
 * callout, status, time, total items, the Finish column where asked for,
 * and Review; then, after the spec's columns so theirs keep their places
 * (issue 38), the order's total, who it is for and who placed it, and when a decided order was decided. Order
 * Time is always when the order was placed.
 */
export function OrderTable<O extends PendingOrder | ExpiredOrder>({
  orders,
  loading,
  loadingText,
  emptyText,
  decided,
  withFinish = false,
  statusNote,
  selection,
  onReview,
}: {
  orders: O[];
  loading: boolean;
  loadingText: string;
  emptyText: string;
  /** A decided order's column: its heading ("Confirmed", "Rejected", "Expired") and the time it shows. */
  decided?: { label: string; timeOf: (order: O) => string };
  withFinish?: boolean;
  /** A line under an order's status, when it has one (the history: a reservation's pickup deadline). */
  statusNote?: (order: O) => string | null;
  /** Orders ticked for a pick list (issue 41): a box before each order's number, in the spec's first column. */
  selection?: { selected: ReadonlyMap<string, unknown>; toggle: (orderNumber: string) => void };
  onReview: (orderNumber: string) => void;
}) {
  const columns = 8 + (withFinish ? 1 : 0) + (decided ? 1 : 0);
  return (
    <div className="table-wrap">
      <table className="table order-table">
        <thead>
          <tr>
            <th scope="col">Order Number</th>
            <th scope="col">Status</th>
            <th scope="col">Order Time</th>
            <th scope="col">Total Items</th>
            {withFinish && <th scope="col">Finish</th>}
            <th scope="col">Actions</th>
            <th scope="col" className="numeric">
              Total
            </th>
            <th scope="col">Customer</th>
            <th scope="col">Source</th>
            {decided && <th scope="col">{decided.label}</th>}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <TableMessageRow columns={columns}>{loadingText}</TableMessageRow>
          ) : orders.length === 0 ? (
            <TableMessageRow columns={columns}>{emptyText}</TableMessageRow>
          ) : (
            orders.map((order) => (
              <tr key={order.order_number}>
                <td className="order-number-cell">
                  <span className="order-number-pick">
                    {selection && (
                      <input
                        type="checkbox"
                        className="order-pick-box"
                        aria-label={messages.orders.selectOrder(order.order_number)}
                        checked={selection.selected.has(order.order_number)}
                        onChange={() => selection.toggle(order.order_number)}
                      />
                    )}
                    <OrderNumber orderNumber={order.order_number} />
                  </span>
                  {order.source_kind === 'online' && (
                    <>
                      {' '}
                      <OnlineBadge />
                    </>
                  )}
                  {order.market_code !== undefined && (
                    <>
                      {' '}
                      <MarketBadge marketplace={order.source} code={order.market_code} />
                    </>
                  )}
                  {order.missing?.length ? (
                    <>
                      {' '}
                      <AttentionBadge />
                    </>
                  ) : null}
                  {order.store_credit > 0 && (
                    <>
                      {' '}
                      <CreditBadge amount={order.store_credit} />
                    </>
                  )}
                </td>
                <td>
                  <OrderStatus status={order.status} />
                  {statusNote?.(order) && <small className="order-status-note">{statusNote(order)}</small>}
                </td>
                <td>
                  <time dateTime={order.timestamp}>{formatLocalTime(order.timestamp)}</time>
                </td>
                <td>{order.total_items}</td>
                {withFinish && <td>{finishSummary(order.items)}</td>}
                <td>
                  <button type="button" className="btn btn-small" onClick={() => onReview(order.order_number)}>
                    Review
                  </button>
                </td>
                <td className="numeric">{formatUsd(order.total)}</td>
                <td className="order-clip" title={order.customer_name ?? order.customer?.name ?? ''}>
                  {order.customer_name ?? order.customer?.name ?? ''}
                </td>
                <td className="order-clip" title={order.source}>
                  {order.source_kind === 'online' ? messages.orders.sourceStorefront : order.source}
                </td>
                {decided && (
                  <td>
                    <time dateTime={decided.timeOf(order)}>{formatLocalTime(decided.timeOf(order))}</time>
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
