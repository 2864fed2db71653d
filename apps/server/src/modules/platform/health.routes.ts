import { messages, routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';

const startedAt = Date.now();

/** What operators and the web app ask of the platform: health, readiness, public configuration. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, routes.health, async () => ({
    status: 'ok' as const,
    uptime_s: Math.round((Date.now() - startedAt) / 1000),
  }));

  registerRoute(app, routes.ready, async () => {
    try {
      await pingDatabase(ctx.db);
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      throw new AppError('UNAVAILABLE', messages.server.notReady);
    }
    return { status: 'ready' as const, database: ctx.engine };
  });

  registerRoute(app, routes.publicConfig, async () => ({
    captcha_mode: ctx.config.captcha.mode,
    turnstile_site_key: ctx.config.captcha.siteKey,
    support_email: ctx.config.supportEmail,
    public_url: ctx.config.publicUrl,
    public_url_configured: ctx.config.publicUrlConfigured,
  }));
}
