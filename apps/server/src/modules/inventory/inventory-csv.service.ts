import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  dollarsToCents,
  type ExportFormat,
  maxAskingPrice,
  messages,
  type ImportMode,
  type ImportProgress,
  type ImportReport,
  type ImportReview,
} from '@cardstock/contract';
import type { FastifyReply } from 'fastify';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import { chunks } from '../../lib/chunks.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { planSealedImport, writeSealedImport } from '../sealed/sealed-import.ts';
import { type CsvFormat, type CsvLine } from './csv-formats.ts';
import { readCsv } from './csv-read.ts';
import type { SealedLine } from './csv-sealed.ts';
import { csvUploadsRepository as uploads } from './csv-uploads.repository.ts';
import { uploadOf, uploadProgress } from './import-upload.ts';
import { exportInventory } from './inventory-export.ts';
import { differenceOf, keptRowsOf } from './import-difference.ts';
import { resolvePrintings } from './import-printings.ts';
import { choosePrinting, hasFinish } from './import-review.ts';
import { ImportRows } from './import-rows.ts';
import { inventoryRepository as repo, type ImportRow } from './inventory.repository.ts';
import type { StockWriter } from './read-model.ts';

/** How often the check writes how far it has read (the dialog asks every 400 ms; on SQLite each write is a sync to disk). */
const PROGRESS_MS = 250;
/** Rows an import writes in one statement: on SQLite a few milliseconds' work, the event loop turning between. */
const WRITE_CHUNK = { sqlite: 200, postgres: 5000 } as const;

export function createInventoryCsvService(ctx: AppContext, stock: StockWriter) {
  const now = () => ctx.clock.now().toISOString();

  return {
    /** How far the server has read the shop's upload kept under `importId`. */
    async progress(actor: Actor, importId: string): Promise<ImportProgress> {
      const { shopId } = requireRole(actor, 'inventory:import');
      return uploadProgress(ctx, shopId, importId);
    },

    /**
     * Streams the inventory as CSV: Cardstock's own layout, which the import reads back to the same inventory, or
     * the layout another tool imports.
     */
    async export(actor: Actor, format: ExportFormat, reply: FastifyReply): Promise<FastifyReply> {
      const { shopId } = requireRole(actor, 'inventory:export');
      return exportInventory(ctx, shopId, format, reply);
    },

    /**
     * Imports a CSV in one transaction. A file with refused lines imports nothing unless the caller accepts a
     * partial import; a dry run only reports. `mode`: add the copies to stock, set the named rows' quantities,
     * or make the file the singles inventory (rows it does not name go to 0; copies held by pending orders are
     * not in a row's quantity, so a sync never takes them).
     */
    async import(
      actor: Actor,
      input: {
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
      },
    ): Promise<{ status: 200 | 422; report: ImportReport }> {
      const { shopId, email } = requireRole(actor, 'inventory:import');
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
          rows.add(
            chosen,
            line,
            format === 'cardstock' && line.price !== undefined ? dollarsToCents(line.price) : null,
          );
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

      const at = now();
      // What the commit changed: the same as the dry run's unless stock moved in between (an order, an edit).
      const done = await withTransaction(ctx.db, async (tx) => {
        // Imported, the kept file has done its work. A file read from its upload is the commit's own: a second commit
        // of it (or of one sent again under its id since) finds it gone and writes nothing.
        if (importId && file.keptAt && !(await uploads.remove(tx, shopId, importId, file.keptAt)) && !file.sent)
          throw new AppError('NOT_FOUND', messages.inventoryServer.importExpired);
        const written = await differenceOf(tx, shopId, singlesMode, rows, kept);
        // The check's count is what the owner confirmed: stock that moved since (an order, an edit) asks again.
        const confirming = written.difference.confirm_zero_rows;
        if (confirming !== undefined && confirming !== input.confirmZeroRows)
          throw new AppError('CONFLICT', messages.inventoryServer.syncConfirmChanged(confirming));
        // A chunk at a time, the event loop turning between chunks: on SQLite each write answers at once, and the
        // server keeps answering other requests while a long import is written (one transaction all the same).
        let part: ImportRow[] = [];
        const flush = async () => {
          await repo.addMany(tx, part, at, { replace: mode !== 'add', engine: ctx.engine });
          part = [];
          await nextTurn();
        };
        for (let row = 0; row < rows.size; row++) {
          if (rows.quantity(row) === 0 && !written.existed(row)) continue;
          part.push({ shop_id: shopId, ...rows.row(row) });
          if (part.length === WRITE_CHUNK[ctx.engine]) await flush();
        }
        if (part.length) await flush();
        for (const ids of chunks(written.zeroedIds)) {
          await repo.zeroRows(tx, shopId, ids, at);
          await nextTurn();
        }
        const sealedWritten = sealed.length ? await planSealedImport(tx, shopId, sealed, mode) : undefined;
        if (sealedWritten) await writeSealedImport(tx, actor, { shopId, email }, sealedWritten, at);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.import',
          subject: format,
          detail: JSON.stringify({
            mode,
            rows: lines,
            added: written.difference.new_rows,
            merged: written.merged,
            zeroed: written.difference.zeroed,
            refused: refused.length,
            ...(input.fileName ? { file: input.fileName } : {}),
            ...(sealedWritten
              ? { sealed_added: sealedWritten.report.added, sealed_changed: sealedWritten.report.changed }
              : {}),
            ...(mode === 'sync' ? { kept: written.difference.kept ?? 0 } : {}),
            // Which rows went to 0, not only how many: the owner can put back what a wrong file took.
            ...(written.toZero
              ? {
                  zeroed_rows: written.zeroedRows,
                  ...(written.toZero > written.zeroedRows.length
                    ? { zeroed_rows_more: written.toZero - written.zeroedRows.length }
                    : {}),
                }
              : {}),
          }),
          created_at: at,
        });
        await stock.stockChanged(tx, shopId, { kind: 'other' });
        return { ...written, sealed: sealedWritten?.report };
      });
      return {
        status: 200,
        report: {
          ...report,
          added: done.difference.new_rows,
          merged: done.merged,
          difference: done.difference,
          ...(done.sealed ? { sealed: done.sealed } : {}),
          imported: true,
          message: messages.inventoryServer.importDone(lines),
        },
      };
    },
  };
}
