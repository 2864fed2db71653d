import { withTransaction } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { requirePasswordRule } from '../auth/password-rule.ts';
import { adminRepository } from './admin.repository.ts';

/**
 * Makes `email` a platform superadmin (`npm run cli -- admin create`): a new
 * account without a shop, or an existing account promoted (its password
 * replaced when one is given). The first superadmin can only come from here.
 */
export async function createSuperadmin(
  ctx: AppContext,
  input: { email: string; password?: string; username?: string },
): Promise<'created' | 'promoted'> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.password !== undefined) await requirePasswordRule(ctx, input.password);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const at = ctx.clock.now().toISOString();
  return withTransaction(ctx.db, async (tx) => {
    const existing = await adminRepository.findUserByEmail(tx, email);
    if (existing) {
      await adminRepository.updateUser(tx, existing.id, {
        platform_role: 'superadmin',
        is_active: 1,
        ...(input.username ? { username: input.username } : {}),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
    } else {
      if (!passwordHash) throw new Error('A new superadmin needs a password: --password P');
      const id = await authRepository.insertUser(tx, {
        shop_id: null,
        email,
        password_hash: passwordHash,
        first_name: '',
        last_name: '',
        role: null,
        platform_role: 'superadmin',
        created_at: at,
      });
      if (input.username) await adminRepository.updateUser(tx, id, { username: input.username });
    }
    await auditRepository.record(tx, {
      shop_id: null,
      actor: 'cli',
      action: existing ? 'admin.superadmin.promote' : 'admin.superadmin.create',
      subject: email,
      detail: {},
      created_at: at,
    });
    return existing ? 'promoted' : 'created';
  });
}
