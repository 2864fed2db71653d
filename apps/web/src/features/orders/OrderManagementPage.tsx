import {
  messages,
  roleAllows,
  timings,
  type ExpiredOrder,
  type HistoryOrder,
  type PendingOrder,
} from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useShopEvents } from '../../lib/use-shop-events.ts';
import { useTitle } from '../../lib/use-title.ts';
import { orderSetChanged } from '../../lib/order-set.ts';
import { chime, setNewOrderAlert, useNewOrderAlert } from '../../lib/new-orders.ts';
import { useChoice } from '../../lib/use-choice.ts';
import { AttentionOrders } from './AttentionOrders.tsx';
import { OrderHistoryModal } from './OrderHistoryModal.tsx';
import { OrderReviewModal } from './OrderReviewModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrderTable } from './OrderTable.tsx';

const m = messages.orders;
const title = 'Order Management';

/** The shop's pending orders; a failed fetch shows an empty list, silently (spec 000 §8). */
const fetchPending = (): Promise<PendingOrder[]> =>
  call('pendingOrders').then(
    (answer) => answer.data.orders,
    () => [],
  );

/** The shop's expired online reservations; a failed fetch shows none, as the pending list does. */
const fetchExpired = (): Promise<ExpiredOrder[]> =>
  call('expiredOrders').then(
    (answer) => answer.data.orders,
    () => [],
  );

/**
 * Order Management (spec 000 §2, §4): pending orders, pushed as they change and polled every 10 s, each
 * reviewed in a modal and accepted or rejected there. A toast says when the
 * set of pending orders changed since the last look. Below them, once there are
 * any, the online reservations that expired (not confirmed within their hold
 * time), each with a read-only review: they leave the pending list by the
 * clock, not by a decision made here, so staff see where they went. Above them all, while there are any, the
 * marketplace sales that need attention (issue 42).
 */
export function OrderManagementPage() {
  useTitle(title);
  const queryClient = useQueryClient();
  const signedIn = hasAuthToken();
  const canDecide = roleAllows(userRole(), 'orders:decide');
  const [reviewing, setReviewing] = useState<string>();
  const [reviewingExpired, setReviewingExpired] = useState<string>();
  const [reviewingAttention, setReviewingAttention] = useState<HistoryOrder>();
  // Orders ticked for a pick list; one decided meanwhile drops out of the link below.
  const [forPicking, togglePicking] = useChoice<string, string>();
  const alert = useNewOrderAlert();
  // The order numbers of the last load; undefined until the first one, which never counts as a change.
  const known = useRef<readonly string[]>(undefined);

  const pending = useQuery({
    queryKey: ['orders', 'pending'],
    queryFn: fetchPending,
    enabled: signedIn,
    refetchInterval: timings.pendingOrdersPollMs,
    retry: false,
  });
  const expired = useQuery({
    queryKey: ['orders', 'expired'],
    queryFn: fetchExpired,
    enabled: signedIn,
    refetchInterval: timings.pendingOrdersPollMs,
    retry: false,
  });
  // An order placed, decided, expired or picked anywhere shows within a second (issue 41); polling stays the fallback.
  useShopEvents(
    ['order.placed', 'order.decided', 'order.expired', 'order.picked'],
    () => void queryClient.invalidateQueries({ queryKey: ['orders'] }),
    signedIn,
  );
  const orders = pending.data ?? [];
  const expiredOrders = expired.data ?? [];
  const selectedExpired = expiredOrders.find((o) => o.order_number === reviewingExpired);
  // Looked up on every render, so a poll that no longer lists the order closes its modal.
  const selected = orders.find((o) => o.order_number === reviewing);
  const picking = orders.filter((o) => forPicking.has(o.order_number)).map((o) => o.order_number);

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
      <div className="toolbar orders-toolbar">
        <Link
          to={
            picking.length
              ? `/order-management/pick-list?orders=${encodeURIComponent(picking.join(','))}`
              : '/order-management/pick-list'
          }
          className="btn"
        >
          {picking.length ? m.pickListSelected(picking.length) : m.pickListButton}
        </Link>
        <fieldset className="order-alert-setting">
          <legend>{m.newOrderAlertLegend}</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={alert.sound}
              onChange={(e) => {
                setNewOrderAlert({ sound: e.target.checked });
                // Heard once as it is turned on: the click lets the browser play it later.
                if (e.target.checked) chime();
              }}
            />
            {m.newOrderSound}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={alert.badge}
              onChange={(e) => setNewOrderAlert({ badge: e.target.checked })}
            />
            {m.newOrderBadge}
          </label>
        </fieldset>
      </div>
      <AttentionOrders enabled={signedIn} canDecide={canDecide} onReview={setReviewingAttention} />
      <OrderTable
        orders={orders}
        loading={pending.isPending && signedIn}
        loadingText={m.pendingLoading}
        emptyText={m.pendingEmpty}
        withFinish
        statusNote={(order) => (order.picked_lines ? m.pickedProgress(order.picked_lines, order.items.length) : null)}
        selection={{ selected: forPicking, toggle: (orderNumber) => togglePicking(orderNumber, orderNumber) }}
        onReview={setReviewing}
      />

      {expiredOrders.length > 0 && (
        <section className="orders-expired" aria-labelledby="orders-expired-title">
          <h2 id="orders-expired-title">{m.expiredTitle}</h2>
          <p className="hint">{m.expiredIntro}</p>
          {/* Shown only once there are some: never loading, never empty. */}
          <OrderTable
            orders={expiredOrders}
            loading={false}
            loadingText=""
            emptyText=""
            decided={{ label: m.expiredAt, timeOf: (order) => order.expired_timestamp }}
            withFinish
            onReview={setReviewingExpired}
          />
        </section>
      )}

      {selected && (
        <OrderReviewModal
          order={selected}
          canDecide={canDecide}
          onClose={() => setReviewing(undefined)}
          onDecided={decided}
        />
      )}
      {selectedExpired && <OrderHistoryModal order={selectedExpired} onClose={() => setReviewingExpired(undefined)} />}
      {reviewingAttention && (
        <OrderHistoryModal order={reviewingAttention} onClose={() => setReviewingAttention(undefined)} />
      )}
    </section>
  );
}
