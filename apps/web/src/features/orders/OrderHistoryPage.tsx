import { messages, roleAllows, timings } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { OrderHistoryModal } from './OrderHistoryModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrderTable } from './OrderTable.tsx';
import { formatLocalTime } from './order-view.ts';
import { isReadyForPickup } from './PickupActions.tsx';

const m = messages.orders;
const title = 'Order History';

/**
 * Order History (spec 000 §2, §4): confirmed orders, newest first, loaded on
 * open and checked again every 90 s with a toast saying so; each one opens
 * read-only in a modal. A confirmed online reservation shows its pickup
 * deadline, and its modal lets staff who may decide orders mark it picked up
 * or a no-show (issue 38); it stays listed with how it ended.
 */
export function OrderHistoryPage() {
  useTitle(title);
  const signedIn = hasAuthToken();
  const [reviewing, setReviewing] = useState<string>();
  const queryClient = useQueryClient();
  const canDecide = roleAllows(userRole(), 'orders:decide');

  const history = useQuery({
    queryKey: ['orders', 'history'],
    queryFn: () => call('orderHistory'),
    enabled: signedIn,
    retry: false,
  });
  const { refetch: reload } = history;
  const orders = history.data?.data.orders ?? [];
  const selected = orders.find((o) => o.order_number === reviewing);

  useEffect(() => {
    // Without a session the calls are skipped and the spec logs an error (the route guard normally prevents this).
    if (!signedIn) {
      console.error('Order history: no auth_token cookie, so nothing was loaded.');
      return;
    }
    const timer = window.setInterval(() => {
      toast.info(m.checkingHistory);
      void reload();
    }, timings.orderHistoryPollMs);
    return () => window.clearInterval(timer);
  }, [signedIn, reload]);

  return (
    <section className="page orders-page">
      <PageHeader title={title} />
      {history.isError && <p className="text-error">{history.error.message}</p>}
      <OrderTable
        orders={orders}
        loading={history.isPending && signedIn}
        loadingText={m.historyLoading}
        emptyText={m.historyEmpty}
        timeOf={(order) => order.confirmed_timestamp}
        statusNote={(order) =>
          isReadyForPickup(order) && order.pickup_until ? m.pickupBy(formatLocalTime(order.pickup_until)) : null
        }
        onReview={setReviewing}
      />

      {selected && (
        <OrderHistoryModal
          order={selected}
          onClose={() => setReviewing(undefined)}
          onPickup={
            canDecide
              ? (succeeded) => {
                  if (succeeded) setReviewing(undefined);
                  // Stock and statistics moved with a no-show: whatever shows them reads again.
                  void queryClient.invalidateQueries();
                }
              : undefined
          }
        />
      )}
    </section>
  );
}
