import type { Executor } from '../../db/database.ts';

export const teamRepository = {
  /** The shop's people: the Owner first, then by name. */
  members(db: Executor, shopId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'role', 'last_used_at', 'password_hash'])
      .where('shop_id', '=', shopId)
      .orderBy((eb) => eb.case().when('role', '=', 'Owner').then(0).else(1).end())
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('email')
      .execute();
  },

  member(db: Executor, shopId: number, email: string) {
    return db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('shop_id', '=', shopId)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  },

  /** The account an e-mail address has, with its shop (null for platform staff), if any. */
  accountOf(db: Executor, email: string) {
    return db.selectFrom('users').select(['id', 'shop_id']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  },

  async insertMember(
    db: Executor,
    member: { shop_id: number; email: string; first_name: string; last_name: string; role: string; created_at: string },
  ): Promise<number> {
    const { id } = await db
      .insertInto('users')
      .values({ ...member, email: member.email.toLowerCase(), password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async insertInvitation(
    db: Executor,
    invitation: { user_id: number; token_hash: string; created_at: string; expires_at: string },
  ) {
    await db.insertInto('team_invitations').values(invitation).execute();
  },

  findInvitation(db: Executor, tokenHash: string) {
    return db
      .selectFrom('team_invitations')
      .innerJoin('users', 'users.id', 'team_invitations.user_id')
      .leftJoin('shops', 'shops.id', 'users.shop_id')
      .select([
        'team_invitations.id',
        'team_invitations.user_id',
        'team_invitations.expires_at',
        'team_invitations.used_at',
        'users.email',
        'shops.name as shop_name',
      ])
      .where('team_invitations.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  async useInvitation(db: Executor, id: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('team_invitations')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async setRole(db: Executor, userId: number, role: string): Promise<void> {
    await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  },

  async setPassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  },

  /** Removes a member; their sessions and invitations go with the row. */
  async remove(db: Executor, userId: number): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await db.deleteFrom('users').where('id', '=', userId).execute();
  },
};
