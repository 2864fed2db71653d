// Parses a bulk file off the main thread, so parsing (one core) and writing
// to the database (the other) overlap. Batches go out as the main thread
// grants credit, which bounds memory however large the file.
import { parentPort, workerData } from 'node:worker_threads';
import { parseBulkFile, type BulkMode } from './catalog-parse.ts';

const { file, mode, batchSize, updatedAt } = workerData as {
  file: string;
  mode: BulkMode;
  batchSize: number;
  updatedAt: string;
};
const port = parentPort!;
let credit = 2;
let wake: (() => void) | undefined;
port.on('message', () => {
  credit++;
  wake?.();
});

for await (const batch of parseBulkFile(file, mode, batchSize, updatedAt)) {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  port.postMessage({ type: 'batch', batch });
}
port.postMessage({ type: 'done' });
port.close();
