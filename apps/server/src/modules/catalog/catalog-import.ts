import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { withTransaction, type Db } from '../../db/database.ts';
import { catalogRepository } from './catalog.repository.ts';
import type { Malformed, ParsedBatch } from './catalog-parse.ts';

export type { Malformed } from './catalog-parse.ts';

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  cards: number;
  malformed: number;
}

export interface ImportResult {
  cards: number;
  /** How many objects were refused in all. */
  malformedCount: number;
  /** The first hundred of them, with their positions. */
  malformed: Malformed[];
  /** A JSON syntax error that stopped a JSON-array file early. */
  fatal?: string;
}

const BATCH = 500;
const MAX_REPORTED = 100;

/** The parser runs as its own module: TypeScript under tsx in development, the bundled file when built. */
function startParser(file: string, updatedAt: string): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './catalog-parse.worker-dev.mjs' : './catalog-parse.worker.js', import.meta.url);
  return new Worker(url, { workerData: { file, batchSize: BATCH, updatedAt } });
}

/**
 * Streams a Scryfall bulk file into the catalog: a worker thread parses and
 * validates while this thread upserts batches of 500 in transactions, so a
 * re-import refreshes rows and never duplicates them. Bad objects are
 * counted and reported with their position; they never stop the import.
 */
export async function importCatalogFile(
  db: Db,
  file: string,
  options: { now?: () => Date; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportResult> {
  const totalBytes = (await fs.promises.stat(file)).size;
  const updatedAt = (options.now ?? (() => new Date()))().toISOString();
  const result: ImportResult = { cards: 0, malformedCount: 0, malformed: [] };
  const worker = startParser(file, updatedAt);

  let chain = Promise.resolve();
  const write = (batch: ParsedBatch) => async () => {
    if (batch.rows.length) await withTransaction(db, (tx) => catalogRepository.upsert(tx, batch.rows));
    result.cards += batch.rows.length;
    result.malformedCount += batch.malformed.length;
    result.malformed.push(...batch.malformed.slice(0, MAX_REPORTED - result.malformed.length));
    if (batch.fatal) result.fatal = batch.fatal;
    options.onProgress?.({
      bytesRead: batch.bytesRead,
      totalBytes,
      cards: result.cards,
      malformed: result.malformedCount,
    });
    worker.postMessage('more');
  };

  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { type: 'batch'; batch: ParsedBatch } | { type: 'done' }) => {
      if (message.type === 'batch') chain = chain.then(write(message.batch));
      else chain.then(resolve, reject);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`catalog parser stopped with code ${code}`));
    });
  });
  await chain;
  await worker.terminate();
  return result;
}
