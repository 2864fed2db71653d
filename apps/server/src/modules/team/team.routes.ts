import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { createTeamService } from './team.service.ts';

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const team = createTeamService(ctx);
  registerRoute(app, routes.teamList, ({ actor }) => team.list(actor));
  registerRoute(app, routes.teamInvite, ({ actor, body }) => team.invite(actor, body));
  registerRoute(app, routes.teamUpdateRole, ({ actor, body }) => team.updateRole(actor, body));
  registerRoute(app, routes.teamRemove, ({ actor, body }) => team.remove(actor, body.email));
  registerRoute(app, routes.teamAccept, ({ body }, request) => team.accept(body, request.ip));
}
