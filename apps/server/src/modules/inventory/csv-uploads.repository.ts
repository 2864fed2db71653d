import type { Executor } from '../../db/database.ts';

/** How long an uploaded file is kept between an import's check and its commit. */
export const UPLOAD_KEPT_MINUTES = 30;

/** What the check has read so far. */
export interface UploadProgress {
  read_bytes: number;
  rows_read: number;
  matched: number;
  state?: 'reading' | 'checked';
}

/** Uploaded CSV files between an import's check and its commit: the shop's own, 30 minutes. */
export const csvUploadsRepository = {
  /**
   * Keeps a shop's upload under the id its dialog chose, replacing the shop's own upload of that id (a file chosen
   * again); false when another shop holds the id. Uploads past their time go first.
   */
  async keep(db: Executor, upload: { id: string; shop_id: number; file: Buffer; created_at: string }) {
    const cutoff = new Date(Date.parse(upload.created_at) - UPLOAD_KEPT_MINUTES * 60_000).toISOString();
    await db.deleteFrom('csv_uploads').where('created_at', '<', cutoff).execute();
    await db.deleteFrom('csv_uploads').where('id', '=', upload.id).where('shop_id', '=', upload.shop_id).execute();
    const kept = await db
      .insertInto('csv_uploads')
      .values({ ...upload, total_bytes: upload.file.length })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return kept !== undefined;
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

  /** The file of the shop's upload of this id, kept since `since`. */
  async file(db: Executor, shopId: number, id: string, since: string): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom('csv_uploads')
      .select('file')
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return row ? Buffer.from(row.file) : undefined;
  },

  async remove(db: Executor, shopId: number, id: string): Promise<void> {
    await db.deleteFrom('csv_uploads').where('id', '=', id).where('shop_id', '=', shopId).execute();
  },
};
