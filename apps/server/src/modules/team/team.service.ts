import { messages, type AuditEvent, type TeamMember } from '@cardstock/contract';
import { withTransaction, type Executor } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { isoIn } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { requirePasswordRule } from '../auth/password-rule.ts';
import { INVITATION_TTL_MS, invitationLink } from './invitations.ts';
import { teamRepository as repo } from './team.repository.ts';

/** "Ada Lovelace" → first and last name; one word is a first name. */
function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

export function createTeamService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();

  /** A member of the caller's shop other than the Owner, or the refusal. */
  async function changeableMember(shopId: number, email: string) {
    const member = await repo.member(ctx.db, shopId, email);
    if (!member) throw new AppError('NOT_FOUND', messages.teamServer.notMember(email));
    if (member.role === 'Owner') throw new AppError('FORBIDDEN', messages.teamServer.ownerFixed);
    return member;
  }

  /** Records a team change in `db`: the change's own transaction, so the log never tells of one that failed. */
  async function audit(db: Executor, shopId: number, actor: string, subject: string, event: AuditEvent) {
    await auditRepository.record(db, { shop_id: shopId, actor, subject, created_at: now(), ...event });
  }

  return {
    async list(actor: Actor) {
      const { shopId } = requireRole(actor, 'team');
      const members = await repo.members(ctx.db, shopId);
      return {
        success: true as const,
        data: members.map((m): TeamMember => ({
          user_first_name: m.first_name,
          user_last_name: m.last_name,
          user_email: m.email,
          role: m.role ?? '',
          is_owner: m.role === 'Owner',
          last_used: m.last_used_at,
          invitation_pending: m.password_hash === null,
        })),
      };
    },

    /** Adds the member at once and mails them a link to choose a password (7 days, single use). */
    async invite(actor: Actor, raw: { name: string; email: string; role: string }) {
      const { shopId, email: by, shopName } = requireRole(actor, 'team');
      const input = { ...raw, email: raw.email.toLowerCase() };
      await ctx.limiter.hit('invitesPerShop', String(shopId));
      const token = newToken();
      const holder = await repo.accountOf(ctx.db, input.email);
      if (holder?.shop_id === shopId) throw new AppError('CONFLICT', messages.teamServer.alreadyOnTeam(input.email));
      if (holder) {
        // An address with an account in another shop gets the same answer as any other, so an Owner cannot find out
        // who has an account; its holder hears why no invitation came.
        await ctx.mailer.send({
          to: input.email,
          subject: `${shopName} tried to invite you on Cardstock`,
          text:
            `${by} tried to invite you to join ${shopName} on Cardstock as ${input.role}.\n\n` +
            `This e-mail address already has a Cardstock account, and an account belongs to one shop, so no ` +
            `invitation was made. If you want to join, ask them to invite another address of yours.\n`,
        });
        return { message: messages.teamServer.invited(input.email) };
      }
      await withTransaction(ctx.db, async (tx) => {
        const userId = await repo.insertMember(tx, {
          shop_id: shopId,
          email: input.email,
          ...splitName(input.name),
          role: input.role,
          created_at: now(),
        });
        await repo.insertInvitation(tx, {
          user_id: userId,
          token_hash: hashToken(token),
          created_at: now(),
          expires_at: isoIn(ctx.clock, INVITATION_TTL_MS),
        });
        await audit(tx, shopId, by, input.email, { action: 'team.invite', detail: { role: input.role } });
      }).catch((err: unknown) => {
        // Two invitations of one address at once: the unique index decides.
        if (!(err instanceof AppError) && /unique|duplicate/i.test(String(err)))
          throw new AppError('CONFLICT', messages.teamServer.alreadyOnTeam(input.email));
        throw err;
      });
      const link = invitationLink(ctx.config.publicUrl, token);
      await ctx.mailer.send({
        to: input.email,
        subject: `You are invited to ${shopName} on Cardstock`,
        text:
          `${by} invited you to join ${shopName} on Cardstock as ${input.role}.\n\n` +
          `Open this link within 7 days to choose your password:\n${link}\n\n` +
          `If you did not expect this, ignore this mail.\n`,
      });
      return { message: messages.teamServer.invited(input.email) };
    },

    async updateRole(actor: Actor, input: { email: string; role: string }) {
      const { shopId, email: by } = requireRole(actor, 'team');
      const member = await changeableMember(shopId, input.email);
      await withTransaction(ctx.db, async (tx) => {
        await repo.setRole(tx, member.id, input.role);
        await audit(tx, shopId, by, input.email, {
          action: 'team.role',
          detail: { from: member.role, to: input.role },
        });
      });
      return { success: true as const, message: messages.teamServer.roleUpdated(input.email, input.role) };
    },

    /** Removes a member; every session of theirs ends with the row. */
    async remove(actor: Actor, email: string) {
      const { shopId, email: by } = requireRole(actor, 'team');
      const member = await changeableMember(shopId, email);
      await withTransaction(ctx.db, async (tx) => {
        await repo.remove(tx, member.id);
        await audit(tx, shopId, by, email, { action: 'team.remove', detail: { role: member.role } });
      });
      return { message: messages.teamServer.removed(email) };
    },

    /** The invited member chooses a password with the mailed token. */
    async accept(input: { token: string; password: string }, ip: string) {
      await ctx.limiter.hit('resetPerIp', ip);
      await requirePasswordRule(ctx, input.password);
      const passwordHash = await hashPassword(input.password);
      return withTransaction(ctx.db, async (tx) => {
        const invitation = await repo.findInvitation(tx, hashToken(input.token));
        if (!invitation || invitation.used_at !== null || invitation.expires_at <= now())
          throw new AppError('BAD_REQUEST', messages.teamServer.inviteInvalid);
        if (!(await repo.useInvitation(tx, invitation.id, now())))
          throw new AppError('BAD_REQUEST', messages.teamServer.inviteInvalid);
        await repo.setPassword(tx, invitation.user_id, passwordHash);
        const shopName = invitation.shop_name ?? '';
        return { message: messages.teamServer.accepted(shopName), shop_name: shopName, email: invitation.email };
      });
    },
  };
}
