import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, _ctx: AppContext, auth: AuthService): void {
  registerRoute(app, routes.login, ({ body }, request) => auth.login(body, request.ip));
  registerRoute(app, routes.register, ({ body }, request) => auth.register(body, request.ip));
  registerRoute(app, routes.logout, ({ actor }) => auth.logout(actor));
  registerRoute(app, routes.forgotPassword, ({ query }, request) => auth.forgotPassword(query.email, request.ip));
  registerRoute(app, routes.resetPassword, ({ body }, request) =>
    auth.resetPassword(body.token, body.new_password, request.ip),
  );
  registerRoute(app, routes.unlockAccount, ({ body }, request) => auth.unlockAccount(body.token, request.ip));
}
