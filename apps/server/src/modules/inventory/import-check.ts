import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  dollarsToCents,
  maxAskingPrice,
  messages,
  type ImportDifference,
  type ImportMode,
  type ImportReport,
  type ImportReview,
} from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { planSealedImport } from '../sealed/sealed-import.ts';
import type { CsvFormat, CsvLine } from './csv-formats.ts';
import { readCsv } from './csv-read.ts';
import type { SealedLine } from './csv-sealed.ts';
import { csvUploadsRepository as uploads } from './csv-uploads.repository.ts';
import { differenceOf, keptRowsOf, type KeptRows } from './import-difference.ts';
import { resolvePrintings } from './import-printings.ts';
import { choosePrinting, hasFinish } from './import-review.ts';
import { ImportRows } from './import-rows.ts';
import { uploadOf, type ImportFile } from './import-upload.ts';

/** How often the check writes how far it has read (the dialog asks every 400 ms; on SQLite each write is a sync to disk). */
const PROGRESS_MS = 250;

/** What an import is asked: the file (or its kept upload), how to write it, and what the owner answered. */
export interface ImportInput {
  /** The file; none when `importId` names an upload kept since its check. */
  file?: Buffer;
  /** Keeps the file under this id (with a file) or takes the kept one (without). */
  importId?: string;
  dryRun: boolean;
  acceptPartial: boolean;
  picks?: ReadonlyMap<number, string>;
  mode?: ImportMode;
  /** A sync that sets most rows to 0 goes ahead only with this count, the one its check reported. */
  confirmZeroRows?: number;
  /** The file's name, for the Activity log. */
  fileName?: string;
}

/** A file read and matched: what its check reports, and what its commit writes. */
export interface CheckedImport {
  mode: ImportMode;
  /** How the singles are written: a sync of a file with sealed rows only leaves them as they are ('set'). */
  singlesMode: ImportMode;
  format: CsvFormat;
  file: ImportFile;
  rows: ImportRows;
  /** Cardstock's own file: its sealed products, written by the sealed module. */
  sealed: SealedLine[];
  /** Sync: the rows the refused and review lines meant, kept as they are. */
  kept?: KeptRows;
  /** The file's lines the report counts. */
  lines: number;
  /** What writing the rows changes, as the report tells it. */
  difference: ImportDifference;
  /** The report, its message not yet written. */
  report: ImportReport;
}

/**
 * Reads the shop's file a batch of lines at a time, finds each line's printing and what writing them in `mode`
 * would change, and reports it; under an `importId` it keeps the file and writes how far it has read.
 */
