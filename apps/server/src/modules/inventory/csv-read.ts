import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { messages } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import type { CsvFormat, CsvLine, CsvProblem } from './csv-formats.ts';

export interface CsvBatch {
  lines: CsvLine[];
  problems: CsvProblem[];
}

/** What the reading thread says: the file's tool first, then batches, then done or an error. */
export type CsvWorkerMessage = { format: CsvFormat } | CsvBatch | { done: true } | { error: string; format: boolean };

/**
 * Reads an uploaded CSV in a worker thread (csv-parse.worker.ts): its tool
 * first, then its lines a batch at a time. A file that is not CSV, or that
 * no known tool wrote, is a 400 with the reason.
 */
export async function* readCsv(file: Buffer): AsyncGenerator<{ format: CsvFormat } | CsvBatch> {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './csv-parse.worker-dev.mjs' : './csv-parse.worker.js', import.meta.url);
  // The upload limit (50 MB) keeps real files far below this heap; past it the thread stops, not the server.
  const worker = new Worker(url, { workerData: { file }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  try {
    for await (const [message] of on(worker, 'message', { close: ['exit'] })) {
      const m = message as CsvWorkerMessage;
      if ('error' in m) {
        throw new AppError('BAD_REQUEST', m.format ? m.error : messages.inventoryServer.importNotCsv);
      }
      if ('done' in m) return;
      yield m;
      if ('lines' in m) worker.postMessage('more');
    }
    throw new Error('The CSV reader stopped before the end of the file.');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new AppError('BAD_REQUEST', messages.inventoryServer.importTooBig);
    throw err;
  } finally {
    void worker.terminate();
  }
}
