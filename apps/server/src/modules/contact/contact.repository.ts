import type { Executor } from '../../db/database.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  ip: string | null;
}

export const contactRepository = {
  async insert(db: Executor, row: NewContactMessage & { created_at: string }): Promise<number> {
    const { id } = await db.insertInto('contact_messages').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },
};
