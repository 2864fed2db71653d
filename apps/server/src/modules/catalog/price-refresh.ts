import fs from 'node:fs';
import { withTransaction, type Db } from '../../db/database.ts';
import type { CardPriceTable } from '../../db/schema.ts';
import { streamBulkFile, type BulkReport } from './catalog-import.ts';
import { catalogRepository as repo } from './catalog.repository.ts';
import type { PriceRow } from './scryfall-card.ts';

/** How long kept prices stay (the trend on the Edit dialog and the card page spans this). */
export const PRICE_HISTORY_DAYS = 180;
/**
 * Printings read and written per transaction: one select, one update, one insert each. Few commits (each
 * one waits for the disk), and the update's 6 values a printing stay under SQLite's 32,766 bound values.
 */
const BATCH = 2000;

export interface PriceRefreshProgress {
  bytesRead: number;
  totalBytes: number;
  printings: number;
}

export interface PriceRefreshResult extends BulkReport {
  /** Printings the file priced. */
  printings: number;
  /** Printings whose catalog prices the file changed. */
  changed: number;
  /** Printings of the file the catalog does not have (a catalog import adds them). */
  unknown: number;
  /** The day (UTC) the prices were kept under. */
  day: string;
}

const priceColumns = ['price_usd', 'price_usd_foil', 'price_usd_etched', 'price_eur', 'price_eur_foil'] as const;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Refreshes the catalog's market prices from a Scryfall bulk file, reading
 * nothing else of it: printings whose prices moved are updated, and their US
 * prices kept for the day in `card_prices` (a step each time they move, 180
 * days). The same file twice writes nothing the second time. Printings the
 * catalog lacks are counted, never added: prices alone cannot make a card.
 */
export async function refreshPrices(
  db: Db,
  file: string,
  options: { now?: () => Date; onProgress?: (p: PriceRefreshProgress) => void } = {},
): Promise<PriceRefreshResult> {
  const at = (options.now ?? (() => new Date()))();
  const day = dayOf(at);
  // History only grows forward: a file kept under an earlier day would overwrite newer prices with older ones.
  const last = await repo.lastRefresh(db);
  if (last && last.day > day) {
    throw new Error(`Prices were refreshed for ${last.day} already: a refresh cannot be kept under ${day}, before it.`);
  }
  const totalBytes = (await fs.promises.stat(file)).size;
  let printings = 0;
  let changed = 0;
  let unknown = 0;
  const report = await streamBulkFile(
    file,
    'prices',
    { batchSize: BATCH, updatedAt: at.toISOString() },
    async (batch) => {
      printings += batch.rows.length;
      if (batch.rows.length) {
        await withTransaction(db, async (tx) => {
          const current = new Map(
            (
              await repo.pricesOf(
                tx,
                batch.rows.map((r) => r.id),
              )
            ).map((c) => [c.id, c]),
          );
          const moved: PriceRow[] = [];
          const kept: CardPriceTable[] = [];
          for (const row of batch.rows) {
            const now = current.get(row.id);
            if (!now) {
              unknown++;
              continue;
            }
            if (priceColumns.some((column) => row[column] !== now[column])) moved.push(row);
            const sameAsKept =
              now.kept_day !== null &&
              row.price_usd === now.kept_usd &&
              row.price_usd_foil === now.kept_usd_foil &&
              row.price_usd_etched === now.kept_usd_etched;
            if (!sameAsKept) {
              kept.push({
                card_id: row.id,
                day,
                usd: row.price_usd,
                usd_foil: row.price_usd_foil,
                usd_etched: row.price_usd_etched,
              });
            }
          }
          await repo.setPrices(tx, moved);
          await repo.keepPrices(tx, kept);
          changed += moved.length;
        });
      }
      options.onProgress?.({ bytesRead: batch.bytesRead, totalBytes, printings });
    },
  );
  const cutoff = dayOf(new Date(at.getTime() - PRICE_HISTORY_DAYS * 86_400_000));
  await withTransaction(db, async (tx) => {
    await repo.forgetPricesBefore(tx, cutoff);
    // Shops' prices come from the catalog: once moved, what was computed from the old ones is stale.
    if (changed > 0) await repo.changed(tx, at.toISOString());
    await repo.recordRefresh(tx, { at: at.toISOString(), day, printings, changed });
  });
  return { printings, changed, unknown, day, ...report };
}
