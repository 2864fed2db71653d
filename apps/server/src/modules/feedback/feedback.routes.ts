import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { createFeedbackService } from './feedback.service.ts';

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const feedback = createFeedbackService(ctx);
  registerRoute(app, routes.feedback, ({ actor, body }) => feedback.send(actor, body));
}
