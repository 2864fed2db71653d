import { messages, roleAllows, timings, type PendingOrder } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { authToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { finishSummary, formatLocalTime, orderSetChanged } from './order-view.ts';
import { OrderNumber, OrderStatus } from './OrderParts.tsx';
import { OrderReviewModal } from './OrderReviewModal.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const m = messages.orders;
const title = 'Order Management';

/** The shop's pending orders; a failed fetch shows an empty list, silently (spec 000 §8). */
const fetchPending = (token: string | undefined): Promise<PendingOrder[]> =>
  call('pendingOrders', { body: { token } }).then(
    (answer) => answer.data.orders,
    () => [],
  );

/**
 * Order Management (spec 000 §2, §4): pending orders, polled every 10 s, each
 * reviewed in a modal and accepted or rejected there. A toast says when the
 * set of pending orders changed since the last look.
 */
export function OrderManagementPage() {
  useTitle(title);
  const queryClient = useQueryClient();
  const token = authToken();
  const canDecide = roleAllows(userRole(), 'orders:decide');
  const [reviewing, setReviewing] = useState<string>();
  // The order numbers of the last load; undefined until the first one, which never counts as a change.
  const known = useRef<readonly string[]>(undefined);

  const pending = useQuery({
    queryKey: ['orders', 'pending'],
    queryFn: () => fetchPending(token),
    enabled: Boolean(token),
    refetchInterval: timings.pendingOrdersPollMs,
    retry: false,
  });
  const orders = pending.data ?? [];
  // Looked up on every render, so a poll that no longer lists the order closes its modal.
  const selected = orders.find((o) => o.order_number === reviewing);

  useEffect(() => {
    if (!pending.data) return;
    const numbers = pending.data.map((o) => o.order_number);
    if (orderSetChanged(known.current, numbers)) toast.info(m.pendingUpdated);
    known.current = numbers;
  }, [pending.data]);

  function decided(orderNumber: string, succeeded: boolean) {
    if (succeeded) {
      // This screen's own decision is not news: only changes made elsewhere raise the toast.
      known.current = known.current?.filter((n) => n !== orderNumber);
      setReviewing(undefined);
    }
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }

  return (
    <section className="page orders-page">
      <PageHeader title={title} />
      <div className="table-wrap">
        <table className="table order-table">
          <thead>
            <tr>
              <th scope="col">Order Number</th>
              <th scope="col">Status</th>
              <th scope="col">Order Time</th>
              <th scope="col">Total Items</th>
              <th scope="col">Finish</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {pending.isPending && token ? (
              <TableMessageRow columns={6}>{m.pendingLoading}</TableMessageRow>
            ) : orders.length === 0 ? (
              <TableMessageRow columns={6}>{m.pendingEmpty}</TableMessageRow>
            ) : (
              orders.map((order) => (
                <tr key={order.order_number}>
                  <td>
                    <OrderNumber orderNumber={order.order_number} />
                  </td>
                  <td>
                    <OrderStatus status={order.status} />
                  </td>
                  <td>
                    <time dateTime={order.timestamp}>{formatLocalTime(order.timestamp)}</time>
                  </td>
                  <td>{order.total_items}</td>
                  <td>{finishSummary(order.items)}</td>
                  <td>
                    <button type="button" className="btn btn-small" onClick={() => setReviewing(order.order_number)}>
                      Review
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {selected && (
        <OrderReviewModal
          order={selected}
          canDecide={canDecide}
          onClose={() => setReviewing(undefined)}
          onDecided={decided}
        />
      )}
    </section>
  );
}
