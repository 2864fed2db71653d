import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eEnv } from './env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedCards = path.resolve(root, '../shared/data/cards/cards.scryfall.ndjson');

/** Loads the shared Scryfall sample into the suite's server through the real CLI (an idempotent upsert). */
export function importSharedCatalog(): void {
  execFileSync('node', ['apps/server/dist/cli.js', 'cards', 'import', sharedCards], {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eEnv.mainDataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
}
