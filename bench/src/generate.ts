// Data generators for the benchmarks. Real card objects from ../shared/data
// multiplied with new ids when present; otherwise generated from scratch.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharedCards = path.resolve(root, '../shared/data/cards/cards.scryfall.ndjson');

const uuid = (seed: string) => {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

function syntheticCard(i: number): Record<string, unknown> {
  const words = ['Ancient', 'Storm', 'Goblin', 'Vial', 'Dragon', 'Shadow', 'Grove', 'Oracle', 'Bolt', 'Titan'];
  const name = `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${Math.floor(i / 100)}`;
  return {
    id: uuid(`synthetic-${i}`),
    oracle_id: uuid(`oracle-${name}`),
    name,
    lang: 'en',
    released_at: '2024-01-01',
    set: 'syn',
    set_name: 'Synthetic',
    collector_number: String(i),
    rarity: 'common',
    mana_cost: '{1}{R}',
    type_line: 'Instant',
    finishes: ['nonfoil', 'foil'],
    prices: { usd: '0.25', usd_foil: '1.00' },
  };
}

/**
 * A Scryfall-format NDJSON file of `count` printings, cached in the temp
 * folder: the shared sample repeated, each copy with new ids and its set
 * code suffixed, so names repeat like reprints do.
 */
export async function catalogFile(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-catalog-${count}.ndjson`);
  if (fs.existsSync(file)) return file;
  const base = fs.existsSync(sharedCards)
    ? fs.readFileSync(sharedCards, 'utf8').split('\n').filter(Boolean)
    : undefined;
  const out = fs.createWriteStream(`${file}.part`);
  for (let i = 0; i < count; i++) {
    let card: Record<string, unknown>;
    if (base) {
      const copy = Math.floor(i / base.length);
      card = JSON.parse(base[i % base.length]!) as Record<string, unknown>;
      if (copy > 0) {
        card.id = uuid(`${String(card.id)}-${copy}`);
        card.set = `${String(card.set)}${copy}`;
        card.released_at = `${2000 + (copy % 26)}-01-01`;
      }
    } else {
      card = syntheticCard(i);
    }
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
 * A Cardstock CSV of one line per printing of the generated catalog: a shop
 * with `count` inventory rows once imported.
 */
export async function inventoryCsv(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `cardstock-bench-inventory-${count}.csv`);
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
