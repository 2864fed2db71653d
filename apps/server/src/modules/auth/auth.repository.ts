import { precompiled, type Executor } from '../../db/database.ts';
import { lowStockLimits } from '@cardstock/contract';

/** The account and its shop, as login and session checks need them. */
const accountColumns = [
  'users.email',
  'users.role',
  'users.platform_role',
  'users.is_active',
  'users.shop_id',
  'shops.name as shop_name',
  'shops.is_active as shop_is_active',
] as const;

/** A session with its account and shop, by the hash of its token: run on every signed-in call. */
const sessionOf = precompiled((db: Executor, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('shops', 'shops.id', 'users.shop_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'sessions.expires_at',
      'users.id as user_id',
      ...accountColumns,
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/** Accounts, sessions, invite codes and reset tokens: the tables behind logging in. */
export const authRepository = {
  findUserByEmail(db: Executor, email: string) {
    return db
      .selectFrom('users')
      .leftJoin('shops', 'shops.id', 'users.shop_id')
      .select(['users.id', 'users.password_hash', ...accountColumns])
      .where('users.email', '=', email.toLowerCase())
      .executeTakeFirst();
  },

  async insertShop(
    db: Executor,
    shop: {
      name: string;
      address: string;
      phone: string;
      city: string;
      zip: string;
      state: string;
      country: string;
      created_at: string;
    },
  ): Promise<number> {
    const { id } = await db
      .insertInto('shops')
      .values({ ...shop, low_stock_threshold: lowStockLimits.defaultThreshold })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async insertUser(
    db: Executor,
    user: {
      shop_id: number | null;
      email: string;
      password_hash: string | null;
      first_name: string;
      last_name: string;
      role: string | null;
      platform_role?: string;
      created_at: string;
    },
  ): Promise<number> {
    const { id } = await db
      .insertInto('users')
      .values({ ...user, email: user.email.toLowerCase() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async emailExists(db: Executor, email: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  },

  async setPassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  },

  async insertSession(
    db: Executor,
    session: { user_id: number; token_hash: string; created_at: string; last_used_at: string; expires_at: string },
  ): Promise<number> {
    const { id } = await db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  findSession(db: Executor, tokenHash: string) {
    return sessionOf(db, tokenHash);
  },

  async touchUser(db: Executor, userId: number, at: string): Promise<void> {
    await db.updateTable('users').set({ last_used_at: at }).where('id', '=', userId).execute();
  },

  async touchSession(db: Executor, sessionId: number, userId: number, now: string, expiresAt: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
    await db.updateTable('users').set({ last_used_at: now }).where('id', '=', userId).execute();
  },

  async deleteSession(db: Executor, sessionId: number): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  },

  async deleteSessionsOfUser(db: Executor, userId: number): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },

  findInvite(db: Executor, code: string) {
    return db.selectFrom('invite_codes').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
  },

  async insertInvite(
    db: Executor,
    invite: { code: string; note: string; created_at: string; expires_at: string | null },
  ) {
    await db.insertInto('invite_codes').values(invite).execute();
  },

  /** Claims an unused invite; false when another registration claimed it first. */
  async claimInvite(db: Executor, inviteId: number, userId: number, now: string): Promise<boolean> {
    const result = await db
      .updateTable('invite_codes')
      .set({ used_at: now, used_by_user_id: userId })
      .where('id', '=', inviteId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async insertPasswordReset(
    db: Executor,
    reset: { user_id: number; token_hash: string; created_at: string; expires_at: string },
  ): Promise<void> {
    await db.insertInto('password_resets').values(reset).execute();
  },

  findPasswordReset(db: Executor, tokenHash: string) {
    return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  /** Ends every reset link of the user not used yet: a newer link, or a new password, replaces them. */
  async endPasswordResets(db: Executor, userId: number, at: string): Promise<void> {
    await db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  },

  /** Marks a reset token used; false when it was already used (a concurrent reset). */
  async usePasswordReset(db: Executor, id: number, now: string): Promise<boolean> {
    const result = await db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Counts a registration refused for a taken e-mail on this invite (past a few, the code is spent). */
  async countEmailRefusal(db: Executor, inviteId: number): Promise<void> {
    await db
      .updateTable('invite_codes')
      .set((eb) => ({ email_refusals: eb('email_refusals', '+', 1) }))
      .where('id', '=', inviteId)
      .execute();
  },

  async insertAccountUnlock(
    db: Executor,
    unlock: { user_id: number; token_hash: string; created_at: string; expires_at: string },
  ): Promise<void> {
    await db.insertInto('account_unlocks').values(unlock).execute();
  },

  /** Uses an unlock link once, within its hour: the account's e-mail, or undefined for a used, old or unknown one. */
  async useAccountUnlock(db: Executor, tokenHash: string, now: string): Promise<string | undefined> {
    const unlock = await db
      .selectFrom('account_unlocks')
      .innerJoin('users', 'users.id', 'account_unlocks.user_id')
      .select(['account_unlocks.id', 'account_unlocks.expires_at', 'account_unlocks.used_at', 'users.email'])
      .where('account_unlocks.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!unlock || unlock.used_at || unlock.expires_at <= now) return undefined;
    const result = await db
      .updateTable('account_unlocks')
      .set({ used_at: now })
      .where('id', '=', unlock.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? unlock.email : undefined;
  },
};
