import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf, registerRoute } from '../../lib/route.ts';
import { frameableBySelf, securityHeaders } from '../../plugins/security.ts';
import type { AppContext } from '../../context.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { createRegisterService } from './register.service.ts';

/** The counter register's routes (issue 44). */
export function registerSaleRoutes(app: FastifyInstance, ctx: AppContext, reads: InventoryReadModel): void {
  const register = createRegisterService(ctx, reads);
  // The Register prints a receipt from a hidden frame of its own page: framed by Cardstock, never by another site.
  const receiptFraming = frameableBySelf(securityHeaders());
  registerRoute(app, routes.registerSale, ({ actor, body }, request) =>
    register.sale(actor, body, idempotencyKeyOf(request.headers)),
  );
  registerRoute(app, routes.registerOrderSale, ({ actor, body }) => register.orderSale(actor, body));
  registerRoute(app, routes.registerSettings, ({ actor }) => register.settings(actor));
  registerRoute(app, routes.registerReceipt, async ({ params }, _request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      // The link is the key: kept out of shared caches and of other sites' referrers.
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .headers(receiptFraming)
      .send(await register.receipt(params.receipt)),
  );
  registerRoute(app, routes.registerReceiptMail, ({ actor, body }) => register.mailReceipt(actor, body));
  registerRoute(app, routes.registerSales, ({ actor }) => register.sales(actor));
  registerRoute(app, routes.registerSaleFind, ({ actor, body }) => register.findSale(actor, body));
  registerRoute(app, routes.registerReturn, ({ actor, body }, request) =>
    register.return(actor, body, idempotencyKeyOf(request.headers)),
  );
  registerRoute(app, routes.registerLookup, ({ actor, body }) => register.lookup(actor, body));
  registerRoute(app, routes.registerDrawerOpen, ({ actor, body }) => register.drawer.open(actor, body));
  registerRoute(app, routes.registerDrawerMove, ({ actor, body }) => register.drawer.move(actor, body));
  registerRoute(app, routes.registerDrawerClose, ({ actor, body }) => register.drawer.close(actor, body));
  registerRoute(app, routes.registerDrawerCurrent, ({ actor }) => register.drawer.current(actor));
  registerRoute(app, routes.registerDrawerReport, ({ actor, body }) => register.drawer.report(actor, body));
}
