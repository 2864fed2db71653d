import {
  messages,
  platformRoles,
  shopRoles,
  type LoginRequest,
  type LoginResponse,
  type PlatformRole,
  type RegisterRequest,
  type ShopRole,
} from '@cardstock/contract';
import { withTransaction, writeCounterOf } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { isPlatformStaff } from '../../lib/actor.ts';
import { isoIn } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { limitRules } from '../../lib/rate-limit.ts';
import { RowCache, staffRowAgeMs } from '../../lib/row-cache.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newHumanCode, newToken } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { startTrial } from '../billing/trial.ts';
import { currentSystemSettings, systemSettingsRepository } from '../platform/system-settings.ts';
import { authRepository as repo } from './auth.repository.ts';
import { requirePasswordRule } from './password-rule.ts';

const HOUR_MS = 60 * 60 * 1000;
const RESET_TTL_MS = HOUR_MS;
const UNLOCK_TTL_MS = HOUR_MS;
/** Registrations an invite code may be refused for an e-mail that has an account before it is spent. */
const INVITE_EMAIL_REFUSALS = 3;
/** Renewing a session writes to the database; once a minute is enough to track inactivity. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const asShopRole = (role: string | null): ShopRole | null =>
  shopRoles.includes(role as ShopRole) ? (role as ShopRole) : null;
const asPlatformRole = (role: string): PlatformRole =>
  platformRoles.includes(role as PlatformRole) ? (role as PlatformRole) : 'user';

/** The e-mail of a registration already has an account (refused after the transaction, see refuseTakenEmail). */
class EmailTaken extends Error {
  constructor(readonly inviteId: number) {
    super('email taken');
  }
}

