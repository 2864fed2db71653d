// Data generators for the benchmarks: the repository's card fixture (or the
// larger Scryfall sample BENCH_CARDS_FILE names) multiplied with new ids.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {
  fixtureCardsFile,
  LAYOUTS,
  multipliedCards,
  type Finish,
  type FixtureCard,
  type Quality,
} from '@cardstock/fixtures';

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

/** The generated catalog's printings, parsed. */
export async function catalogCards(count: number): Promise<FixtureCard[]> {
  return fs
    .readFileSync(await catalogFile(count), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as FixtureCard);
}

const qualities: readonly Quality[] = ['NM', 'NM', 'NM', 'LP', 'MP'];

/** A Cardstock CSV of one line per printing of the generated catalog: a shop with `count` rows once imported. */
export async function inventoryCsv(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-inventory-${count}-${baseTag()}.csv`);
  if (fs.existsSync(file)) return file;
  const lines = (await catalogCards(count)).map((card, i) => ({
    card,
    finish: (card.finishes[0] ?? 'nonfoil') as Finish,
    quality: qualities[i % 5]!,
    quantity: 1 + (i % 4),
  }));
  fs.writeFileSync(file, LAYOUTS.cardstock.write(lines));
  return file;
}

/** The conditions and languages a printing's rows come in, in a shop that stocks one printing many ways. */
const allQualities: readonly Quality[] = ['NM', 'LP', 'MP', 'HP', 'D'];
const someLanguages = ['en', 'ja', 'de', 'fr', 'it', 'es', 'pt', 'ko', 'ru', 'zhs'];

/**
 * A Cardstock CSV of `count` rows as a large marketplace seller stocks them (issue 42's channel bench): the printings
 * of the catalog's first sets, each in every condition and ten languages, with an asking price, so the rows span
 * as many sets as a real shop's do (some hundreds) rather than one set in three printings. Its printings, for the
 * marketplace stand-in's catalog.
 */
export async function sellerInventoryCsv(count: number): Promise<{ file: string; cards: FixtureCard[] }> {
  const perPrinting = allQualities.length * someLanguages.length;
  const cards = (await catalogCards(count)).slice(0, Math.ceil(count / perPrinting));
  const file = path.join(os.tmpdir(), `cardstock-bench-inventory-seller-${count}-${baseTag()}.csv`);
  if (!fs.existsSync(file)) {
    const lines = cards
      .flatMap((card, i) =>
        allQualities.flatMap((quality, q) =>
          someLanguages.map((language) => ({
            card,
            finish: (card.finishes[0] ?? 'nonfoil') as Finish,
            quality,
            language,
            quantity: 1 + ((i + q) % 4),
            price: 1 + ((i * 7 + q) % 40),
          })),
        ),
      )
      .slice(0, count);
    fs.writeFileSync(file, LAYOUTS.cardstock.write(lines));
  }
  return { file, cards };
}

/**
 * A ManaBox export of the generated catalog of `count` printings just under `maxBytes` (the 50 MB upload of the
 * large-import budget; ManaBox's rows are long, so about 350,000 of them): past the catalog's end the same printings
 * come again in other languages, each a stock row of its own.
 */
export async function largeInventoryCsv(count: number, maxBytes: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-inventory-manabox-${maxBytes}-${baseTag()}.csv`);
  if (fs.existsSync(file)) return file;
  const cards = await catalogCards(count);
  const languages = ['en', 'de', 'ja', 'fr', 'it', 'es', 'pt', 'ko', 'ru', 'zhs', 'zht'];
  const batch = 10_000;
  const parts: string[] = [];
  let bytes = 0;
  for (let start = 0; bytes < maxBytes; start += batch) {
    const lines = Array.from({ length: batch }, (_, k) => {
      const i = start + k;
      const card = cards[i % cards.length]!;
      return {
        card,
        finish: (card.finishes[0] ?? 'nonfoil') as Finish,
        quality: qualities[i % 5]!,
        quantity: 1 + (i % 4),
        language: languages[Math.floor(i / cards.length) % languages.length],
      };
    });
    const written = LAYOUTS.manabox.write(lines);
    // Whole lines while they fit; the header once.
    for (const row of (start === 0 ? written : written.slice(written.indexOf('\n') + 1)).split(/(?<=\n)/)) {
      const size = Buffer.byteLength(row);
      if (bytes + size > maxBytes) {
        bytes = maxBytes;
        break;
      }
      bytes += size;
      parts.push(row);
    }
  }
  fs.writeFileSync(file, parts.join(''));
  return file;
}
