import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { withTransaction, type Db } from '../../db/database.ts';
import { catalogRepository } from './catalog.repository.ts';
import type { BulkMode, Malformed, ParsedBatch, RowOf } from './catalog-parse.ts';

export type { Malformed } from './catalog-parse.ts';

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  cards: number;
  malformed: number;
}

export interface ImportResult extends BulkReport {
  cards: number;
}

const BATCH = 500;
const MAX_REPORTED = 100;

/** The parser runs as its own module: TypeScript under tsx in development, the bundled file when built. */
function startParser(file: string, mode: BulkMode, batchSize: number, updatedAt: string): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './catalog-parse.worker-dev.mjs' : './catalog-parse.worker.js', import.meta.url);
  // The parser keeps a few batches at most; a small heap makes it collect its garbage early.
  return new Worker(url, {
    workerData: { file, mode, batchSize, updatedAt },
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  });
}

/** What reading a bulk file found, whatever it was read for. */
export interface BulkReport {
  /** How many objects were refused in all. */
  malformedCount: number;
  /** The first hundred of them, with their positions. */
  malformed: Malformed[];
  /** A JSON syntax error that stopped a JSON-array file early. */
  fatal?: string;
}

/**
 * Streams a Scryfall bulk file through `write`, batch by batch: a worker
 * thread parses and validates the next batches while this thread writes.
 * Bad objects are counted and reported with their position; they never stop
 * the file.
 */
export async function streamBulkFile<M extends BulkMode>(
  file: string,
  mode: M,
  options: { batchSize?: number; updatedAt: string },
  write: (batch: ParsedBatch<RowOf<M>>, report: BulkReport) => Promise<void>,
): Promise<BulkReport> {
  const report: BulkReport = { malformedCount: 0, malformed: [] };
  const worker = startParser(file, mode, options.batchSize ?? BATCH, options.updatedAt);
  let chain = Promise.resolve();
  const take = (batch: ParsedBatch<RowOf<M>>) => async () => {
    report.malformedCount += batch.malformed.length;
    report.malformed.push(...batch.malformed.slice(0, MAX_REPORTED - report.malformed.length));
    if (batch.fatal) report.fatal = batch.fatal;
    await write(batch, report);
    worker.postMessage('more');
  };
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: { type: 'batch'; batch: ParsedBatch<RowOf<M>> } | { type: 'done' }) => {
        if (message.type === 'batch') chain = chain.then(take(message.batch));
        else chain.then(resolve, reject);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`bulk file parser stopped with code ${code}`));
      });
    });
    await chain;
  } finally {
    await worker.terminate();
  }
  return report;
}

/**
 * Streams a Scryfall bulk file into the catalog, upserting batches of 500 in
 * transactions, so a re-import refreshes rows and never duplicates them.
 */
export async function importCatalogFile(
  db: Db,
  file: string,
  options: { now?: () => Date; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportResult> {
  const totalBytes = (await fs.promises.stat(file)).size;
  const updatedAt = (options.now ?? (() => new Date()))().toISOString();
  let cards = 0;
  const report = await streamBulkFile(file, 'catalog', { updatedAt }, async (batch, report) => {
    if (batch.rows.length) await withTransaction(db, (tx) => catalogRepository.upsert(tx, batch.rows));
    cards += batch.rows.length;
    options.onProgress?.({ bytesRead: batch.bytesRead, totalBytes, cards, malformed: report.malformedCount });
  });
  return { cards, ...report };
}
