import fs from 'node:fs';
import readline from 'node:readline';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { CardTable } from '../../db/schema.ts';
import { toCardRow, ZScryfallCard } from './scryfall-card.ts';

export interface Malformed {
  /** 1-based: the line of an NDJSON file, or the element of a JSON array. */
  position: number;
  reason: string;
}

/** What the parser hands the writer: catalog rows, the objects it refused, and how far it read. */
export interface ParsedBatch {
  rows: CardTable[];
  malformed: Malformed[];
  bytesRead: number;
  /** A JSON syntax error that ended a JSON-array file early. */
  fatal?: string;
}

/** Reads the first non-blank character: `[` is a JSON array, anything else one object per line. */
async function isJsonArray(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('[');
  } finally {
    await handle.close();
  }
}

type Item = { position: number; value: unknown } | { position: number; error: string };

async function* objectsOf(file: string, stream: fs.ReadStream): AsyncGenerator<Item> {
  if (await isJsonArray(file)) {
    const items = stream.pipe(streamArray.withParserAsStream()) as AsyncIterable<{ key: number; value: unknown }>;
    for await (const item of items) yield { position: item.key + 1, value: item.value };
    return;
  }
  let line = 0;
  for await (const text of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    line++;
    const trimmed = text.trim().replace(/,$/, '');
    if (!trimmed) continue;
    try {
      yield { position: line, value: JSON.parse(trimmed) as unknown };
    } catch {
      yield { position: line, error: 'not valid JSON' };
    }
  }
}

/**
 * Streams a Scryfall bulk file (a JSON array as Scryfall publishes it, or one
 * object per line) as batches of catalog rows. Objects that are not cards are
 * reported with their position and never stop the file.
 */
export async function* parseCatalogFile(
  file: string,
  batchSize: number,
  updatedAt: string,
): AsyncGenerator<ParsedBatch> {
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  let rows = new Map<string, CardTable>();
  let malformed: Malformed[] = [];
  const take = (): ParsedBatch => {
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
      const parsed = ZScryfallCard.safeParse(item.value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const reason = issue ? `${issue.path.join('.') || 'object'}: ${issue.message}` : 'not a card';
        malformed.push({ position: item.position, reason });
        continue;
      }
      // The same id twice in one batch: the later object wins, as on re-import.
      const row = toCardRow(parsed.data, updatedAt);
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
