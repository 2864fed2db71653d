import fs from 'node:fs';
import readline from 'node:readline';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { CardTable } from '../../db/schema.ts';
import { toCardRow, toPriceRow, ZScryfallCard, ZScryfallPrices, type PriceRow } from './scryfall-card.ts';

export interface Malformed {
  /** 1-based: the line of an NDJSON file, or the element of a JSON array. */
  position: number;
  reason: string;
}

/** What a bulk file is read for: whole catalog rows, or only each printing's prices. */
export type BulkMode = 'catalog' | 'prices';
export type RowOf<M extends BulkMode> = M extends 'catalog' ? CardTable : PriceRow;

/** What the parser hands the writer: rows, the objects it refused, and how far it read. */
export interface ParsedBatch<Row = CardTable> {
  rows: Row[];
  malformed: Malformed[];
  bytesRead: number;
  /** A JSON syntax error that ended a JSON-array file early. */
  fatal?: string;
}

/**
 * How the file holds its objects: one a line (NDJSON), a JSON array with one
 * object a line (as Scryfall writes its bulk files: read line by line, several
 * times faster than a streaming JSON parser), or any other JSON array.
 */
async function shapeOf(file: string): Promise<'lines' | 'array-lines' | 'array'> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (!head.startsWith('[')) return 'lines';
    const [first, second] = head.split('\n', 3).map((line) => line.trim());
    if (first !== '[' || !second?.startsWith('{')) return 'array';
    try {
      JSON.parse(second.replace(/,$/, ''));
      return 'array-lines';
    } catch {
      return 'array';
    }
  } finally {
    await handle.close();
  }
}

type Item = { position: number; value: unknown } | { position: number; error: string };

async function* objectsOf(file: string, stream: fs.ReadStream): AsyncGenerator<Item> {
  const shape = await shapeOf(file);
  if (shape === 'array') {
    const items = stream.pipe(streamArray.withParserAsStream()) as AsyncIterable<{ key: number; value: unknown }>;
    for await (const item of items) yield { position: item.key + 1, value: item.value };
    return;
  }
  // A position is the line of an NDJSON file, the element of an array.
  let position = 0;
  for await (const text of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    if (shape === 'lines') position++;
    const trimmed = text.trim().replace(/,$/, '');
    if (!trimmed || (shape === 'array-lines' && (trimmed === '[' || trimmed === ']'))) continue;
    if (shape === 'array-lines') position++;
    try {
      yield { position, value: JSON.parse(trimmed) as unknown };
    } catch {
      yield { position, error: 'not valid JSON' };
    }
  }
}

/** Each mode's reading of one object: a row, or why the object is not one. */
const readers: { [M in BulkMode]: (value: unknown, updatedAt: string) => RowOf<M> | { refused: string } } = {
  catalog(value, updatedAt) {
    const parsed = ZScryfallCard.safeParse(value);
    return parsed.success ? toCardRow(parsed.data, updatedAt) : { refused: reasonOf(parsed.error) };
  },
  prices(value) {
    const parsed = ZScryfallPrices.safeParse(value);
    return parsed.success ? toPriceRow(parsed.data) : { refused: reasonOf(parsed.error) };
  },
};

function reasonOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'object'}: ${issue.message}` : 'not a card';
}

/**
 * Streams a Scryfall bulk file (a JSON array as Scryfall publishes it, or one
 * object per line) as batches of rows of the mode. Objects that are not cards
 * are reported with their position and never stop the file.
 */
export async function* parseBulkFile<M extends BulkMode>(
  file: string,
  mode: M,
  batchSize: number,
  updatedAt: string,
): AsyncGenerator<ParsedBatch<RowOf<M>>> {
  const read = readers[mode] as (value: unknown, updatedAt: string) => RowOf<M> | { refused: string };
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  let rows = new Map<string, RowOf<M>>();
  let malformed: Malformed[] = [];
  const take = (): ParsedBatch<RowOf<M>> => {
    const batch = { rows: [...rows.values()], malformed, bytesRead: stream.bytesRead };
    rows = new Map();
    malformed = [];
    return batch;
  };
  try {
    for await (const item of objectsOf(file, stream)) {
      if ('error' in item) {
        malformed.push({ position: item.position, reason: item.error });
        continue;
      }
      const row = read(item.value, updatedAt);
      if ('refused' in row) {
        malformed.push({ position: item.position, reason: row.refused });
        continue;
      }
      // The same id twice in one batch: the later object wins, as on re-import.
      rows.set(row.id, row);
      if (rows.size >= batchSize) yield take();
    }
  } catch (err) {
    yield {
      ...take(),
      fatal: `JSON syntax error after ${stream.bytesRead} bytes: ${err instanceof Error ? err.message : String(err)}`,
    };
    return;
  }
  yield take();
}
