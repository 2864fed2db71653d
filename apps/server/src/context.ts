import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CaptchaVerifier } from './adapters/captcha.ts';
import type { Mailer } from './adapters/mailer.ts';
import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './lib/rate-limit.ts';

/** What every module gets: configuration, the database, the clock and the outside-world adapters. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  log: FastifyBaseLogger;
  clock: Clock;
  limiter: RateLimiter;
  /** Where state shared by every server lives (`REDIS_URL`); unset: one server, counters in memory. */
  redis?: Redis;
  captcha: CaptchaVerifier;
  mailer: Mailer;
}
