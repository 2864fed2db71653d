/** The spec's status colours (spec 001 §4): green, amber, red, and grey for anything else. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const tones: Record<string, StatusTone> = {
  active: 'success',
  completed: 'success',
  processing: 'warning',
  pending: 'warning',
  inactive: 'danger',
  cancelled: 'danger',
  // Stripe's spelling, should a status arrive as Stripe writes it.
  canceled: 'danger',
  refunded: 'danger',
};

export const statusTone = (status: string): StatusTone => tones[status.toLowerCase()] ?? 'neutral';

const badgeClasses: Record<StatusTone, string> = {
  success: 'badge badge-success',
  warning: 'badge badge-warning',
  danger: 'badge badge-danger',
  neutral: 'badge',
};

/** A status badge's classes and text: coloured by tone, in upper case. */
export const statusBadge = (status: string) => ({
  className: badgeClasses[statusTone(status)],
  text: status.toUpperCase(),
});
