import { messages } from '@cardstock/contract';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

export interface LimitRule {
  points: number;
  windowSeconds: number;
}

/** Limits of spec-adjacent abuse cases: guessing passwords, spamming forms. */
export const limitRules = {
  loginPerIp: { points: 10, windowSeconds: 15 * 60 },
  loginPerEmail: { points: 10, windowSeconds: 15 * 60 },
  registerPerIp: { points: 10, windowSeconds: 60 * 60 },
  forgotPerIp: { points: 10, windowSeconds: 15 * 60 },
  forgotPerEmail: { points: 5, windowSeconds: 15 * 60 },
  resetPerIp: { points: 10, windowSeconds: 15 * 60 },
  contactPerIp: { points: 10, windowSeconds: 15 * 60 },
  feedbackPerUser: { points: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof limitRules;

export interface RateLimiter {
  /** Counts one attempt for `key`; past the limit, throws a 429 AppError with Retry-After. */
  hit(name: LimitName, key: string): Promise<void>;
}

/**
 * Fixed-window counters per rule. `scale` multiplies every limit (browser
 * suites and load tests make many logins from one address).
 */
export function createRateLimiter(scale = 1): RateLimiter {
  const limiters = new Map(
    Object.entries(limitRules).map(([name, rule]) => [
      name,
      new RateLimiterMemory({ points: rule.points * scale, duration: rule.windowSeconds, keyPrefix: name }),
    ]),
  );
  return {
    async hit(name, key) {
      try {
        await limiters.get(name)!.consume(key.toLowerCase());
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new AppError('TOO_MANY_REQUESTS', messages.auth.tooManyAttempts(Math.ceil(seconds / 60)), {
          retryAfterSeconds: seconds,
        });
      }
    },
  };
}
