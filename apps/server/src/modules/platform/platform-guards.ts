import { messages } from '@cardstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../lib/errors.ts';
import { createCounter } from '../../lib/rate-limit.ts';
import { sessionToken } from '../../lib/route.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { currentSystemSettings } from './system-settings.ts';

/** Probes and the admin area itself: never throttled or shut, so staff can always lift a setting they set. */
const alwaysOpen = (path: string) =>
  path === '/api/health' || path === '/api/ready' || path === '/api/admin' || path.startsWith('/api/admin/');

/**
 * What stays open in maintenance besides: the web app's start-up settings, and
 * logging in and out (the login refuses shop accounts itself, with the same
 * message, so platform staff can still sign in to end the maintenance).
 */
const openInMaintenance = new Set(['/api/config', '/api/login', '/api/logout']);

/**
 * One request hook for the platform-wide switches of the system settings
 * (spec 001 §3, §5): maintenance mode answers every shop call 503 with a
 * sentence, and `rate_limit_per_minute` caps API calls per client: per
 * session or device token when the call carries a live one, else per address
 * (an invented token on every call must not buy a fresh budget each time,
 * issue 38; `knownToken` looks a session up once for the request and the route alike). A shop's
 * staff PCs and tablets usually share one public address, and one budget for
 * all of them would throttle a busy shop; anonymous callers share their address's.
 * The settings come from a 2-second cache, so the hot paths pay a lookup.
 * `RATE_LIMIT_SCALE` multiplies the limit as it does every other limit
 * (browser suites and benchmarks call from one address). With Redis the
 * counts are shared by every server; they are kept per limit, so a new limit
 * starts every client's minute afresh, on every server alike.
 */
export function registerPlatformGuards(
  app: FastifyInstance,
  ctx: AppContext,
  knownToken: (token: string, request: FastifyRequest) => Promise<boolean>,
): void {
  let limiter: { perMinute: number; counter: RateLimiterAbstract } | undefined;
  const counterFor = (perMinute: number) => {
    if (limiter?.perMinute !== perMinute) {
      const points = perMinute * ctx.config.rateLimitScale;
      limiter = {
        perMinute,
        counter: createCounter(ctx.redis, { points, windowSeconds: 60, name: `api:${perMinute}` }),
      };
    }
    return limiter.counter;
  };

  // After the body is parsed, so a token sent in the body (as the spec's clients do) names the client.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (alwaysOpen(path)) return;
    const settings = await currentSystemSettings(ctx.db);
    if (settings.maintenance_mode && !openInMaintenance.has(path))
      throw new AppError('MAINTENANCE', messages.auth.maintenance, { retryAfterSeconds: 60 });
    try {
      const token = sessionToken(request);
      // Hashed, so no session token is ever a key in Redis (authentication hashes it again: about a microsecond).
      const client = token && (await knownToken(token, request)) ? `token:${hashToken(token)}` : `ip:${request.ip}`;
      await counterFor(settings.rate_limit_per_minute).consume(client);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      throw new AppError('TOO_MANY_REQUESTS', messages.auth.tooManyRequests, {
        retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      });
    }
  });
}
