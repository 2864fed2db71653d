import { messages, type ImportProgress } from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { csvUploadsRepository as uploads, UPLOAD_KEPT_MINUTES } from './csv-uploads.repository.ts';

/** The file an import reads, a part at a time; `keptAt` and `sent` tell how it was kept (see {@link uploadOf}). */
export interface ImportFile {
  parts: Iterable<Buffer> | AsyncIterable<Buffer>;
  size: number;
  keptAt?: string;
  sent?: boolean;
}

/** When an upload kept since is still the shop's to import. */
const keptSince = (ctx: AppContext) => new Date(ctx.clock.now().getTime() - UPLOAD_KEPT_MINUTES * 60_000).toISOString();

/**
 * The file an import reads: the one sent, kept under `importId` when one is given (the check's upload, so the
 * commit needs no second one), or without a file the shop's upload kept under `importId`, read a part at a time;
 * `keptAt` tells the kept upload from a file sent again under its id since.
 */
export async function uploadOf(
  ctx: AppContext,
  shopId: number,
  sent: Buffer | undefined,
  importId: string | undefined,
): Promise<ImportFile> {
  if (sent) {
    // A binary file is refused before it is kept.
    if (sent.includes(0)) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNotCsv);
    if (!importId) return { parts: [sent], size: sent.length };
    const upload = { id: importId, shop_id: shopId, file: sent, created_at: ctx.clock.now().toISOString() };
    if (!(await withTransaction(ctx.db, (tx) => uploads.keep(tx, upload))))
      throw new AppError('CONFLICT', messages.inventoryServer.importIdTaken);
    return { parts: [sent], size: sent.length, keptAt: upload.created_at, sent: true };
  }
  if (!importId) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNoFile);
  const kept = await uploads.kept(ctx.db, shopId, importId, keptSince(ctx));
  if (!kept) throw new AppError('NOT_FOUND', messages.inventoryServer.importExpired);
  return { parts: uploads.parts(ctx.db, importId), size: kept.total_bytes, keptAt: kept.created_at };
}

/** How far the server has read the shop's upload kept under `importId`. */
export async function uploadProgress(ctx: AppContext, shopId: number, importId: string): Promise<ImportProgress> {
  const row = await uploads.status(ctx.db, shopId, importId, keptSince(ctx));
  if (!row) throw new AppError('NOT_FOUND', messages.inventoryServer.importExpired);
  const { id, ...progress } = row;
  return { import_id: id, ...progress };
}
