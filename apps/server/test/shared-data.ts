import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's neighbour `shared/data`: real card data and CSV exports, read at test time, never copied. */
export const sharedDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data');

export function sharedFile(relative: string): string {
  const file = path.join(sharedDataDir, relative);
  if (!fs.existsSync(file))
    throw new Error(`Shared test data missing: ${file} (the repository expects ../shared beside it)`);
  return file;
}

/** The first `n` card objects of the shared Scryfall sample, one JSON text per line. */
export function sampleCardLines(n: number): string[] {
  const text = fs.readFileSync(sharedFile('cards/cards.scryfall.ndjson'), 'utf8');
  return text.split('\n').filter(Boolean).slice(0, n);
}
