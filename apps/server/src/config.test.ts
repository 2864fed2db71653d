import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cs' });
    expect(config.database).toEqual({ engine: 'postgres', url: 'postgres://u@db:5432/cs' });
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

  it('turns demo data off in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cardstock.example',
      SMTP_URL: 'smtp://mail:25',
      TURNSTILE_SITE_KEY: 'k',
      TURNSTILE_SECRET_KEY: 's',
    });
    expect(config.demo).toBe(false);
    expect(config.captcha.mode).toBe('turnstile');
  });
});
