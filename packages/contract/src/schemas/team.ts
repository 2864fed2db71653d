import { z } from 'zod';
import { teamRoles } from '../constants.ts';
import { ZSessionToken } from './auth.ts';
import { emailField, requiredText } from './common.ts';

const ZTeamRole = z
  .string({ error: 'Please enter name, email, and role.' })
  .trim()
  .pipe(z.enum(teamRoles, 'Role must be Manager, Employee or Watcher.'));

/** A member of a shop's team (spec 001 §3). */
export const ZTeamMember = z.object({
  user_first_name: z.string(),
  user_last_name: z.string(),
  user_email: z.string(),
  role: z.string(),
  is_owner: z.boolean(),
  last_used: z.string().nullable().describe('Last sign-in, UTC ISO-8601; null until the first'),
  invitation_pending: z.boolean().describe('Invited, and no password chosen yet'),
});
export type TeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamListRequest = z.object({ token: ZSessionToken });
export const ZTeamListResponse = z.object({ success: z.literal(true), data: z.array(ZTeamMember) });

export const ZTeamInviteRequest = z.object({
  token: ZSessionToken,
  name: requiredText('Name', 200),
  email: emailField(),
  role: ZTeamRole.optional().default('Watcher'),
});

export const ZTeamUpdateRoleRequest = z.object({ token: ZSessionToken, email: emailField(), role: ZTeamRole });
export const ZTeamUpdateRoleResponse = z.object({ success: z.literal(true), message: z.string() });

export const ZTeamRemoveRequest = z.object({ token: ZSessionToken, email: emailField() });

export const ZTeamAcceptRequest = z.object({
  token: requiredText('token', 200),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(200, 'Password must be at most 200 characters.'),
});
export const ZTeamAcceptResponse = z.object({ message: z.string(), shop_name: z.string(), email: z.string() });
