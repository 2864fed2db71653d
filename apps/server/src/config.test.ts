import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const productionEnv = {
  PUBLIC_URL: 'https://cardstock.example',
  SMTP_URL: 'smtp://mail:25',
  TURNSTILE_SITE_KEY: 'k',
  TURNSTILE_SECRET_KEY: 's',
};

describe('loadConfig', () => {
  it('has working defaults for a fresh clone: embedded database, test captcha, demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ engine: 'sqlite', file: path.resolve('data/cardstock.sqlite') });
    expect(config.captcha.mode).toBe('test');
    expect(config.demo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('accepts a test clock offset file only with NODE_ENV=test', () => {
    expect(loadConfig({}).testClockOffsetFile).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_OFFSET_FILE: 'clock.txt' }).testClockOffsetFile).toBe(
      path.resolve('clock.txt'),
    );
    expect(() => loadConfig({ TEST_CLOCK_OFFSET_FILE: 'clock.txt' })).toThrow(
      /TEST_CLOCK_OFFSET_FILE: is accepted only with NODE_ENV=test/,
    );
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cs' });
    expect(config.database).toEqual({ engine: 'postgres', url: 'postgres://u@db:5432/cs' });
  });

  it('takes CORS origins as a comma-separated list of origins, none by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://pos.example.com, https://till.example.com' }).corsOrigins).toEqual([
      'https://pos.example.com',
      'https://till.example.com',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrowError(/CORS_ORIGINS/);
  });

  it('trusts no proxy unless TRUST_PROXY names them, by address, CIDR block, range name or hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...productionEnv }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY/);
  });

  it('shares state through Redis only when REDIS_URL names one, with keys under REDIS_PREFIX', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redis).toEqual({
      url: 'redis://cache:6379',
      prefix: 'cardstock',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/1', REDIS_PREFIX: 'shop-eu' }).redis).toEqual({
      url: 'rediss://:pw@cache:6380/1',
      prefix: 'shop-eu',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrowError(/REDIS_URL: must be redis:\/\/host/);
    expect(() => loadConfig({ REDIS_URL: 'redis://cache', REDIS_PREFIX: 'a b' })).toThrowError(/REDIS_PREFIX/);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA_MODE: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*CAPTCHA_MODE/,
    );
  });

  it('refuses to start in production without the real settings', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', CAPTCHA_MODE: 'test' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const key of ['PUBLIC_URL', 'SMTP_URL', 'CAPTCHA_MODE', 'TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY']) {
      expect(message).toContain(key);
    }
  });

  it('refuses Stripe billing without its keys and prices, and points the SDK where STRIPE_API_URL says', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrowError(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_STARTER[\s\S]*STRIPE_PRICE_PRO/,
    );
    const config = loadConfig({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.billing).toMatchObject({
      provider: 'stripe',
      stripeApiUrl: 'http://127.0.0.1:12111',
      stripePrices: { starter: 'price_s', pro: 'price_p' },
    });
    expect(loadConfig({}).billing).toMatchObject({ provider: 'local', stripeApiUrl: 'https://api.stripe.com' });
  });

  it('turns demo data off in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...productionEnv });
    expect(config.demo).toBe(false);
    expect(config.captcha.mode).toBe('turnstile');
  });
});