export function createAuthService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  // Every call starts with its session (staffRowAgeMs); expiry is checked on every call against the clock.
  const sessions = new RowCache<string, Awaited<ReturnType<typeof repo.findSession>>>(
    writeCounterOf(ctx.db),
    staffRowAgeMs(ctx.engine),
  );

  async function requireHuman(token: string, ip: string) {
    if (!(await ctx.captcha.verify(token, ip))) throw new AppError('BAD_REQUEST', messages.server.captchaFailed);
  }

  const passwordRule = (password: string) => requirePasswordRule(ctx, password);

  /** A new reset link for `user`, ending the older ones, and the mail that carries it. */
  async function sendResetLink(user: { id: number; email: string }): Promise<void> {
    const token = newToken();
    const tokenHash = hashToken(token);
    await withTransaction(ctx.db, async (tx) => {
      await repo.endPasswordResets(tx, user.id, now());
      await repo.insertPasswordReset(tx, {
        user_id: user.id,
        token_hash: tokenHash,
        created_at: now(),
        expires_at: isoIn(ctx.clock, RESET_TTL_MS),
      });
    });
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Cardstock password',
      text:
        `Someone asked to reset the password of your Cardstock account.\n\n` +
        `Open this link within one hour to choose a new password:\n${link}\n\n` +
        `If this was not you, ignore this mail: your password stays as it is.\n`,
    });
  }

  /** Starts a session: the token goes to the client, its hash to the database. */
  async function openSession(userId: number): Promise<string> {
    const token = newToken();
    const { session_timeout_hours } = await systemSettingsRepository.getAll(ctx.db);
    const at = now();
    await repo.insertSession(ctx.db, {
      user_id: userId,
      token_hash: hashToken(token),
      created_at: at,
      last_used_at: at,
      expires_at: isoIn(ctx.clock, session_timeout_hours * HOUR_MS),
    });
    // Signing in is using the account: the team list shows it as "last used".
    await repo.touchUser(ctx.db, userId, at);
    return token;
  }

  /**
   * The failures that lock an account from anywhere also mail its holder a link that lifts the lock (one hour, once):
   * whoever guesses cannot keep the owner out. Off the request path, like the reset mail.
   */
  function mailUnlockLink(user: { id: number; email: string }): void {
    const token = newToken();
    repo
      .insertAccountUnlock(ctx.db, {
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now(),
        expires_at: isoIn(ctx.clock, UNLOCK_TTL_MS),
      })
      .then(() => {
        const minutes = Math.round(limitRules.loginFailuresPerAccount.windowSeconds / 60);
        const link = `${ctx.config.publicUrl}/unlock-account?token=${encodeURIComponent(token)}`;
        return ctx.mailer.send({
          to: user.email,
          subject: 'Your Cardstock account was locked',
          text:
            `Someone entered a wrong password for your Cardstock account ` +
            `${limitRules.loginFailuresPerAccount.points} times, so logins to it are paused for ${minutes} minutes.\n\n` +
            `If it was you, open this link within one hour to unlock the account now:\n${link}\n\n` +
            `If it was not you, your password is still safe. If it is short or used elsewhere, change it.\n`,
        });
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'the account unlock mail could not be sent'));
  }

  /** A registration refused for a taken e-mail: the code counts it, and the address's holder hears of it. */
  async function refuseTakenEmail(inviteId: number, email: string): Promise<void> {
    await repo.countEmailRefusal(ctx.db, inviteId);
    ctx.mailer
      .send({
        to: email,
        subject: 'Someone tried to register a shop with your e-mail',
        text:
          `Someone tried to register a new shop on Cardstock with this e-mail address, which already has an account.\n\n` +
          `If it was you, log in instead, or reset your password from the login page if you forgot it.\n` +
          `If it was not you, you can ignore this mail: nothing changed.\n`,
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'the registration notice could not be sent'));
  }

  return {
    async login(input: LoginRequest, ip: string): Promise<LoginResponse> {
      // Failures are counted, not attempts: per account, per account and address, per address (limitRules).
      const accountAddress = `${input.email}|${ip}`;
      await ctx.limiter.check('loginFailuresPerAddress', ip);
      await ctx.limiter.check('loginFailuresPerAccount', input.email);
      await ctx.limiter.check('loginFailuresPerAccountAddress', accountAddress);
      await requireHuman(input.turnstileToken, ip);
      const user = await repo.findUserByEmail(ctx.db, input.email);
      // Same answer for an unknown e-mail and a wrong password: nothing tells which accounts exist.
      const ok = await verifyPassword(input.password, user?.password_hash ?? null);
      if (!user || !ok) {
        const [, accountLocked] = await Promise.all([
          ctx.limiter.fail('loginFailuresPerAddress', ip),
          ctx.limiter.fail('loginFailuresPerAccount', input.email),
          ctx.limiter.fail('loginFailuresPerAccountAddress', accountAddress),
        ]);
        if (accountLocked && user?.is_active) mailUnlockLink(user);
        throw new AppError('UNAUTHORIZED', messages.auth.invalidCredentials);
      }
      await ctx.limiter.clear('loginFailuresPerAccountAddress', accountAddress);
      if (!user.is_active) throw new AppError('FORBIDDEN', messages.auth.accountDisabled);
      if (user.shop_is_active === 0) throw new AppError('SHOP_SUSPENDED', messages.auth.shopSuspended);
      const platformRole = asPlatformRole(user.platform_role);
      // In maintenance only platform staff get in (to lift it); everyone else hears why.
      if (!isPlatformStaff(platformRole) && (await currentSystemSettings(ctx.db)).maintenance_mode)
        throw new AppError('MAINTENANCE', messages.auth.maintenance);
      const token = await openSession(user.id);
      return {
        shop_name: user.shop_name ?? '',
        token,
        user_role: asShopRole(user.role) ?? undefined,
        is_admin: isPlatformStaff(platformRole),
        message: messages.auth.loggedIn,
      };
    },

    /** Creates the shop and its Owner in one transaction, claiming the invite code. */
    async register(input: RegisterRequest, ip: string): Promise<{ message: string; token: string; shop_name: string }> {
      await ctx.limiter.hit('registerPerIp', ip);
      const settings = await systemSettingsRepository.getAll(ctx.db);
      if (!settings.allow_new_registrations) throw new AppError('FORBIDDEN', messages.auth.registrationClosed);
      await passwordRule(input.password);
      await requireHuman(input.turnstileToken, ip);
      const passwordHash = await hashPassword(input.password);

      const userId = await withTransaction(ctx.db, async (tx) => {
        const invite = await repo.findInvite(tx, input.invite_code);
        if (!invite) throw new AppError('BAD_REQUEST', messages.auth.inviteUnknown);
        if (invite.used_at) throw new AppError('CONFLICT', messages.auth.inviteUsed);
        if (invite.expires_at && invite.expires_at <= now())
          throw new AppError('BAD_REQUEST', messages.auth.inviteExpired);
        // Each refusal for a taken e-mail spends the code a little, so it cannot be replayed to probe addresses.
        if (invite.email_refusals >= INVITE_EMAIL_REFUSALS) throw new AppError('CONFLICT', messages.auth.inviteSpent);
        if (await repo.emailExists(tx, input.email)) throw new EmailTaken(invite.id);
        const at = now();
        const shopId = await repo.insertShop(tx, {
          name: input.shop_name,
          address: input.shop_address,
          phone: input.shop_number,
          city: input.shop_city,
          zip: input.shop_zip,
          state: input.shop_state,
          country: input.shop_country,
          created_at: at,
        });
        await startTrial(tx, shopId, ctx);
        const id = await repo.insertUser(tx, {
          shop_id: shopId,
          email: input.email,
          password_hash: passwordHash,
          first_name: input.user_first_name,
          last_name: input.user_last_name,
          role: 'Owner',
          created_at: at,
        });
        if (!(await repo.claimInvite(tx, invite.id, id, at))) throw new AppError('CONFLICT', messages.auth.inviteUsed);
        return id;
      }).catch(async (err: unknown) => {
        if (err instanceof EmailTaken) {
          await refuseTakenEmail(err.inviteId, input.email);
          throw new AppError('CONFLICT', messages.auth.emailTaken);
        }
        // Two registrations racing for one e-mail: the unique index decides.
        if (!(err instanceof AppError) && /unique|duplicate/i.test(String(err))) {
          throw new AppError('CONFLICT', messages.auth.emailTaken);
        }
        throw err;
      });
      const token = await openSession(userId);
      return { message: messages.auth.registered, token, shop_name: input.shop_name };
    },

    async logout(actor: Actor): Promise<{ message: string }> {
      await repo.deleteSession(ctx.db, actor.sessionId);
      return { message: messages.auth.loggedOut };
    },

    /**
     * Always the same answer, after the same work: the answer waits for the account's lookup only. The link is
     * written and mailed once the answer is on its way (setImmediate), so its time does not tell whether the account
     * exists (issue 38 measured 3 ms for the transaction); a failure there is logged. A new link ends the older ones.
     */
    async forgotPassword(email: string, ip: string): Promise<{ message: string }> {
      await ctx.limiter.hit('forgotPerIp', ip);
      await ctx.limiter.hit('forgotPerEmail', email);
      const user = await repo.findUserByEmail(ctx.db, email);
      if (user?.is_active)
        setImmediate(() => {
          sendResetLink(user).catch((err: unknown) =>
            ctx.log.error({ err }, 'the password reset link could not be written or mailed'),
          );
        });
      return { message: messages.forgotPassword.sent };
    },

    /** Sets a new password; the token works once, for an hour, and every other session ends. */
    async resetPassword(token: string, newPassword: string, ip: string): Promise<{ message: string }> {
      await ctx.limiter.hit('resetPerIp', ip);
      await passwordRule(newPassword);
      const passwordHash = await hashPassword(newPassword);
      await withTransaction(ctx.db, async (tx) => {
        const reset = await repo.findPasswordReset(tx, hashToken(token));
        if (!reset || reset.used_at || reset.expires_at <= now())
          throw new AppError('BAD_REQUEST', messages.auth.resetInvalid);
        if (!(await repo.usePasswordReset(tx, reset.id, now())))
          throw new AppError('BAD_REQUEST', messages.auth.resetInvalid);
        await repo.setPassword(tx, reset.user_id, passwordHash);
        // A new password ends every other way in: older links and every session.
        await repo.endPasswordResets(tx, reset.user_id, now());
        await repo.deleteSessionsOfUser(tx, reset.user_id);
      });
      return { message: messages.auth.resetDone };
    },

    /** Lifts the lock that login failures put on an account, with the link mailed when it locked. */
    async unlockAccount(token: string, ip: string): Promise<{ message: string }> {
      await ctx.limiter.hit('unlockPerIp', ip);
      const email = await repo.useAccountUnlock(ctx.db, hashToken(token), now());
      if (!email) throw new AppError('BAD_REQUEST', messages.auth.unlockInvalid);
      await ctx.limiter.clear('loginFailuresPerAccount', email);
      await ctx.limiter.clear('loginFailuresPerAccountAddress', `${email}|${ip}`);
      return { message: messages.auth.unlockDone };
    },

    /** The caller behind a session token, renewing the session's inactivity timeout. */
    async authenticate(token: string | undefined): Promise<Actor> {
      if (!token) throw new AppError('UNAUTHORIZED', messages.auth.sessionRequired);
      const tokenHash = hashToken(token);
      const row = await sessions.get(tokenHash, () => repo.findSession(ctx.db, tokenHash));
      const at = ctx.clock.now();
      if (!row || row.expires_at <= at.toISOString()) throw new AppError('UNAUTHORIZED', messages.auth.sessionExpired);
      if (!row.is_active) throw new AppError('FORBIDDEN', messages.auth.accountDisabled);
      if (row.shop_is_active === 0) throw new AppError('SHOP_SUSPENDED', messages.auth.shopSuspended);
      if (at.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
        const { session_timeout_hours } = await systemSettingsRepository.getAll(ctx.db);
        await repo.touchSession(
          ctx.db,
          row.session_id,
          row.user_id,
          at.toISOString(),
          isoIn(ctx.clock, session_timeout_hours * HOUR_MS),
        );
      }
      return {
        userId: row.user_id,
        sessionId: row.session_id,
        email: row.email,
        shopId: row.shop_id,
        shopName: row.shop_name ?? '',
        role: asShopRole(row.role),
        platformRole: asPlatformRole(row.platform_role),
      };
    },

    /** A new single-use registration code (CLI, demo data, admin area). */
    async createInvite(options: { expiresInDays?: number; note?: string } = {}): Promise<string> {
      const code = newHumanCode();
      await repo.insertInvite(ctx.db, {
        code,
        note: options.note ?? '',
        created_at: now(),
        expires_at: options.expiresInDays ? isoIn(ctx.clock, options.expiresInDays * 24 * HOUR_MS) : null,
      });
      return code;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
