import { messages, reservationLimits } from '@cardstock/contract';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

export interface LimitRule {
  points: number;
  windowSeconds: number;
}

/**
 * Limits of spec-adjacent abuse cases: guessing passwords, spamming forms. Logins count failures only, and three
 * ways (docs/security.md): an account's from anywhere (as strong as before against guessing one password), an
 * account's from one address (a mistyping PC stops itself first), and an address's over every account, with a
 * ceiling high enough that the PCs and tablets of a shop behind one address never stop each other.
 */
export const limitRules = {
  loginFailuresPerAccount: { points: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAccountAddress: { points: 5, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { points: 50, windowSeconds: 15 * 60 },
  registerPerIp: { points: 10, windowSeconds: 60 * 60 },
  forgotPerIp: { points: 10, windowSeconds: 15 * 60 },
  forgotPerEmail: { points: 5, windowSeconds: 15 * 60 },
  resetPerIp: { points: 10, windowSeconds: 15 * 60 },
  unlockPerIp: { points: 10, windowSeconds: 15 * 60 },
  invitesPerShop: { points: 50, windowSeconds: 60 * 60 },
  contactPerIp: { points: 10, windowSeconds: 15 * 60 },
  feedbackPerUser: { points: 30, windowSeconds: 15 * 60 },
  reservePerEmail: reservationLimits.perEmail,
  reservePerIp: reservationLimits.perAddress,
  orderStatusPerIp: reservationLimits.statusLookupsPerAddress,
  reserveCaptchaFailuresPerIp: reservationLimits.captchaFailuresPerAddress,
  reservationMailsPerRecipient: reservationLimits.mailsPerRecipient,
  // A receipt mailed from the register: staff type any address, so one address gets at most so many an hour.
  receiptMailsPerRecipient: { points: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof limitRules;

export interface RateLimiter {
  /** Counts one attempt for `key`; past the limit, throws a 429 AppError with Retry-After. */
  hit(name: LimitName, key: string): Promise<void>;
  /** Throws the 429 when `key` has used up its limit, counting nothing. */
  check(name: LimitName, key: string): Promise<void>;
  /**
   * Counts one failure for `key`, never throwing: the next `check` refuses once the limit is reached. Answers true
   * for the failure that reached it (once per window), so the caller can say so once.
   */
  fail(name: LimitName, key: string): Promise<boolean>;
  /** Forgets `key`'s count (a success after failures). */
  clear(name: LimitName, key: string): Promise<void>;
}

export interface CounterOptions {
  points: number;
  windowSeconds: number;
  /** Names the counter's keys; counters with the same name share their counts. */
  name: string;
}

/**
 * A fixed-window counter of `points` per key and window. With a Redis client
 * the counts live there (`limit:<name>:<key>`), so every server behind the
 * load balancer spends the same budget; without one, in this process. When
 * Redis fails to answer, an in-process counter stands in (rate-limiter-flexible's
 * insurance limiter): the limit keeps holding, per server, and no request fails
 * because Redis is away.
 */
export function createCounter(redis: Redis | undefined, options: CounterOptions): RateLimiterAbstract {
  const shape = { points: options.points, duration: options.windowSeconds, keyPrefix: `limit:${options.name}` };
  const memory = new RateLimiterMemory(shape);
  if (!redis) return memory;
  return new RateLimiterRedis({ ...shape, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

/**
 * Fixed-window counters per rule, shared by every server when `redis` is
 * given. `scale` multiplies every limit (browser suites and load tests make
 * many logins from one address).
 */
export function createRateLimiter(scale = 1, redis?: Redis): RateLimiter {
  const limiters = new Map(
    Object.entries(limitRules).map(([name, rule]) => [
      name,
      createCounter(redis, { points: rule.points * scale, windowSeconds: rule.windowSeconds, name }),
    ]),
  );
  const tooMany = (res: RateLimiterRes) => {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return new AppError('TOO_MANY_REQUESTS', messages.auth.tooManyAttempts(Math.ceil(seconds / 60)), {
      retryAfterSeconds: seconds,
    });
  };
  const limiter = (name: LimitName) => limiters.get(name)!;
  return {
    async hit(name, key) {
      try {
        await limiter(name).consume(key.toLowerCase());
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        throw tooMany(res);
      }
    },
    async check(name, key) {
      const res = await limiter(name).get(key.toLowerCase());
      if (res && res.consumedPoints >= limiter(name).points) throw tooMany(res);
    },
    async fail(name, key) {
      const res = await limiter(name).penalty(key.toLowerCase());
      return res.consumedPoints === limiter(name).points;
    },
    async clear(name, key) {
      await limiter(name).delete(key.toLowerCase());
    },
  };
}
