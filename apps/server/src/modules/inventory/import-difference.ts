import { copyFlagsOf } from './inventory.mapper.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  centsToDollars,
  importChangeSampleLimit,
  maxStockQuantity,
  messages,
  type ImportChange,
  type ImportDifference,
  type ImportMode,
  type ZeroedRow,
} from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { AppError } from '../../lib/errors.ts';
import type { CsvLine } from './csv-formats.ts';
import type { ImportRows, PendingRow } from './import-rows.ts';
import { comparable, resolvePrintings, untagged } from './import-printings.ts';
import { inventoryRepository as repo, type StockFields } from './inventory.repository.ts';

/** The zeroed rows the Activity log names one by one (an import's audit entry stays a few kilobytes). */
const AUDIT_ZEROED_LIMIT = 200;

/**
 * The stock rows a sync leaves as they are although no good line names them: those of the printings (or, with no
 * printing found, the card names) of lines that were refused or left in review. A line refused for a typo in its
 * condition, a proxy or a question still meant its card, so "no good line" is not "none left".
 */
export interface KeptRows {
  cards: Set<string>;
  names: Set<string>;
}

/** The refused and review lines' printings and names, as a sync keeps their rows. */
export async function keptRowsOf(ctx: AppContext, lines: CsvLine[]): Promise<KeptRows> {
  const kept: KeptRows = { cards: new Set(), names: new Set() };
  for (const part of chunks(lines, 1000)) {
    const printings = await resolvePrintings(ctx, part);
    for (const line of part) {
      const resolution = printings.get(line);
      if (resolution && 'card' in resolution) kept.cards.add(resolution.card.id);
      else if (resolution && 'candidates' in resolution) for (const c of resolution.candidates) kept.cards.add(c.id);
      // The name too: a mismatched name, or a printing the catalog lacks, still says which card's rows it meant.
      if (line.name) for (const name of [line.name, untagged(line.name)]) kept.names.add(comparable(name));
    }
    await nextTurn();
  }
  return kept;
}

const isKept = (kept: KeptRows | undefined, r: { card_id: string; name: string }) =>
  Boolean(
    kept &&
    (kept.cards.has(r.card_id) ||
      kept.names.has(comparable(r.name)) ||
      r.name.split(' // ').some((face) => kept.names.has(comparable(face)))),
  );

/** A row as the Activity log lists it, with the copies it had: "Lightning Bolt, 2X2 #117, Foil, LP, Japanese: 4". */
const auditRowOf = (r: StockFields & { name: string; set_code: string; collector_number: string }): ZeroedRow => ({
  name: r.name,
  set_code: r.set_code,
  collector_number: r.collector_number,
  finish: r.finish,
  quality: r.quality,
  language: r.language,
  signed: r.signed === 1,
  altered: r.altered === 1,
  quantity: r.quantity,
});

/**
 * What writing `rows` in `mode` changes in the shop's inventory, as it is now: new rows, quantities and asking
 * prices that move, and (sync) the stocked rows the file does not name, which go to 0. `existed` tells, by row,
 * which are in the shop already. Between its reads it lets the event loop turn: on SQLite a read answers at once.
 */
