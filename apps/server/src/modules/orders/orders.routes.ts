import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf, registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { createOrdersService } from './orders.service.ts';
import { createClearAttention } from './clear-attention.ts';
import { createMarkPicked } from './mark-picked.ts';
import { createPickList } from './pick-list.ts';
import { createPickupService } from './pickup.service.ts';
import { createReservationMails } from './reservation-mails.ts';
import { createReservationsService } from './reservations.service.ts';

/** Registers the staff and tablet order routes and the storefront's reservation routes; answers the orders service. */
export function ordersRoutes(app: FastifyInstance, ctx: AppContext, reads: InventoryReadModel) {
  const mails = createReservationMails(ctx);
  const orders = createOrdersService(ctx, reads, mails);
  const reservations = createReservationsService(ctx, reads, orders);
  const pickup = createPickupService(ctx, orders.giveBack, mails);
  registerRoute(app, routes.placeOrder, ({ actor, body }, request) =>
    orders.place(actor, body.items, idempotencyKeyOf(request.headers), {
      customer_id: body.customer_id,
      store_credit: body.store_credit,
    }),
  );
  // The polled queue goes out as a kept answer, compressed once per encoding (issue 43).
  registerRoute(app, routes.pendingOrders, ({ actor }) => orders.pending(actor), { precompressed: true });
  const pickList = createPickList(ctx);
  registerRoute(app, routes.pickList, ({ actor, body }) => pickList(actor, body.order_numbers));
  const markPicked = createMarkPicked(ctx);
  registerRoute(app, routes.pickMark, ({ actor, body }) =>
    markPicked(actor, body.order_number, body.line, body.picked),
  );
  registerRoute(app, routes.orderHistory, ({ actor }) => orders.history(actor));
  registerRoute(app, routes.expiredOrders, ({ actor }) => orders.expired(actor));
  registerRoute(app, routes.rejectedOrders, ({ actor }) => orders.rejected(actor));
  registerRoute(app, routes.attentionOrders, ({ actor }) => orders.attention(actor));
  const clearAttention = createClearAttention(ctx);
  registerRoute(app, routes.attentionClear, ({ actor, body }) => clearAttention(actor, body.order_number));
  registerRoute(app, routes.confirmOrder, ({ actor, body }) => orders.confirm(actor, body.order_number));
  registerRoute(app, routes.rejectOrder, ({ actor, body }) => orders.reject(actor, body.order_number, body.reason));
  registerRoute(app, routes.pickedUpOrder, ({ actor, body }) => pickup.pickedUp(actor, body.order_number));
  registerRoute(app, routes.noShowOrder, ({ actor, body }) => pickup.noShow(actor, body.order_number));
  registerRoute(app, routes.publicOrder, ({ body }, request) =>
    reservations.reserve(body, idempotencyKeyOf(request.headers), request.ip),
  );
  registerRoute(app, routes.publicOrderStatus, ({ body }, request) => reservations.status(body, request.ip));
  return orders;
}

/**
 * Ends expired reservations every `everyMs` (a minute by default) on an unref'd timer, so a server with nothing else
 * to do still gives their stock back; pending lists and status lookups also end them first, so they are right
 * between turns. Several servers may sweep at once: each order is ended once. Returns the stop function.
 */
export function startExpirySweep(
  ctx: AppContext,
  orders: ReturnType<typeof createOrdersService>,
  everyMs = 60_000,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = orders
      .expireHolds()
      .then((ended) => {
        if (ended) ctx.log.info({ ended }, `${ended} reservation${ended === 1 ? '' : 's'} expired`);
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'the reservation expiry sweep failed'))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
