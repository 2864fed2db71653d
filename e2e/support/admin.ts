import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { e2eEnv } from './env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Staff {
  email: string;
  password: string;
}

/** Runs the real CLI (`npm run cli -- ...`) against a server's data folder; its last line. */
export function cli(dataDir: string, ...args: string[]): string {
  const out = execFileSync('node', ['apps/server/dist/cli.js', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1)!;
}

/** A platform superadmin made by `npm run cli -- admin create`, against the given data folder. */
export function createSuperadmin(dataDir = e2eEnv.mainDataDir): Staff {
  const staff = { email: uniqueEmail('root'), password: 'superadmin password' };
  const last = cli(dataDir, 'admin', 'create', '--email', staff.email, '--password', staff.password);
  expect(last).toBe(`Superadmin created: ${staff.email}`);
  return staff;
}

/** Signs in on the login page (of the server at `base`, the suite's by default). */
export async function logInAs(page: Page, account: { email: string; password: string }, base = ''): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
