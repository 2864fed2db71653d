import { messages, roleAllows, timings } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { OrderHistoryModal } from './OrderHistoryModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { OrderTable } from './OrderTable.tsx';
import { formatLocalTime } from '../../lib/format.ts';
import { isReadyForPickup } from './PickupActions.tsx';

const m = messages.orders;
const title = 'Order History';

type View = 'confirmed' | 'rejected';
const views: readonly { value: View; label: string }[] = [
  { value: 'confirmed', label: m.historyConfirmedTab },
  { value: 'rejected', label: m.historyRejectedTab },
];

/**
 * Order History (spec 000 §2, §4): confirmed orders, newest first, loaded on
 * open and checked again every 90 s with a toast saying so; each one opens
 * read-only in a modal. Order Time is when the order was placed, and a column
 * beside it says when it was confirmed; a second tab lists the rejected
 * orders with the reason given. A confirmed online reservation shows its
 * pickup deadline, and its modal lets staff who may decide orders mark it
 * picked up or a no-show; it stays listed with how it ended (issue 38).
 */
export function OrderHistoryPage() {
  useTitle(title);
  const signedIn = hasAuthToken();
  const [view, setView] = useState<View>('confirmed');
  const [reviewing, setReviewing] = useState<string>();
  const queryClient = useQueryClient();
  const canDecide = roleAllows(userRole(), 'orders:decide');

  const history = useQuery({
    queryKey: ['orders', 'history'],
    queryFn: () => call('orderHistory'),
    enabled: signedIn && view === 'confirmed',
    retry: false,
  });
  const rejected = useQuery({
    queryKey: ['orders', 'rejected'],
    queryFn: () => call('rejectedOrders'),
    enabled: signedIn && view === 'rejected',
    retry: false,
  });
  const shown = view === 'confirmed' ? history : rejected;
  const { refetch: reload } = shown;
  const orders = history.data?.data.orders ?? [];
  const rejectedOrders = rejected.data?.data.orders ?? [];
  const selected = [...orders, ...rejectedOrders].find((o) => o.order_number === reviewing);

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
      <Tabs label={title} tabs={views} value={view} onChange={setView}>
        {shown.isError && <p className="text-error">{shown.error.message}</p>}
        {view === 'confirmed' ? (
          <OrderTable
            orders={orders}
            loading={history.isPending && signedIn}
            loadingText={m.historyLoading}
            emptyText={m.historyEmpty}
            decided={{ label: m.confirmedAt, timeOf: (order) => order.confirmed_timestamp }}
            statusNote={(order) =>
              isReadyForPickup(order) && order.pickup_until ? m.pickupBy(formatLocalTime(order.pickup_until)) : null
            }
            onReview={setReviewing}
          />
        ) : (
          <OrderTable
            orders={rejectedOrders}
            loading={rejected.isPending && signedIn}
            loadingText={m.historyLoading}
            emptyText={m.rejectedEmpty}
            decided={{ label: m.rejectedAt, timeOf: (order) => order.rejected_timestamp }}
            onReview={setReviewing}
          />
        )}
      </Tabs>

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
