import {
  adminLimits,
  asPercent,
  type AdminBound,
  type PlatformRole,
  type StoreStatusFilter,
} from '@cardstock/contract';

/**
 * Pure helpers of the admin screens (spec 001 §2.9, §5, §9): the store
 * filter, the description cut, numbers within their bounds, role and health
 * labels. No React here, so each rule is tested on its own.
 */

/** The Store Management filter (spec 001 §2.9), in its order. */
export const storeFilters: readonly { value: StoreStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active Only' },
  { value: 'inactive', label: 'Inactive Only' },
];

/** A store card's description: at most 100 characters, then an ellipsis. */
export function cutDescription(text: string, max: number = adminLimits.descriptionCut): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}...` : trimmed;
}

/**
 * A number field as typed, within its bounds (spec 001 §5): empty or not a
 * number gives the fallback; outside the bounds it is pulled to the nearest
 * one; fractions are rounded.
 */
export function boundedNumber(typed: string, bound: AdminBound): number {
  const n = Number(typed.trim());
  if (typed.trim() === '' || !Number.isFinite(n)) return bound.fallback;
  return Math.min(bound.max, Math.max(bound.min, Math.round(n)));
}

/** The store performance bar: full at 500 orders (spec 001 §9). */
export const performancePercent = (orders: number): number =>
  Math.min(100, Math.max(0, asPercent(orders / adminLimits.storePerformanceFullAt)));

/** The platform roles as the user screen shows them. */
export const roleLabels: Record<PlatformRole, string> = {
  user: 'User',
  admin: 'Admin',
  website_staff: 'Website Staff',
  superadmin: 'Superadmin',
};

/** The roles an editor may offer: superadmin only to a superadmin. */
export const assignableRoles = (canGrantSuperadmin: boolean): PlatformRole[] =>
  canGrantSuperadmin ? ['user', 'website_staff', 'admin', 'superadmin'] : ['user', 'website_staff', 'admin'];

/** The badge class of a server health value. */
export const healthClass = (health: 'healthy' | 'warning' | 'critical'): string =>
  health === 'healthy' ? 'badge-success' : health === 'warning' ? 'badge-warning' : 'badge-danger';

export { plural } from '@cardstock/contract';
