import { messages } from '@cardstock/contract';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { chime, newOrderAlert, orderArrived, ordersSeen, useUnseenOrders } from '../lib/new-orders.ts';
import { useShopEvents } from '../lib/use-shop-events.ts';

const orderManagement = '/order-management';

/**
 * Hears orders placed anywhere in the shop, on every staff page (issue 41): a chime when the device's setting asks
 * for one, and, while Order Management is not on screen, a badge that counts them and leads there.
 */
export function NewOrdersBadge() {
  const unseen = useUnseenOrders();
  const watching = useLocation().pathname === orderManagement;
  useShopEvents(['order.placed'], () => {
    if (newOrderAlert().sound) chime();
    if (!watching || document.hidden) orderArrived();
  });
  useEffect(() => {
    if (!watching) return;
    ordersSeen();
    const seen = () => document.hidden || ordersSeen();
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [watching]);
  if (!unseen) return null;
  return (
    <Link to={orderManagement} className="new-orders-badge" aria-live="polite">
      {messages.orders.newOrdersBadge(unseen)}
    </Link>
  );
}
