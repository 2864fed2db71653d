import {
  adminPermissions,
  messages,
  permissions,
  platformRoleAllows,
  roleAllows,
  type AdminPermission,
  type Permission,
  type ShopRole,
} from '@cardstock/contract';
import type { Actor } from './actor.ts';
import { AppError } from './errors.ts';

export interface ShopActor extends Actor {
  shopId: number;
  role: ShopRole;
}

/**
 * The first line of every shop service method: the caller belongs to a shop
 * and their role allows `permission`; otherwise a 403 naming both.
 */
/** What a paired tablet may do: look at the shop's stock, place orders and price or submit a sell list, nothing else. */
const devicePermissions: readonly Permission[] = ['inventory:view', 'orders:place', 'buylist:sell'];

export function requireRole(actor: Actor, permission: Permission): ShopActor {
  if (actor.device) {
    if (actor.shopId === null || !devicePermissions.includes(permission))
      throw new AppError('FORBIDDEN', messages.devicesServer.staffOnly);
    return actor as ShopActor;
  }
  if (actor.shopId === null || actor.role === null) throw new AppError('FORBIDDEN', messages.access.noShop);
  if (!roleAllows(actor.role, permission)) {
    throw new AppError('FORBIDDEN', messages.access.forbidden(actor.role, permissions[permission].says));
  }
  return actor as ShopActor;
}

export type { Permission };

/**
 * A write that carries a price (an asking price, a sealed product's price) is a price change only when the price
 * differs from the one stored (`undefined`: nothing stored yet): old clients resend every field, and an Employee's
 * quantity fix must not be refused for the price it left alone. A change needs `inventory:reprice`.
 */
export function requirePriceChange(actor: Actor, stored: number | null | undefined, sent: number | null): void {
  if (stored !== undefined && stored === sent) return;
  requireRole(actor, 'inventory:reprice');
}

/**
 * The first check of every admin call: the caller's platform role allows
 * `permission`. A shop account (platform role `user`) hears that the area is
 * for platform staff; website staff asked to change something hear what
 * their role cannot do.
 */
export function requirePlatformRole(actor: Actor, permission: AdminPermission): Actor {
  if (actor.device) throw new AppError('FORBIDDEN', messages.devicesServer.staffOnly);
  if (platformRoleAllows(actor.platformRole, permission)) return actor;
  if (actor.platformRole === 'user') throw new AppError('FORBIDDEN', messages.adminServer.staffOnly);
  throw new AppError('FORBIDDEN', messages.access.forbidden(actor.platformRole, adminPermissions[permission].says));
}
