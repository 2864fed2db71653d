import { messages } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { systemSettingsRepository } from '../platform/system-settings.ts';

/** A new password meets the platform's minimum length (system settings), or a 400 says so. */
export async function requirePasswordRule(ctx: AppContext, password: string): Promise<void> {
  const { password_min_length } = await systemSettingsRepository.getAll(ctx.db);
  if (password.length < password_min_length) {
    throw new AppError('VALIDATION', messages.auth.passwordTooShort(password_min_length), {
      errors: [{ field: 'password', message: messages.auth.passwordTooShort(password_min_length) }],
    });
  }
}
