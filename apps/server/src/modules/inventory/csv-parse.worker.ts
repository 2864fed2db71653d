// Reads an uploaded inventory CSV off the main thread: the server keeps
// answering while a big file parses, and the parser's garbage goes away with
// the thread instead of swelling the server's heap. Only the lines come back.
import { parentPort, workerData } from 'node:worker_threads';
import { CsvFormatError, parseInventoryCsv } from './csv-formats.ts';

const { file } = workerData as { file: Uint8Array };
try {
  parentPort!.postMessage({ parsed: parseInventoryCsv(Buffer.from(file).toString('utf8')) });
} catch (err) {
  parentPort!.postMessage({
    error: err instanceof Error ? err.message : String(err),
    format: err instanceof CsvFormatError,
  });
}