export async function differenceOf(db: Executor, shopId: number, mode: ImportMode, rows: ImportRows, kept?: KeptRows) {
  /** By row: the shop's quantity, -1 for a row it does not have; and its asking price, NaN for none. */
  const quantityBefore = new Float64Array(rows.size).fill(-1);
  const askingBefore = new Float64Array(rows.size);
  /** By row the shop has: where its copies are kept (undefined: nowhere said). */
  const locationBefore: (string | undefined)[] = [];
  let merged = 0;
  for (const part of chunks(rows.cardIds())) {
    for (const e of await repo.existingRows(db, shopId, part)) {
      const row = rows.indexOf(e);
      if (row < 0) continue;
      quantityBefore[row] = e.quantity;
      askingBefore[row] = e.asking_price ?? Number.NaN;
      if (e.location !== null) locationBefore[row] = e.location;
      merged++;
    }
    await nextTurn();
  }

  const difference: ImportDifference = {
    mode,
    new_rows: 0,
    quantities_changed: 0,
    prices_changed: 0,
    locations_changed: 0,
    zeroed: 0,
    unchanged: 0,
    sample: [],
  };
  const changes: Record<'new' | 'changed' | 'zeroed' | 'kept', ImportChange[]> = {
    new: [],
    changed: [],
    zeroed: [],
    kept: [],
  };
  /** Rows with copies this import takes to 0 (sync: not named, or named by a line of 0), as the Activity log names them. */
  const zeroedRows: ZeroedRow[] = [];
  let toZero = 0;
  let empty = 0;
  const note = (list: ImportChange[], change: () => ImportChange) => {
    if (list.length < importChangeSampleLimit) list.push(change());
  };
  /** A stock row as the report names it. */
  const shown = (
    r: Pick<
      PendingRow,
      'name' | 'set_code' | 'collector_number' | 'finish' | 'quality' | 'language' | 'signed' | 'altered'
    >,
  ) => ({
    name: r.name,
    set_code: r.set_code,
    collector_number: r.collector_number,
    ...copyFlagsOf(r),
  });
  for (let row = 0; row < rows.size; row++) {
    const added = rows.quantity(row);
    const quantityWas = quantityBefore[row]!;
    if (quantityWas < 0) {
      // "None" of a row the shop does not have: nothing to write, its lines skipped.
      if (added === 0) {
        empty += rows.row(row).lines;
        continue;
      }
      if (added > maxStockQuantity) {
        const r = rows.row(row);
        throw new AppError(
          'BAD_REQUEST',
          messages.inventoryServer.importRowTooMany(
            `${r.name} (${r.set_code.toUpperCase()} #${r.collector_number})`,
            added,
          ),
        );
      }
      difference.new_rows++;
      note(changes.new, () => {
        const r = rows.row(row);
        return {
          change: 'new',
          ...shown(r),
          quantity_before: 0,
          quantity_after: r.quantity,
          price_before: null,
          price_after: centsToDollars(r.asking_price),
        };
      });
      continue;
    }
    const r = rows.row(row);
    const askingWas = Number.isNaN(askingBefore[row]!) ? null : askingBefore[row]!;
    const quantity = mode === 'add' ? quantityWas + r.quantity : r.quantity;
    if (quantity > maxStockQuantity)
      throw new AppError(
        'BAD_REQUEST',
        messages.inventoryServer.importRowTooMany(
          `${r.name} (${r.set_code.toUpperCase()} #${r.collector_number})`,
          quantity,
        ),
      );
    const price = r.asking_price ?? askingWas;
    const quantityMoves = quantity !== quantityWas;
    const priceMoves = price !== askingWas;
    const locationMoves = r.location !== null && r.location !== locationBefore[row];
    if (quantity === 0 && quantityWas > 0) {
      toZero++;
      if (zeroedRows.length < AUDIT_ZEROED_LIMIT) zeroedRows.push(auditRowOf({ ...r, quantity: quantityWas }));
    }
    if (quantityMoves) difference.quantities_changed++;
    if (priceMoves) difference.prices_changed++;
    if (locationMoves) difference.locations_changed!++;
    if (!quantityMoves && !priceMoves && !locationMoves) difference.unchanged++;
    // A row whose location alone moves is counted, not shown: the sample tells quantities and prices.
    else if (quantityMoves || priceMoves)
      note(changes.changed, () => ({
        change: quantityMoves ? 'quantity' : 'price',
        ...shown(r),
        quantity_before: quantityWas,
        quantity_after: quantity,
        price_before: centsToDollars(askingWas),
        price_after: centsToDollars(price),
      }));
  }
  const zeroedIds: number[] = [];
  if (mode === 'sync') {
    let stocked = 0;
    let keptRows = 0;
    for await (const batch of repo.stockedRows(db, shopId)) {
      stocked += batch.length;
      for (const r of batch) {
        if (rows.indexOf(r) >= 0) continue;
        if (isKept(kept, r)) {
          keptRows++;
          note(changes.kept, () => ({
            change: 'kept',
            ...shown(r),
            quantity_before: r.quantity,
            quantity_after: r.quantity,
            price_before: centsToDollars(r.asking_price),
            price_after: centsToDollars(r.asking_price),
          }));
          continue;
        }
        zeroedIds.push(r.id);
        if (zeroedRows.length < AUDIT_ZEROED_LIMIT) zeroedRows.push(auditRowOf(r));
        note(changes.zeroed, () => ({
          change: 'zeroed',
          ...shown(r),
          quantity_before: r.quantity,
          quantity_after: 0,
          price_before: centsToDollars(r.asking_price),
          price_after: centsToDollars(r.asking_price),
        }));
      }
      await nextTurn();
    }
    difference.zeroed = zeroedIds.length;
    difference.kept = keptRows;
    difference.stocked_before = stocked;
    toZero += zeroedIds.length;
    // A sync that takes more than half of the rows with copies (all of them included) is no routine count: the
    // owner confirms it with its number, which the commit checks against its own count.
    if (toZero > 0 && toZero * 2 > stocked) difference.confirm_zero_rows = toZero;
  }
  difference.sample = [...changes.new, ...changes.changed, ...changes.kept, ...changes.zeroed].slice(
    0,
    importChangeSampleLimit,
  );
  const existed = (row: number) => quantityBefore[row]! >= 0;
  return { difference, merged, existed, zeroedIds, empty, zeroedRows, toZero };
}
