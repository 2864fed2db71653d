import { messages, teamRoles, type TeamMember } from '@cardstock/contract';
import { formatLocalTime } from '../../lib/format.ts';

/**
 * Pure helpers of the Sub-Account Management screen (spec 001 §3–§5): names,
 * local row ids, the roles one may pick and the Add User rule.
 */

/** The roles a member can be given; 'Owner' belongs to the owner alone and is never offered (spec 001 §4). */
export const roleOptions: readonly string[] = teamRoles;

/** A new user starts as a Watcher, the role that can change nothing (spec 001 §4). */
export const defaultRole = 'Watcher' satisfies (typeof teamRoles)[number];

/** A member as the screen shows it: the joined name and a local sequential id from 1 (spec 001 §3). */
export interface TeamRow extends TeamMember {
  id: number;
  name: string;
}

/** "Ada" + "Lovelace" → "Ada Lovelace"; a missing part leaves no stray space. */
export const joinName = (first: string, last: string): string => [first.trim(), last.trim()].filter(Boolean).join(' ');

/** The list in the server's order, each member numbered from 1 and named. */
export const toTeamRows = (members: readonly TeamMember[]): TeamRow[] =>
  members.map((member, index) => ({
    ...member,
    id: index + 1,
    name: joinName(member.user_first_name, member.user_last_name),
  }));

/** The Last Used cell: the local time of the last sign-in, or "Never" before the first. */
export const lastUsedText = (
  timestamp: string | null | undefined,
  options: { locale?: string; timeZone?: string } = {},
): string => (timestamp?.trim() ? formatLocalTime(timestamp, options) : 'Never');

export interface AddUserForm {
  name: string;
  email: string;
  role: string;
}

/**
 * zod's own e-mail pattern, which the server applies (contract `emailField`).
 * Copied rather than imported so the page does not load zod: the unit test
 * checks that both sides accept and refuse the same addresses.
 */
const emailPattern = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The server's texts for the two refusals after "fill all three" (contract `ZTeamInviteRequest`). */
export const addUserTexts = {
  badEmail: 'Email must be a valid e-mail address.',
  badRole: 'Role must be Manager, Employee or Watcher.',
};

/**
 * Why the Add User form cannot be sent, or undefined when it can: all three
 * fields are required (spec 001 §5), then the address must be an e-mail
 * address and the role one that may be given, as the server checks them.
 */
export function addUserProblem(form: AddUserForm): string | undefined {
  const [name, email, role] = [form.name.trim(), form.email.trim(), form.role.trim()];
  if (!name || !email || !role) return messages.team.fillAll;
  if (!emailPattern.test(email)) return addUserTexts.badEmail;
  if (!roleOptions.includes(role)) return addUserTexts.badRole;
  return undefined;
}
