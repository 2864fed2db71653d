import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { asPercent, percentage, type AdminAnalytics } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { adminAnalyticsRepository } from './admin-analytics.repository.ts';

/**
 * When the server counts as `warning` or `critical` (the analytics screen's
 * server health). Each figure is checked on its own; the worst one wins. CPU
 * is shown but not graded: a busy process that still answers quickly is
 * healthy, and the event loop delay is what tells when it no longer does.
 */
export const healthThresholds = {
  eventLoopP99Ms: { warning: 100, critical: 500 },
  heapPercent: { warning: 75, critical: 90 },
  /** Share of answers that were 5xx in the last minute, once at least 20 requests were seen. */
  errorPercent: { warning: 2, critical: 10 },
  minRequestsForErrorRate: 20,
} as const;

type Level = 'healthy' | 'warning' | 'critical';
const worse = (a: Level, b: Level): Level =>
  a === 'critical' || b === 'critical' ? 'critical' : a === 'warning' || b === 'warning' ? 'warning' : 'healthy';

/** Grades the server's own figures against `healthThresholds`, with the reasons in words. */
export function gradeHealth(figures: {
  eventLoopP99Ms: number;
  heapPercent: number;
  requests: number;
  errors: number;
  databaseUp: boolean;
}): { health: Level; reasons: string[] } {
  let health: Level = 'healthy';
  const reasons: string[] = [];
  const check = (value: number, limits: { warning: number; critical: number }, what: string) => {
    const level: Level = value >= limits.critical ? 'critical' : value >= limits.warning ? 'warning' : 'healthy';
    if (level !== 'healthy') reasons.push(`${what} (${level} from ${limits[level]})`);
    health = worse(health, level);
  };
  if (!figures.databaseUp) {
    reasons.push('The database does not answer');
    health = 'critical';
  }
  check(figures.eventLoopP99Ms, healthThresholds.eventLoopP99Ms, `Event loop delay p99 ${figures.eventLoopP99Ms} ms`);
  check(figures.heapPercent, healthThresholds.heapPercent, `Heap ${figures.heapPercent}% of its limit`);
  if (figures.requests >= healthThresholds.minRequestsForErrorRate) {
    const percent = percentage(figures.errors, figures.requests);
    check(percent, healthThresholds.errorPercent, `${percent}% of answers were server errors`);
  }
  return { health, reasons };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const MB = 1024 * 1024;

/**
 * This process's own figures: answers and server errors per second over the
 * last minute (a ring of 60 counters, two increments per answer), the event
 * loop delay and CPU since the previous sample.
 */
function serverSampler(app: FastifyInstance) {
  const requests = new Uint32Array(60);
  const errors = new Uint32Array(60);
  const stamps = new Float64Array(60);
  app.addHook('onResponse', (_request, reply, done) => {
    const second = Math.floor(Date.now() / 1000);
    const slot = second % 60;
    if (stamps[slot] !== second) {
      stamps[slot] = second;
      requests[slot] = 0;
      errors[slot] = 0;
    }
    requests[slot]!++;
    if (reply.statusCode >= 500) errors[slot]!++;
    done();
  });
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  let cpu = process.cpuUsage();
  let cpuAt = process.hrtime.bigint();

  return () => {
    const second = Math.floor(Date.now() / 1000);
    let req = 0;
    let err = 0;
    for (let i = 0; i < 60; i++) {
      if (second - stamps[i]! < 60) {
        req += requests[i]!;
        err += errors[i]!;
      }
    }
    const used = process.cpuUsage(cpu);
    const at = process.hrtime.bigint();
    const elapsedUs = Number(at - cpuAt) / 1000;
    cpu = process.cpuUsage();
    cpuAt = at;
    const p99 = loop.percentile(99) / 1e6;
    loop.reset();
    const memory = process.memoryUsage();
    const heapLimit = v8.getHeapStatistics().heap_size_limit;
    return {
      requests: req,
      errors: err,
      cpuPercent: elapsedUs > 0 ? round1(asPercent((used.user + used.system) / elapsedUs)) : 0,
      eventLoopP99Ms: round1(Number.isFinite(p99) ? p99 : 0),
      rssMb: round1(memory.rss / MB),
      heapUsedMb: round1(memory.heapUsed / MB),
      heapLimitMb: round1(heapLimit / MB),
      heapPercent: round1(asPercent(memory.heapUsed / heapLimit)),
    };
  };
}

/** Live platform figures from the database and this server's own health (the analytics screen). */
export function createAdminAnalyticsService(app: FastifyInstance, ctx: AppContext) {
  const sample = serverSampler(app);
  const startedAt = Date.now();

  return {
    async analytics(): Promise<AdminAnalytics> {
      const now = ctx.clock.now();
      const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
      const [platform, databaseUp] = await Promise.all([
        adminAnalyticsRepository.platformFigures(ctx.db, now.toISOString(), today),
        pingDatabase(ctx.db).then(
          () => true,
          () => false,
        ),
      ]);
      const s = sample();
      const grade = gradeHealth({ ...s, databaseUp });
      return {
        generated_at: now.toISOString(),
        platform,
        server: {
          health: grade.health,
          reasons: grade.reasons,
          uptime_s: Math.round((Date.now() - startedAt) / 1000),
          rss_mb: s.rssMb,
          heap_used_mb: s.heapUsedMb,
          heap_limit_mb: s.heapLimitMb,
          cpu_percent: s.cpuPercent,
          event_loop_p99_ms: s.eventLoopP99Ms,
          requests_last_minute: s.requests,
          errors_last_minute: s.errors,
          database: ctx.engine,
        },
      };
    },
  };
}
