import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages, type ImportReport } from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../db/database.ts';
import type { ShopActor } from '../../lib/access.ts';
import { chunks } from '../../lib/chunks.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { planSealedImport, writeSealedImport } from '../sealed/sealed-import.ts';
import { csvUploadsRepository as uploads } from './csv-uploads.repository.ts';
import type { CheckedImport, ImportInput } from './import-check.ts';
import { differenceOf } from './import-difference.ts';
import { importRepository, type ImportRow } from './import.repository.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';
import type { StockWriter } from './read-model.ts';

/** Rows an import writes in one statement: on SQLite a few milliseconds' work, the event loop turning between. */
const WRITE_CHUNK = { sqlite: 200, postgres: 5000 } as const;

/**
 * Writes a checked import in one transaction: its rows, the rows a sync takes to 0, its sealed products and its
 * Activity entry, and tells the read model. What it changed is counted again inside the transaction: the same as the
 * check's unless stock moved in between (an order, an edit).
 */
export async function commitImport(
  ctx: AppContext,
  stock: StockWriter,
  actor: ShopActor,
  { mode, singlesMode, format, file, rows, sealed, kept, lines, report }: CheckedImport,
  input: ImportInput,
): Promise<{ status: 200; report: ImportReport }> {
  const { shopId, email } = actor;
  const { importId } = input;
  const { refused } = report;
  const at = ctx.clock.now().toISOString();
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
      await importRepository.addMany(tx, part, at, { replace: mode !== 'add', engine: ctx.engine });
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
      detail: {
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
      },
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
}