export async function checkImport(ctx: AppContext, shopId: number, input: ImportInput): Promise<CheckedImport> {
  const mode = input.mode ?? 'add';
  const { importId } = input;
  const file = await uploadOf(ctx, shopId, input.file, importId);
  const refused: ImportReport['refused'] = [];
  const review: ImportReview[] = [];
  let format: CsvFormat = 'cardstock';
  let read = 0;
  let unreadable = 0;
  let skipped = 0;
  // Lines come and are matched a batch at a time; a row keeps only what the write needs.
  const rows = new ImportRows();
  /** Sync: the refused and review lines, whose rows are kept as they are. */
  const unsure: CsvLine[] = [];
  /** Cardstock's own file: its sealed products, written by the sealed module. */
  const sealed: SealedLine[] = [];
  let progressAt = performance.now();
  // Setting quantities, a row with no copies says "none left": read it (and skip it when it finds no row).
  for await (const batch of readCsv(file.parts, file.size, { keepEmpty: mode !== 'add' })) {
    if ('format' in batch) {
      format = batch.format;
      continue;
    }
    refused.push(...batch.problems);
    if (batch.sealed) sealed.push(...batch.sealed);
    if (mode === 'sync') for (const p of batch.problems) if (p.named) unsure.push(p.named);
    unreadable += batch.problems.length;
    skipped += batch.skipped;
    read += batch.lines.length;
    const part = batch.lines;
    const printings = await resolvePrintings(ctx, part);
    // On SQLite the lookups answered at once: other requests get their turn before the batch is folded in.
    await nextTurn();
    for (const line of part) {
      const resolution = printings.get(line);
      const card = resolution && 'card' in resolution ? resolution.card : undefined;
      // "None of these" needs no question: a line of 0 copies that finds no one row is nothing to change.
      if (line.quantity === 0 && !(card && hasFinish(card, line.finish))) {
        skipped++;
        read--;
        continue;
      }
      const chosen = choosePrinting(line, resolution, input.picks, refused, review);
      if (!chosen || !hasFinish(chosen, line.finish)) {
        if (mode === 'sync') unsure.push(line);
      }
      if (!chosen) continue;
      if (!hasFinish(chosen, line.finish)) {
        refused.push({
          line: line.line,
          reason: `${chosen.name} (${chosen.set_code.toUpperCase()} #${chosen.collector_number}) has no ${line.finish} printing.`,
        });
        continue;
      }
      if (format === 'cardstock' && line.price !== undefined && line.price > maxAskingPrice) {
        refused.push({ line: line.line, reason: messages.inventoryServer.importPriceTooHigh(line.price) });
        if (mode === 'sync') unsure.push(line);
        continue;
      }
      // Only Cardstock's own file carries the shop's asking price; other tools' prices are what a player paid.
      rows.add(chosen, line, format === 'cardstock' && line.price !== undefined ? dollarsToCents(line.price) : null);
    }
    if (importId && performance.now() - progressAt >= PROGRESS_MS) {
      progressAt = performance.now();
      await uploads.progress(ctx.db, shopId, importId, {
        read_bytes: Math.round(batch.parsed * file.size),
        rows_read: read + unreadable,
        matched: rows.size,
      });
    }
  }
  refused.sort((a, b) => a.line - b.line);

  const kept = mode === 'sync' && unsure.length ? await keptRowsOf(ctx, unsure) : undefined;
  // A sync of a file with sealed rows only says nothing of the singles: they are left as they are.
  const singlesMode: ImportMode = mode === 'sync' && rows.size === 0 && sealed.length ? 'set' : mode;
  const { difference, merged, empty } = await differenceOf(ctx.db, shopId, singlesMode, rows, kept);
  if (mode === 'sync' && rows.size === 0 && !sealed.length)
    throw new AppError('BAD_REQUEST', messages.inventoryServer.syncEmpty);
  const sealedPlan = sealed.length ? await planSealedImport(ctx.db, shopId, sealed, mode) : undefined;
  skipped += empty;
  const lines = read - empty - (refused.length - unreadable);
  const report: ImportReport = {
    message: '',
    format,
    dry_run: input.dryRun,
    imported: false,
    rows: lines,
    added: difference.new_rows,
    merged,
    copies: rows.copies(),
    refused,
    ...(skipped ? { skipped } : {}),
    ...(review.length ? { review: review.sort((a, b) => a.line - b.line) } : {}),
    difference,
    ...(sealedPlan ? { sealed: sealedPlan.report } : {}),
    ...(importId ? { import_id: importId } : {}),
  };
  if (importId)
    await uploads.progress(ctx.db, shopId, importId, {
      read_bytes: file.size,
      rows_read: read + unreadable,
      matched: rows.size,
      state: 'checked',
    });
  return { mode, singlesMode, format, file, rows, sealed, kept, lines, difference, report };
}

/**
 * The answer of an import that stops at its check: a dry run, refused lines the caller did not accept, or a sync
 * whose count of rows going to 0 the owner has not confirmed. Undefined: the import may be written.
 */
export function answerBeforeCommit(
  { report, lines, difference }: CheckedImport,
  input: ImportInput,
): { status: 200 | 422; report: ImportReport } | undefined {
  const { refused } = report;
  if (input.dryRun)
    return {
      status: 200,
      report: { ...report, message: messages.inventoryServer.importDryRun(lines, refused.length) },
    };
  if (refused.length && !input.acceptPartial) {
    return { status: 422, report: { ...report, message: messages.inventoryServer.importRefused(refused.length) } };
  }
  const confirmNeeded = difference.confirm_zero_rows;
  if (confirmNeeded !== undefined && input.confirmZeroRows !== confirmNeeded) {
    return {
      status: 422,
      report: {
        ...report,
        message: messages.inventoryServer.syncConfirmNeeded(confirmNeeded, difference.stocked_before ?? 0),
      },
    };
  }
  return undefined;
}
