import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { createOrdersService } from './orders.service.ts';

export function ordersRoutes(app: FastifyInstance, ctx: AppContext, stock: StockWriter): void {
  const orders = createOrdersService(ctx, stock);
  registerRoute(app, routes.placeOrder, ({ actor, body }, request) => {
    const key = request.headers['idempotency-key'];
    return orders.place(actor, body.items, Array.isArray(key) ? key[0] : key);
  });
  registerRoute(app, routes.pendingOrders, ({ actor }) => orders.pending(actor));
  registerRoute(app, routes.orderHistory, ({ actor }) => orders.history(actor));
  registerRoute(app, routes.confirmOrder, ({ actor, body }) => orders.confirm(actor, body.order_number));
  registerRoute(app, routes.rejectOrder, ({ actor, body }) => orders.reject(actor, body.order_number));
}
