import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface BulkDataEntry {
  type: string;
  download_uri: string;
  size?: number;
  updated_at?: string;
}

/**
 * Downloads Scryfall's current `default-cards` bulk file (every printing, in
 * English or the only language printed) into `dir`, following the bulk-data
 * API: ask for the list, then fetch the named file. Returns the file's path.
 */
export async function downloadDefaultCards(
  apiUrl: string,
  dir: string,
  onProgress?: (received: number, total: number) => void,
): Promise<string> {
  const headers = { 'User-Agent': 'Cardstock/1.0', Accept: 'application/json' };
  let list: Response;
  try {
    list = await fetch(`${apiUrl}/bulk-data`, { headers, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new Error(
      `Could not reach Scryfall at ${apiUrl} (${err instanceof Error ? err.message : String(err)}). ` +
        'Are you online? A bulk file downloaded elsewhere imports with: npm run cli -- cards import FILE',
    );
  }
  if (!list.ok) throw new Error(`Scryfall answered ${list.status} ${list.statusText} for the bulk-data list.`);
  const { data } = (await list.json()) as { data?: BulkDataEntry[] };
  const entry = data?.find((d) => d.type === 'default_cards');
  if (!entry) throw new Error('Scryfall’s bulk-data list has no default_cards file.');

  const file = await fetch(entry.download_uri, { headers: { 'User-Agent': headers['User-Agent'] } });
  if (!file.ok || !file.body) throw new Error(`Download failed: ${file.status} ${file.statusText}`);
  const total = Number(file.headers.get('content-length') ?? entry.size ?? 0);
  await fs.promises.mkdir(dir, { recursive: true });
  const target = path.join(dir, 'scryfall-default-cards.json');
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      onProgress?.(received, total);
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(file.body), counter, fs.createWriteStream(`${target}.part`));
  await fs.promises.rename(`${target}.part`, target);
  return target;
}
