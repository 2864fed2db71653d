import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool01 = z.enum(['0', '1']).transform((v) => v === '1');

/** A proxy address as proxy-addr reads it: an IP, a CIDR block, or one of its names for a range. */
const proxyAddress = (text: string): boolean => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [ip, bits, ...rest] = text.split('/');
  if (rest.length || !ip || !isIP(ip)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
};

/**
 * Which hops in front of the server may name the client's address in `X-Forwarded-For`: none (the default, the
 * socket's peer is the client), the proxies' addresses or CIDR blocks, or a number of hops.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .default('')
  .transform((v): false | number | string[] => {
    if (v === '') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((a) => a.trim());
  })
  .refine(
    (v) => typeof v !== 'object' || v.every(proxyAddress),
    'must be the proxies\' addresses or CIDR blocks (10.0.0.0/8, 127.0.0.1), "loopback", or a number of hops',
  );

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded database)')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Cardstock <no-reply@cardstock.local>'),
    SUPPORT_EMAIL: z.email().default('support@cardstock.local'),
    CAPTCHA_MODE: z.enum(['test', 'turnstile']).optional(),
    TURNSTILE_SITE_KEY: z.string().default(''),
    TURNSTILE_SECRET_KEY: z.string().default(''),
    TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().default(''),
    STRIPE_WEBHOOK_SECRET: z.string().default(''),
    // Tests point the SDK at a local server speaking the Stripe API.
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    // The Stripe price (price_…) each plan is billed with.
    STRIPE_PRICE_STARTER: z.string().default(''),
    STRIPE_PRICE_PRO: z.string().default(''),
    DEMO: bool01.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    SCRYFALL_API_URL: z.url().default('https://api.scryfall.com'),
    // Market prices refreshed from Scryfall every this many hours; 0 (the default) never.
    PRICE_REFRESH_HOURS: z.coerce.number().min(0).max(720).default(0),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url('must be a comma-separated list of origins such as https://pos.example.com'))),
    TRUST_PROXY: ZTrustProxy,
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
    // Several servers behind a load balancer share their rate-limit counters here (docs/scaling.md).
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, hostname: /./, error: 'must be redis://host:port (rediss:// for TLS)' })
      .optional(),
    // Starts every key, so deployments (and test runs) can share one Redis.
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'letters, digits, ".", "-" and "_" only')
      .default('cardstock'),
    // Marketplace channels (issue 42): CardTrader's API, how often each channel pushes and pulls, and the key its
    // tokens are sealed with (64 hex digits; required in production once a channel is connected).
    CARDTRADER_API_URL: z.url().default('https://api.cardtrader.com/api/v2'),
    CHANNEL_SYNC_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    CARDTRADER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    CHANNEL_SECRET_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 random bytes: openssl rand -hex 32)')
      .optional(),
    // Tests only: a file holding milliseconds the server's clock runs ahead (e2e moves time for a server process).
    TEST_CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK_OFFSET_FILE && env.NODE_ENV !== 'test')
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_OFFSET_FILE'],
        message: 'is accepted only with NODE_ENV=test',
      });
    if (env.BILLING_PROVIDER === 'stripe') {
      // Without these the Stripe provider can neither charge nor verify an event, in any environment.
      for (const key of [
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_STARTER',
        'STRIPE_PRICE_PRO',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with BILLING_PROVIDER=stripe' });
      }
    }
    if (env.NODE_ENV !== 'production') return;
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required in production (${why})` });
    };
    need('PUBLIC_URL', 'links in e-mails');
    need('SMTP_URL', 'mail must leave the machine');
    if (env.CAPTCHA_MODE === 'test') {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_MODE'], message: 'test mode is refused in production' });
    }
    need('TURNSTILE_SITE_KEY', 'captcha');
    need('TURNSTILE_SECRET_KEY', 'captcha');
  });

export type Config = ReturnType<typeof loadConfig>;

/**
 * Parses the environment once. Every problem is listed together, so an
 * operator fixes them in one go. Nothing else in the server reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? ({ engine: 'postgres', url: e.DATABASE_URL } as const)
      : ({ engine: 'sqlite', file: path.join(dataDir, 'cardstock.sqlite') } as const),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** False: links sent out (mails, the pairing QR code) point at the local default; the owner's screens say so. */
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    supportEmail: e.SUPPORT_EMAIL,
    captcha: {
      mode: e.CAPTCHA_MODE ?? (isProduction ? 'turnstile' : 'test'),
      siteKey: e.TURNSTILE_SITE_KEY,
      secretKey: e.TURNSTILE_SECRET_KEY,
      verifyUrl: e.TURNSTILE_VERIFY_URL,
    },
    billing: {
      provider: e.BILLING_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      stripePrices: { starter: e.STRIPE_PRICE_STARTER, pro: e.STRIPE_PRICE_PRO },
    },
    demo: e.DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    /** The hops whose `X-Forwarded-For` names the client (Fastify's trustProxy); false: none. */
    trustProxy: e.TRUST_PROXY,
    /** Shared state of several servers; unset, each server keeps its counters in memory. */
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    /** Origins whose browser pages may call the API; none by default (same origin only). */
    corsOrigins: e.CORS_ORIGINS,
    scryfallApiUrl: e.SCRYFALL_API_URL.replace(/\/$/, ''),
    /** Hours between scheduled price refreshes; 0: only by hand (npm run cli -- cards prices). */
    priceRefreshHours: e.PRICE_REFRESH_HOURS,
    channels: {
      cardTraderApiUrl: e.CARDTRADER_API_URL.replace(/\/$/, ''),
      syncSeconds: e.CHANNEL_SYNC_SECONDS,
      /** How long a call to CardTrader may take before CardTrader counts as unavailable this round. */
      cardTraderTimeoutMs: e.CARDTRADER_TIMEOUT_SECONDS * 1000,
      /** Seals marketplace tokens (lib/secret-box.ts `channelKey`): unset outside production, one kept in DATA_DIR. */
      secretKey: e.CHANNEL_SECRET_KEY ? Buffer.from(e.CHANNEL_SECRET_KEY, 'hex') : undefined,
    },
    /** NODE_ENV=test only: the file whose milliseconds move the clock ahead (lib/clock.ts, `offsetFileClock`). */
    testClockOffsetFile: e.TEST_CLOCK_OFFSET_FILE ? path.resolve(e.TEST_CLOCK_OFFSET_FILE) : undefined,
  } as const;
}

export class ConfigError extends Error {}
