import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../lib/route.ts';
import { createActivityService } from './activity.service.ts';

/** The shop's Activity screen: who changed what, when. */
export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const activity = createActivityService(ctx);
  registerRoute(app, routes.shopActivity, ({ actor, body }) => activity.list(actor, body));
}
