// Reads an uploaded inventory CSV off the main thread, a batch of lines at a
// time as the main thread asks for more: the server keeps answering while a
// big file parses, and neither thread ever holds the whole file's records.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { parse, type Options } from 'csv-parse';
import { CsvFormatError, csvReading, lineReader, notCsv, type CsvRecord, type LineReader } from './csv-formats.ts';
import type { CsvBatch, CsvWorkerMessage } from './csv-read.ts';

const BATCH = 5000;
const SLICE = 64 * 1024;
const { file } = workerData as { file: Uint8Array };
const port = parentPort!;
const send = (message: CsvWorkerMessage) => port.postMessage(message);

let credit = 2;
let wake: (() => void) | undefined;
port.on('message', () => {
  credit++;
  wake?.();
});

async function deliver(batch: CsvBatch): Promise<void> {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  send(batch);
}

async function read(): Promise<void> {
  const reading = csvReading(Buffer.from(file).toString('utf8'));
  // csv-parse's types do not model `on_record` changing the record's type.
  const parser = parse(reading.options as unknown as Options);
  const feed = async () => {
    for (let at = 0; at < reading.text.length; at += SLICE) {
      if (!parser.write(reading.text.slice(at, at + SLICE))) await once(parser, 'drain');
    }
    parser.end();
  };
  const fed = feed();
  let reader: LineReader | undefined;
  let batch: CsvBatch = { lines: [], problems: [] };
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      if (!reader) {
        reader = lineReader(record);
        send({ format: reader.format });
        continue;
      }
      reader.read(record, batch);
      if (batch.lines.length + batch.problems.length >= BATCH) {
        await deliver(batch);
        batch = { lines: [], problems: [] };
      }
    }
  } catch (err) {
    throw err instanceof CsvFormatError ? err : notCsv(err);
  }
  await fed;
  if (!reader) lineReader(undefined); // throws: the file is empty
  await deliver(batch);
  send({ done: true });
}

read().then(
  () => port.close(),
  (err: unknown) => {
    send({ error: err instanceof Error ? err.message : String(err), format: err instanceof CsvFormatError });
    port.close();
  },
);
