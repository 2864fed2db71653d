import {
  adminOrderStatuses,
  platformRoles,
  type AdminOrder,
  type AdminStore,
  type AdminUser,
  type PlatformRole,
  centsToDollars,
} from '@cardstock/contract';
import type { StoreRow } from './admin.repository.ts';

export const asPlatformRole = (role: string): PlatformRole =>
  platformRoles.includes(role as PlatformRole) ? (role as PlatformRole) : 'user';

/** What the admin area calls a person: their username, else their name, else their e-mail address. */
export const displayName = (u: { username: string | null; first_name: string; last_name: string; email: string }) =>
  u.username?.trim() || [u.first_name.trim(), u.last_name.trim()].filter(Boolean).join(' ') || u.email;

export function toAdminStore(row: StoreRow): AdminStore {
  return {
    id: row.id,
    shop_name: row.name,
    shop_description: row.description,
    subdomain: row.subdomain,
    is_active: row.is_active === 1,
    created_at: row.created_at,
    total_inventory: row.total_inventory,
    pending_orders: row.pending_orders,
    owner_email: row.owner_email ?? null,
    owner_username: row.owner_username?.trim() || row.owner_email || null,
    settings: {
      allow_public_inventory: row.shop_hidden === 0,
      require_approval: row.require_approval === 1,
      max_inventory_items: row.max_inventory_items,
    },
  };
}

export function toAdminUser(row: {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  platform_role: string;
  role: string | null;
  is_active: number;
  email_verified: boolean;
  created_at: string;
  last_used_at: string | null;
  shop_id: number | null;
  shop_name: string | null;
  total_orders: number;
}): AdminUser {
  return {
    id: row.id,
    username: displayName(row),
    email: row.email,
    role: asPlatformRole(row.platform_role),
    is_active: row.is_active === 1,
    email_verified: row.email_verified,
    created_at: row.created_at,
    last_login: row.last_used_at,
    stores_count: row.shop_id === null ? 0 : 1,
    total_orders: row.total_orders,
    shop_name: row.shop_name,
    shop_role: row.role,
  };
}

export function toAdminOrder(row: {
  order_number: string;
  status: string;
  source_name: string;
  source_kind: string;
  total_items: number;
  total_cents: number;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}): AdminOrder {
  return {
    order_number: row.order_number,
    status: (adminOrderStatuses as readonly string[]).includes(row.status)
      ? (row.status as AdminOrder['status'])
      : 'pending',
    source_name: row.source_name,
    source_kind:
      row.source_kind === 'device' || row.source_kind === 'online' || row.source_kind === 'marketplace'
        ? row.source_kind
        : 'staff',
    total_items: row.total_items,
    total: centsToDollars(row.total_cents),
    created_at: row.created_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
  };
}
