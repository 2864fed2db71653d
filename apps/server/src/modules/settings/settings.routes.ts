import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { createSettingsService } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settings = createSettingsService(ctx);
  registerRoute(app, routes.settingsGet, ({ actor }) => settings.get(actor));
  registerRoute(app, routes.settingsSave, ({ actor, body }) => settings.save(actor, body));
}
