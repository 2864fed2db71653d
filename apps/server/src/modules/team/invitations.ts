/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The page an invitation mail links to, where the invited person chooses a password. */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
