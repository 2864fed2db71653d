import { messages, timings } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { authToken } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { formatLocalTime } from './order-view.ts';
import { OrderHistoryModal } from './OrderHistoryModal.tsx';
import { OrderNumber, OrderStatus } from './OrderParts.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const m = messages.orders;
const title = 'Order History';

/**
 * Order History (spec 000 §2, §4): confirmed orders, newest first, loaded on
 * open and checked again every 90 s with a toast saying so; each one opens
 * read-only in a modal.
 */
export function OrderHistoryPage() {
  useTitle(title);
  const token = authToken();
  const [reviewing, setReviewing] = useState<string>();

  const history = useQuery({
    queryKey: ['orders', 'history'],
    queryFn: () => call('orderHistory', { body: { token } }),
    enabled: Boolean(token),
    retry: false,
  });
  const { refetch } = history;
  const orders = history.data?.data.orders ?? [];
  const selected = orders.find((o) => o.order_number === reviewing);

  useEffect(() => {
    // Without a session the calls are skipped and the spec logs an error (the route guard normally prevents this).
    if (!token) {
      console.error('Order history: no auth_token cookie, so nothing was loaded.');
      return;
    }
    const timer = window.setInterval(() => {
      toast.info(m.checkingHistory);
      void refetch();
    }, timings.orderHistoryPollMs);
    return () => window.clearInterval(timer);
  }, [token, refetch]);

  return (
    <section className="page orders-page">
      <PageHeader title={title} />
      {history.isError && <p className="text-error">{history.error.message}</p>}
      <div className="table-wrap">
        <table className="table order-table">
          <thead>
            <tr>
              <th scope="col">Order Number</th>
              <th scope="col">Status</th>
              <th scope="col">Order Time</th>
              <th scope="col">Total Items</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {history.isPending && token ? (
              <TableMessageRow columns={5}>{m.historyLoading}</TableMessageRow>
            ) : orders.length === 0 ? (
              <TableMessageRow columns={5}>{m.historyEmpty}</TableMessageRow>
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
                    <time dateTime={order.confirmed_timestamp}>{formatLocalTime(order.confirmed_timestamp)}</time>
                  </td>
                  <td>{order.total_items}</td>
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

      {selected && <OrderHistoryModal order={selected} onClose={() => setReviewing(undefined)} />}
    </section>
  );
}
