import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { createContactService } from './contact.service.ts';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const contact = createContactService(ctx);
  registerRoute(app, routes.contactUs, ({ body }, request) => contact.send(body, request.ip));
}
