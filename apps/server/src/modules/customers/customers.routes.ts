import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../lib/route.ts';
import { createCustomersService } from './customers.service.ts';

export function customersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const customers = createCustomersService(ctx);
  registerRoute(app, routes.customersSearch, ({ actor, body }) => customers.search(actor, body));
  registerRoute(app, routes.customersGet, ({ actor, body }) => customers.get(actor, body.customer_id));
  registerRoute(app, routes.customersCreate, ({ actor, body }) => customers.create(actor, body.customer));
  registerRoute(app, routes.customersUpdate, ({ actor, body }) =>
    customers.update(actor, body.customer_id, body.customer),
  );
  registerRoute(app, routes.customersAdjust, ({ actor, body }) => customers.adjust(actor, body));
}
