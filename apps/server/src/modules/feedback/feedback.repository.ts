import type { Executor } from '../../db/database.ts';

export const feedbackRepository = {
  async insert(
    db: Executor,
    row: { shop_id: number | null; user_id: number; type: string; text: string; created_at: string },
  ): Promise<void> {
    await db.insertInto('feedback').values(row).execute();
  },
};
