import fs from 'node:fs';
import { routes } from '@cardstock/contract';
import { defineConfig } from '@playwright/test';
import { chromiumFlags } from '../scripts/lib.mjs';
import { baseURL, e2eEnv } from './support/env.ts';

fs.mkdirSync(e2eEnv.dataDir, { recursive: true });

const serverEnv = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
  SUPPORT_EMAIL: e2eEnv.supportEmail,
  DEMO: '0',
  // Every test logs in from 127.0.0.1; the limits themselves are proven by the API tests.
  RATE_LIMIT_SCALE: '50',
  // No test talks to the internet: a spec that needs CardTrader starts its stand-in and a server of its own.
  CARDTRADER_API_URL: 'http://127.0.0.1:9/api/v2',
};

/** The browser suite: Debian's Chromium against the built server, real SMTP, real databases. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `${e2eEnv.dataDir}/test-results`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    },
  },
  webServer: [
    {
      command: 'npx tsx e2e/support/smtp-sink.ts',
      cwd: '..',
      port: e2eEnv.smtpPort,
      env: { SMTP_PORT: String(e2eEnv.smtpPort), MAIL_DIR: e2eEnv.mailDir },
      reuseExistingServer: false,
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: '..',
      url: `${baseURL}${routes.ready.path}`,
      // Server errors show in the test output (warnings and worse; LOG_LEVEL is warn).
      stdout: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(e2eEnv.port),
        DATA_DIR: e2eEnv.mainDataDir,
        PUBLIC_URL: baseURL,
        CAPTCHA_MODE: 'test',
      },
      reuseExistingServer: false,
    },
    {
      // The same server in Turnstile mode, for the widget's own states.
      command: 'node apps/server/dist/main.js',
      cwd: '..',
      url: `http://127.0.0.1:${e2eEnv.turnstilePort}${routes.ready.path}`,
      env: {
        ...serverEnv,
        PORT: String(e2eEnv.turnstilePort),
        DATA_DIR: `${e2eEnv.dataDir}/turnstile`,
        CAPTCHA_MODE: 'turnstile',
        TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
        TURNSTILE_SECRET_KEY: 'unused-in-this-suite',
      },
      reuseExistingServer: false,
    },
  ],
});
