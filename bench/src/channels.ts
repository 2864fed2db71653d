// Issue 42's channel budgets: the first listing of the 100,000-row shop on CardTrader (the local stand-in speaking
// its API, apps/server/test/cardtrader-fake.ts) in under 2 minutes and 400 MB, the shop's own pages answering
// meanwhile; then a stock change reaching CardTrader, and a sale there leaving the stock, within the sync interval
// plus 5 s.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FixtureCard } from '@cardstock/fixtures';
import type { CardTraderFake } from '../../apps/server/test/cardtrader-fake.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stand-in's catalog for the generated printings: an expansion per set code, a blueprint per printing. */
export function cardTraderCatalog(cards: readonly FixtureCard[]) {
  const sets = new Map<
    string,
    { id: number; code: string; name: string; blueprints: { id: number; scryfall_id: string }[] }
  >();
  cards.forEach((card, i) => {
    let set = sets.get(card.set);
    if (!set)
      sets.set(card.set, (set = { id: sets.size + 1, code: card.set, name: `Set ${card.set}`, blueprints: [] }));
    set.blueprints.push({ id: 100_000 + i, scryfall_id: card.id });
  });
  return [...sets.values()].map((set) => ({
    ...set,
    blueprints: set.blueprints.map((b) => ({
      ...b,
      conditions: ['Near Mint', 'Slightly Played', 'Moderately Played', 'Played', 'Heavily Played', 'Poor'],
      languages: ['en', 'jp', 'de', 'fr', 'it', 'es', 'pt', 'kr', 'ru', 'zh-CN', 'zh-TW'],
    })),
  }));
}

