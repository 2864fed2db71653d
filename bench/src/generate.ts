// Data generators for the benchmarks: the repository's card fixture (or the
// larger Scryfall sample BENCH_CARDS_FILE names) multiplied with new ids.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fixtureCardsFile, multipliedCards } from '@cardstock/fixtures';

/** The printings a generated catalog repeats: one Scryfall card object a line. */
const baseCards = process.env.BENCH_CARDS_FILE || fixtureCardsFile;

/** A short name of the base file's contents, so a cached catalog made from other printings is never reused. */
function baseTag(): string {
  return createHash('sha1').update(fs.readFileSync(baseCards)).digest('hex').slice(0, 10);
}

/**
 * A Scryfall-format NDJSON file of `count` printings, cached in the temp
 * folder: the base printings repeated, each copy with new ids and its set
 * code suffixed, so names repeat like reprints do.
 */
export async function catalogFile(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-catalog-${count}-${baseTag()}.ndjson`);
  if (fs.existsSync(file)) return file;
  const base = fs.readFileSync(baseCards, 'utf8').split('\n').filter(Boolean);
  const out = fs.createWriteStream(`${file}.part`);
  for (const card of multipliedCards(count, base)) {
    if (!out.write(`${JSON.stringify(card)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => {
    out.end(() => resolve());
    out.on('error', reject);
  });
  fs.renameSync(`${file}.part`, file);
  return file;
}

/**
 * The generated catalog's printings at new prices (each one 10 % up), as
 * Scryfall publishes its bulk files: a JSON array with one object a line.
 */
export async function priceFile(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-prices-${count}-${baseTag()}.json`);
  if (fs.existsSync(file)) return file;
  const up = (price: unknown) => (typeof price === 'string' ? (Number(price) * 1.1).toFixed(2) : price);
  const out = fs.createWriteStream(`${file}.part`);
  out.write('[\n');
  let first = true;
  for await (const line of readline.createInterface({ input: fs.createReadStream(await catalogFile(count)) })) {
    if (!line) continue;
    const card = JSON.parse(line) as { prices?: Record<string, unknown> };
    const prices = Object.fromEntries(Object.entries(card.prices ?? {}).map(([k, v]) => [k, up(v)]));
    const text = `${first ? '' : ',\n'}${JSON.stringify({ ...card, prices })}`;
    first = false;
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => {
    out.end('\n]\n', () => resolve());
    out.on('error', reject);
  });
  fs.renameSync(`${file}.part`, file);
  return file;
}

/**
 * A Cardstock CSV of one line per printing of the generated catalog: a shop
 * with `count` inventory rows once imported.
 */
export async function inventoryCsv(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-inventory-${count}-${baseTag()}.csv`);
  if (fs.existsSync(file)) return file;
  const catalog = fs
    .readFileSync(await catalogFile(count), 'utf8')
    .split('\n')
    .filter(Boolean);
  const qualities = ['NM', 'NM', 'NM', 'LP', 'MP'];
  const lines = ['Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price'];
  catalog.slice(0, count).forEach((text, i) => {
    const card = JSON.parse(text) as {
      id: string;
      name: string;
      set: string;
      collector_number: string;
      finishes?: string[];
    };
    const finish = card.finishes?.[0] ?? 'nonfoil';
    const name =
      card.name.includes(',') || card.name.includes('"') ? `"${card.name.replaceAll('"', '""')}"` : card.name;
    lines.push(`${name},${card.set},${card.collector_number},${card.id},${finish},${qualities[i % 5]},${1 + (i % 4)},`);
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
