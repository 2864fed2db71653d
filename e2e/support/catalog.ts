import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureCardsFile } from '@cardstock/fixtures';
import type { APIRequestContext } from '@playwright/test';
import { api, bodyOf } from './api.ts';
import { e2eEnv } from './env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Loads the repository's card fixture into the suite's server through the real CLI (an idempotent upsert). */
export function importFixtureCatalog(): void {
  importCatalog(fixtureCardsFile);
}

/** Loads a Scryfall bulk file (JSON array or one object a line) through the real CLI. */
export function importCatalog(file: string): void {
  execFileSync('node', ['apps/server/dist/cli.js', 'cards', 'import', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eEnv.mainDataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
}

/** Refreshes market prices from a Scryfall bulk file through the real CLI, kept under `day` when given. */
export function refreshPrices(file: string, day?: string): void {
  execFileSync('node', ['apps/server/dist/cli.js', 'cards', 'prices', file, ...(day ? ['--day', day] : [])], {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eEnv.mainDataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
}

export interface PricedCard {
  id: string;
  name: string;
}

/**
 * `count` printings found by `q` that sell nonfoil and have a market price, so every order line
 * has a price: for each card found, its newest such printing; `distinctNames` keeps one printing
 * a name.
 */
export async function pricedCards(
  request: APIRequestContext,
  q: string,
  count: number,
  { distinctNames = false } = {},
): Promise<PricedCard[]> {
  const client = api(request);
  const found = bodyOf(await client.call('cardSearch', { q }));
  const cards: PricedCard[] = [];
  for (const hit of found.data) {
    const prints = bodyOf(await client.call('cardPrints', { id: hit.id }));
    for (const printing of prints.data) {
      const card = bodyOf(await client.call('card', { id: printing.id }));
      const fresh = !distinctNames || !cards.some((c) => c.name === card.name);
      if (!card.finishes.includes('nonfoil') || !(Number(card.prices.usd) > 0)) continue;
      if (fresh) cards.push({ id: card.id, name: card.name });
      if (cards.length === count) return cards;
      break;
    }
  }
  throw new Error(`Only ${cards.length} priced printings for "${q}"`);
}
