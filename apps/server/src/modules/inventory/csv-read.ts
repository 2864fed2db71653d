import { StringDecoder } from 'node:string_decoder';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Options } from 'csv-parse';
import { messages } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import {
  CsvFormatError,
  csvOptions,
  lineReader,
  notCsv,
  oneNewlineStyle,
  type CsvFormat,
  type CsvLine,
  type CsvProblem,
  type CsvRecord,
  type LineReader,
} from './csv-formats.ts';
import type { SealedLine } from './csv-sealed.ts';

export interface CsvBatch {
  lines: CsvLine[];
  problems: CsvProblem[];
  /** Rows with no copies, not read. */
  skipped: number;
  /** Cardstock's own file: sealed products' rows (absent when the batch has none). */
  sealed?: SealedLine[];
  /** How much of the file has been parsed when the batch is handed on, 0 to 1. */
  parsed: number;
}

/** Lines handed to the import at a time: its printing lookups go by batch. */
const BATCH = 1000;
/** Bytes given to the parser at a time: about a millisecond of parsing before other requests get their turn. */
const SLICE = 16 * 1024;
/** The start of the file that tells its delimiter (a `sep=` line, else the header line). */
const HEAD = 64 * 1024;

/** The file's parts as slices of at most {@link SLICE} bytes. */
async function* slicesOf(parts: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const part of parts) for (let at = 0; at < part.length; at += SLICE) yield part.subarray(at, at + SLICE);
}

/**
 * Reads an uploaded CSV of `size` bytes, given in parts (the kept upload's, or the one sent): its tool first, then
 * its lines a batch at a time. It parses a slice of the text at a time and lets the event loop turn between
 * slices, so the server keeps answering while a big file is read. (It used to
 * run in a worker thread: a second V8 heap and two more copies of the file
 * were a fifth of the 300 MB an import of 100,000 lines may take; see
 * docs/decisions/008-csv-import-streams.md.) A file that is not CSV (a NUL byte anywhere), or that no known tool
 * wrote, is a 400 with the reason. `keepEmpty`: rows with no copies are lines of quantity 0 (see {@link lineReader}).
 */
export async function* readCsv(
  parts: Iterable<Buffer> | AsyncIterable<Buffer>,
  size: number,
  options: { keepEmpty?: boolean } = {},
): AsyncGenerator<{ format: CsvFormat } | CsvBatch> {
  const slices = slicesOf(parts);
  // The start of the file, for its delimiter; then read again with the rest.
  const first: Buffer[] = [];
  for (let bytes = 0; bytes < HEAD;) {
    const next = await slices.next();
    if (next.done) break;
    first.push(next.value);
    bytes += next.value.length;
  }
  if (first.some((slice) => slice.includes(0)))
    throw new AppError('BAD_REQUEST', messages.inventoryServer.importNotCsv);
  // The file is decoded a slice at a time, never as one string: a 50 MB file would be 100 MB or more of text twice.
  const head = new StringDecoder('utf8').write(Buffer.concat(first));
  // csv-parse's types do not model `on_record` changing the record's type.
  const parser = parse(csvOptions(oneNewlineStyle(head)) as unknown as Options);
  const records: CsvRecord[] = [];
  parser.on('readable', () => {
    for (let record: CsvRecord | null; (record = parser.read() as CsvRecord | null) !== null;) records.push(record);
  });
  let failure: Error | undefined;
  parser.on('error', (err) => (failure = err));
  const ended = finished(parser);
  ended.catch(() => undefined); // its failure is `failure`, thrown below

  let reader: LineReader | undefined;
  const fresh = (): CsvBatch => ({ lines: [], problems: [], skipped: 0, parsed: 0 });
  let batch = fresh();
  let parsed = 0;
  function* fold(): Generator<{ format: CsvFormat } | CsvBatch> {
    for (const record of records.splice(0)) {
      if (!reader) {
        reader = lineReader(record, options);
        yield { format: reader.format };
        continue;
      }
      reader.read(record, batch);
      if (batch.lines.length + batch.problems.length + (batch.sealed?.length ?? 0) >= BATCH) {
        yield { ...batch, parsed };
        batch = fresh();
      }
    }
  }
  try {
    const decoder = new StringDecoder('utf8');
    // A `\r` that ends a slice may be the first half of a `\r\n`: it waits for the next slice.
    let carried = '';
    let done = 0;
    const all = async function* () {
      yield* first.splice(0);
      yield* slices;
    };
    for await (const slice of all()) {
      if (slice.includes(0)) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNotCsv);
      const text = carried + decoder.write(slice);
      carried = text.endsWith('\r') ? '\r' : '';
      parser.write(oneNewlineStyle(carried ? text.slice(0, -1) : text));
      done += slice.length;
      parsed = Math.min(1, done / size);
      await nextTurn();
      if (failure) throw failure;
      yield* fold();
    }
    parser.end(oneNewlineStyle(carried + decoder.end()));
    await ended;
    yield* fold();
    if (!reader) lineReader(undefined); // throws: the file is empty
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', (err instanceof CsvFormatError ? err : notCsv(err)).message);
  }
  yield { ...batch, parsed: 1 };
}
