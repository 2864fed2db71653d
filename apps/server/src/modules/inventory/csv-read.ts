import { StringDecoder } from 'node:string_decoder';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Options } from 'csv-parse';
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

export interface CsvBatch {
  lines: CsvLine[];
  problems: CsvProblem[];
  /** Rows with no copies, not read. */
  skipped: number;
  /** How much of the file has been parsed when the batch is handed on, 0 to 1. */
  parsed: number;
}

/** Lines handed to the import at a time: its printing lookups go by batch. */
const BATCH = 1000;
/** Bytes given to the parser at a time: about a millisecond of parsing before other requests get their turn. */
const SLICE = 16 * 1024;
/** The start of the file that tells its delimiter (a `sep=` line, else the header line). */
const HEAD = 64 * 1024;

/**
 * Reads an uploaded CSV: its tool first, then its lines a batch at a time.
 * It parses a slice of the text at a time and lets the event loop turn between
 * slices, so the server keeps answering while a big file is read. (It used to
 * run in a worker thread: a second V8 heap and two more copies of the file
 * were a fifth of the 300 MB an import of 100,000 lines may take; see
 * docs/decisions.md.) A file that is not CSV, or that no known tool wrote, is
 * a 400 with the reason. `keepEmpty`: rows with no copies are lines of quantity 0 (see {@link lineReader}).
 */
export async function* readCsv(
  file: Buffer,
  options: { keepEmpty?: boolean } = {},
): AsyncGenerator<{ format: CsvFormat } | CsvBatch> {
  // The file is decoded a slice at a time, never as one string: a 50 MB file would be 100 MB or more of text twice.
  const head = new StringDecoder('utf8').write(file.subarray(0, HEAD));
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
      if (batch.lines.length + batch.problems.length >= BATCH) {
        yield { ...batch, parsed };
        batch = fresh();
      }
    }
  }
  try {
    const decoder = new StringDecoder('utf8');
    // A `\r` that ends a slice may be the first half of a `\r\n`: it waits for the next slice.
    let carried = '';
    for (let at = 0; at < file.length; at += SLICE) {
      const text = carried + decoder.write(file.subarray(at, at + SLICE));
      carried = text.endsWith('\r') ? '\r' : '';
      parser.write(oneNewlineStyle(carried ? text.slice(0, -1) : text));
      parsed = Math.min(1, (at + SLICE) / file.length);
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
