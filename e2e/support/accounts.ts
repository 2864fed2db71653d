import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cookies } from '@cardstock/contract';
import type { BrowserContext } from '@playwright/test';
import { e2eEnv } from './env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fresh invite code from the real CLI (`npm run cli -- invite create`), against the suite's server database. */
export function createInvite(): string {
  const out = execFileSync('node', ['apps/server/dist/cli.js', 'invite', 'create'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eEnv.mainDataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1)!;
}

export const uniqueEmail = (prefix = 'owner') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export interface Account {
  email: string;
  password: string;
  shopName: string;
  token: string;
}

/** Puts a session into the browser the way the login page does. */
export async function useSession(context: BrowserContext, account: Account, role = 'Owner'): Promise<void> {
  await context.addCookies(
    [
      [cookies.authToken, account.token],
      [cookies.shopName, account.shopName],
      [cookies.userRole, role],
      [cookies.isAdmin, 'false'],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: '127.0.0.1', path: '/' })),
  );
}
