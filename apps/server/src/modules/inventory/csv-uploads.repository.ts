import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Executor, Tx } from '../../db/database.ts';

/** How long an uploaded file is kept between an import's check and its commit. */
export const UPLOAD_KEPT_MINUTES = 30;

/** Bytes of a kept file in one `csv_upload_parts` row (at least the 64 KB the reader tells the delimiter from). */
const PART = 1024 * 1024;

/** What the check has read so far. */
export interface UploadProgress {
  read_bytes: number;
  rows_read: number;
  matched: number;
  state?: 'reading' | 'checked';
}

/**
 * Uploaded CSV files between an import's check and its commit: the shop's own, 30 minutes. A file is kept in parts
 * of a megabyte beside its row, so the row's progress is written without the file, and the file read a part at a time.
 */
export const csvUploadsRepository = {
  /**
   * Keeps a shop's upload under the id its dialog chose, replacing the shop's own upload of that id (a file chosen
   * again); false when another shop holds the id. Uploads past their time go first. In a transaction: a file is
   * kept whole or not at all.
   */
  async keep(tx: Tx, upload: { id: string; shop_id: number; file: Buffer; created_at: string }) {
    const { file, ...row } = upload;
    const cutoff = new Date(Date.parse(upload.created_at) - UPLOAD_KEPT_MINUTES * 60_000).toISOString();
    await tx.deleteFrom('csv_uploads').where('created_at', '<', cutoff).execute();
    await tx.deleteFrom('csv_uploads').where('id', '=', upload.id).where('shop_id', '=', upload.shop_id).execute();
    const kept = await tx
      .insertInto('csv_uploads')
      .values({ ...row, total_bytes: file.length })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!kept) return false;
    for (let at = 0, part = 0; at < file.length; at += PART, part++) {
      await tx
        .insertInto('csv_upload_parts')
        .values({ upload_id: upload.id, part, bytes: file.subarray(at, at + PART) })
        .execute();
      // On SQLite a write answers at once: other requests get their turn between parts.
      await nextTurn();
    }
    return true;
  },

  async progress(db: Executor, shopId: number, id: string, progress: UploadProgress): Promise<void> {
    await db.updateTable('csv_uploads').set(progress).where('id', '=', id).where('shop_id', '=', shopId).execute();
  },

  /** The shop's upload of this id, kept since `since`, without its file. */
  status(db: Executor, shopId: number, id: string, since: string) {
    return db
      .selectFrom('csv_uploads')
      .select(['id', 'total_bytes', 'read_bytes', 'rows_read', 'matched', 'state'])
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
  },

  /** When the shop's upload of this id, kept since `since`, was kept, and its size. */
  kept(db: Executor, shopId: number, id: string, since: string) {
    return db
      .selectFrom('csv_uploads')
      .select(['created_at', 'total_bytes'])
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
  },

  /** The bytes of a kept upload (see {@link kept}), a part at a time. */
  async *parts(db: Executor, id: string): AsyncGenerator<Buffer> {
    for (let part = 0; ; part++) {
      const row = await db
        .selectFrom('csv_upload_parts')
        .select('bytes')
        .where('upload_id', '=', id)
        .where('part', '=', part)
        .executeTakeFirst();
      if (!row) return;
      yield row.bytes;
    }
  },

  /**
   * Removes the shop's upload of this id that was kept at `keptAt` (its parts go with it); false when there is none:
   * imported already, or replaced by another file of the same id since it was read.
   */
  async remove(db: Executor, shopId: number, id: string, keptAt: string): Promise<boolean> {
    const gone = await db
      .deleteFrom('csv_uploads')
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .where('created_at', '=', keptAt)
      .executeTakeFirst();
    return gone.numDeletedRows > 0n;
  },
};