/** A JSON call of the API; anything but 2xx throws with what the server said. */
export async function postJson<T>(url: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Imports a CSV into the shop as the Mass Upload dialog does: checked under an import id, then committed. */
export async function importCsv(url: string, token: string, file: string): Promise<void> {
  const importId = `bench-channel-${Date.now()}`;
  for (const dryRun of [true, false]) {
    const form = new FormData();
    form.set('token', token);
    form.set('import_id', importId);
    if (dryRun) {
      form.set('dry_run', 'true');
      form.set('file', new Blob([fs.readFileSync(file)]), 'inventory.csv');
    }
    const res = await fetch(`${url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`CSV import failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
}

/** The shop's storefront at `subdomain`, public. */
export async function publish(url: string, token: string, subdomain: string): Promise<void> {
  await postJson(url, '/api/shop/settings', { token, subdomain, shop_hidden: 0 });
}

/**
 * Asks each of `pages` one after another (20 ms apart) from a worker thread until `stop`: each page's times, in ms.
 * A request that fails ends the probe with its error.
 */
function probeThread(url: string, pages: [string, Record<string, unknown>][]) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let asking = true;
    parentPort.once('message', () => (asking = false));
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    Promise.all(
      workerData.pages.map(async ([path, body]) => {
        const times = [];
        while (asking) {
          const at = performance.now();
          const res = await fetch(workerData.url + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (!res.ok) throw new Error(path + ' answered ' + res.status);
          await res.arrayBuffer();
          times.push(performance.now() - at);
          await sleep(20);
        }
        return times;
      }),
    ).then((times) => parentPort.postMessage(times));`,
    { eval: true, workerData: { url, pages } },
  );
  const times = new Promise<number[][]>((resolve, reject) => {
    worker.once('message', (message: number[][]) => resolve(message));
    worker.once('error', reject);
  }).finally(() => worker.terminate());
  return { stop: () => worker.postMessage('stop'), times };
}

/** The 99th percentile of a list of times, rounded to the millisecond. */
const p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0);
};

export interface ChannelFigures {
  /** Stock rows listed, and the seconds from connecting to their last push recorded. */
  rows: number;
  seconds: number;
  /** The shop's inventory list and storefront page, asked one after another all along the first listing. */
  listP99Ms: number;
  storefrontP99Ms: number;
  /** The slowest of three: a stock change seen on CardTrader, a sale there gone from the stock (seconds). */
  changeS: number;
  orderS: number;
}

/**
 * Connects the shop (Owner's `token`) to the stand-in and times its first listing, done by the server's own interval
 * (`CHANNEL_SYNC_SECONDS`), with the inventory list and storefront asked all along; then times three stock changes
 * and three sales there, each until the other side shows it; the channel is paused at the end.
 */
export async function channelListing(
  url: string,
  token: string,
  subdomain: string,
  fake: CardTraderFake,
  cards: readonly FixtureCard[],
): Promise<ChannelFigures> {
  const apiToken = 'bench-cardtrader-token-0123456789abcdef0123456789';
  fake.issue(apiToken, { name: 'Bench Shop App', userId: 1 });
  const started = Date.now();
  await postJson(url, '/api/shop/channels/cardtrader', {
    token,
    api_token: apiToken,
    enabled: true,
    price_percent: 100,
    keep: 0,
  });
  // The shop's pages asked from a thread of their own: the stand-in answers in this thread, and its work (a bulk
  // create of 500 products, say) would otherwise count as the server's time.
  const probes = probeThread(url, [
    ['/api/shop/inventory', { Authorization: token, page: '3', filter: '' }],
    ['/api/public/shop/inventory', { subdomain, page: '3' }],
  ]);
  type Channels = { channels: { last_push_at: string | null; listed_rows: number }[] };
  let listed: Channels['channels'][number];
  try {
    for (;;) {
      listed = (await postJson<Channels>(url, '/api/shop/channels', { token })).channels[0]!;
      if (listed.last_push_at) break;
      if (Date.now() - started > 10 * 60_000) throw new Error('the first listing did not end in 10 minutes');
      // As an Owner watching the Channels screen might.
      await sleep(1000);
    }
  } finally {
    probes.stop();
  }
  const [list = [], storefront = []] = await probes.times;
  const seconds = (Date.now() - started) / 1000;

  // A printing listed alone on its row (nonfoil, Near Mint): its product there, and its row here.
  const byBlueprint = new Map(cardTraderCatalog(cards).flatMap((s) => s.blueprints.map((b) => [b.id, b.scryfall_id])));
  const products = () => fake.products(apiToken);
  const product = products().find(
    (p) =>
      p.properties_hash.condition === 'Near Mint' &&
      p.properties_hash.mtg_foil === false &&
      p.properties_hash.mtg_language === 'en',
  );
  if (!product) throw new Error('no nonfoil Near Mint English product was listed');
  const cardId = byBlueprint.get(product.blueprint_id)!;
  const card = cards.find((c) => c.id === cardId)!;
  const copiesHere = async () => {
    type Row = {
      inv_card_id: string;
      inv_quantity: number;
      inv_finish: string;
      inv_quality: string;
      inv_language: string;
    };
    const rows = await postJson<{ inventory: Row[] }>(url, '/api/shop/inventory', {
      Authorization: token,
      page: '1',
      filter: card.name,
    });
    return rows.inventory
      .filter(
        (r) =>
          r.inv_card_id === cardId && r.inv_finish === 'nonfoil' && r.inv_quality === 'NM' && r.inv_language === 'en',
      )
      .reduce((n, r) => n + r.inv_quantity, 0);
  };
  /** Seconds until `check` holds, asked every 100 ms (at most a minute). */
  const until = async (check: () => boolean | Promise<boolean>) => {
    const from = Date.now();
    while (!(await check())) {
      if (Date.now() - from > 60_000) throw new Error('the change never reached the other side');
      await sleep(100);
    }
    return (Date.now() - from) / 1000;
  };
  let changeS = 0;
  let orderS = 0;
  for (let round = 0; round < 3; round++) {
    const quantity = (await copiesHere()) + 2;
    const changed = Date.now();
    await postJson(url, '/api/shop/inventory/edit', {
      token,
      scryfall_id: cardId,
      finish: 'nonfoil',
      quality: 'NM',
      quantity,
    });
    await until(() => products().find((p) => p.id === product.id)?.quantity === quantity);
    changeS = Math.max(changeS, (Date.now() - changed) / 1000);
    const before = await copiesHere();
    fake.sell(apiToken, [{ product_id: product.id, quantity: 1 }]);
    orderS = Math.max(orderS, await until(async () => (await copiesHere()) === before - 1));
  }
  await postJson(url, '/api/shop/channels/cardtrader', { token, enabled: false, price_percent: 100, keep: 0 });
  if (fake.rateLimited()) throw new Error(`${fake.rateLimited()} requests went over CardTrader's rate limit`);
  return {
    rows: listed.listed_rows,
    seconds,
    listP99Ms: p99(list),
    storefrontP99Ms: p99(storefront),
    changeS: Math.round(changeS * 10) / 10,
    orderS: Math.round(orderS * 10) / 10,
  };
}
