import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A command Redis has not answered by then goes to the in-process fallback instead of holding up the request. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * The Redis client of one server (`REDIS_URL`), where state every server must
 * share lives: rate-limit counters. Every key starts with `prefix:`, so
 * several deployments (or test runs) can share one Redis.
 *
 * Redis is never required to answer a request: the client queues nothing
 * while disconnected (a command fails at once and its caller falls back to
 * this process), keeps reconnecting in the background, and logs one warning
 * when Redis goes away and one line when it is back. A Redis that is down at
 * start-up delays the start only by the first connection attempt (refused at
 * once, or ioredis's 10 s connect timeout when nothing answers at all).
 */
export async function openRedis(
  config: { url: string; prefix: string },
  log: FastifyBaseLogger,
): Promise<{ redis: Redis; close(): Promise<void> }> {
  // Loaded only by servers that share state through Redis: ioredis is about 20 MB of memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.url, {
    keyPrefix: `${config.prefix}:`,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  let down = false;
  // An 'error' without a listener would be printed on every reconnection attempt; one warning per outage is enough.
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis does not answer: rate limits are counted by each server alone until it does');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis answers again: rate limits are shared by every server');
  });
  // A refusal is logged by the 'error' listener above, and the client keeps trying.
  await redis.connect().catch(() => {});
  return {
    redis,
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
