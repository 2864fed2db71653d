import { messages, timings, type HistoryOrder } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { OrderNumber } from '../../components/OrderNumber.tsx';
import { call, errorText } from '../../lib/api.ts';
import { MarketBadge, MissingCopiesList } from './OrderParts.tsx';

const m = messages.orders;

/** The shop's marketplace orders that need attention; a failed fetch shows none, as the pending list does. */
const fetchAttention = (): Promise<HistoryOrder[]> =>
  call('attentionOrders').then(
    (answer) => answer.data.orders,
    () => [],
  );

/**
 * Order Management's Needs Attention list (issue 42): marketplace sales that named copies the shop no longer had,
 * each with what is missing, its review, and (for staff who may decide orders) Mark Dealt With. Shown only while
 * there are some.
 */
export function AttentionOrders({
  enabled,
  canDecide,
  onReview,
}: {
  enabled: boolean;
  canDecide: boolean;
  onReview: (order: HistoryOrder) => void;
}) {
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState<string>();
  const attention = useQuery({
    queryKey: ['orders', 'attention'],
    queryFn: fetchAttention,
    enabled,
    refetchInterval: timings.pendingOrdersPollMs,
    retry: false,
  });
  const orders = attention.data ?? [];
  if (!orders.length) return null;

  async function clear(orderNumber: string) {
    setClearing(orderNumber);
    try {
      const answer = await call('attentionClear', { body: { order_number: orderNumber } }, m.attentionClearFailed);
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorText(err, m.attentionClearFailed));
    } finally {
      setClearing(undefined);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    }
  }

  return (
    <section className="orders-attention" aria-labelledby="orders-attention-title">
      <h2 id="orders-attention-title">{m.attentionTitle}</h2>
      <p className="hint">{m.attentionIntro}</p>
      <ul className="attention-list">
        {orders.map((order) => (
          <li key={order.order_number} className="attention-order" data-testid="attention-order">
            <div>
              <OrderNumber orderNumber={order.order_number} />
              {order.market_code !== undefined && (
                <>
                  {' '}
                  <MarketBadge marketplace={order.source} code={order.market_code} />
                  <div className="hint">
                    {m.marketCode(order.source)} <span className="mono">{order.market_code}</span>
                  </div>
                </>
              )}
            </div>
            <MissingCopiesList missing={order.missing ?? []} />
            <div className="attention-actions">
              <button type="button" className="btn btn-small" onClick={() => onReview(order)}>
                Review
              </button>
              {canDecide && (
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  disabled={clearing === order.order_number}
                  onClick={() => void clear(order.order_number)}
                >
                  {clearing === order.order_number ? m.attentionClearing : m.attentionClear}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
