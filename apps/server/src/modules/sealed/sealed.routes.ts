import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../lib/route.ts';
import { createSealedService } from './sealed.service.ts';

export function sealedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sealed = createSealedService(ctx);
  registerRoute(app, routes.sealedList, ({ actor, body }) => sealed.list(actor, body));
  registerRoute(app, routes.sealedAdd, ({ actor, body }) => sealed.add(actor, body));
  registerRoute(app, routes.sealedEdit, ({ actor, body }) => sealed.edit(actor, body));
  registerRoute(app, routes.sealedDelete, ({ actor, body }) => sealed.remove(actor, body));
}
