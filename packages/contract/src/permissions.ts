import type { PlatformRole, ShopRole } from './constants.ts';

/**
 * What each shop role may do (DESIGN §5). The server enforces it on every
 * call; the web reads the same table to hide what a role cannot do.
 */
export const permissions = {
  'inventory:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view inventory' },
  'inventory:edit': { roles: ['Owner', 'Manager', 'Employee'], says: 'add or edit inventory' },
  // Any asking price, one row or many, and a sealed product's price (DESIGN §5 "set a price"): an Employee's
  // Edit changes quantities only, so a price sent unchanged is no price change (see `requirePriceChange`).
  'inventory:reprice': { roles: ['Owner', 'Manager'], says: 'set or change prices' },
  'inventory:import': { roles: ['Owner', 'Manager'], says: 'import inventory' },
  'inventory:export': { roles: ['Owner', 'Manager', 'Employee'], says: 'export inventory' },
  'inventory:delete_all': { roles: ['Owner'], says: 'delete all inventory' },
  'orders:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view orders' },
  'orders:place': { roles: ['Owner', 'Manager', 'Employee'], says: 'place orders' },
  'orders:decide': { roles: ['Owner', 'Manager', 'Employee'], says: 'confirm or reject orders' },
  'register:sell': { roles: ['Owner', 'Manager', 'Employee'], says: 'ring up sales at the register' },
  'buylist:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view buy orders and buy rules' },
  'buylist:sell': { roles: ['Owner', 'Manager', 'Employee'], says: 'price or submit a sell list' },
  'buylist:take': { roles: ['Owner', 'Manager', 'Employee'], says: 'grade, accept or reject buy orders' },
  'buylist:rules': { roles: ['Owner', 'Manager'], says: 'change the buy rules' },
  'customers:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view customers' },
  'customers:edit': { roles: ['Owner', 'Manager', 'Employee'], says: 'add or edit customers' },
  'customers:adjust': { roles: ['Owner', 'Manager'], says: 'adjust store credit' },
  'stats:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view statistics' },
  billing: { roles: ['Owner'], says: 'manage billing' },
  'data:export': { roles: ['Owner'], says: 'download all of the shop’s data' },
  team: { roles: ['Owner'], says: 'manage the team' },
  devices: { roles: ['Owner', 'Manager'], says: 'manage devices' },
  settings: { roles: ['Owner', 'Manager'], says: 'change shop settings' },
  'activity:view': { roles: ['Owner', 'Manager'], says: 'read the shop’s activity' },
  // The register's returns and its cash drawer (issue 44, DESIGN §5).
  'register:refund': { roles: ['Owner', 'Manager'], says: 'give returns and refunds at the register' },
  'register:drawer': { roles: ['Owner', 'Manager', 'Employee'], says: 'open or close a cash drawer' },
  // Marketplace channels (issue 42): connecting an account, its price rule, pausing it.
  channels: { roles: ['Owner', 'Manager'], says: 'manage marketplace channels' },
} as const satisfies Record<string, { roles: readonly ShopRole[]; says: string }>;

export type Permission = keyof typeof permissions;

export const roleAllows = (role: string | null | undefined, permission: Permission): boolean =>
  (permissions[permission].roles as readonly string[]).includes(role ?? '');

/**
 * What each platform role may do in the admin area (DESIGN §5). A plain
 * `user` (every shop account) may do nothing there. Website staff look
 * (shops, users, inventory, reports, analytics, inboxes) but change nothing;
 * an admin changes shops, users, inventory and system settings; only a
 * superadmin makes another superadmin (and no one deletes or demotes one).
 */
export const adminPermissions = {
  'admin:view': { roles: ['website_staff', 'admin', 'superadmin'], says: 'view the admin area' },
  'admin:manage': {
    roles: ['admin', 'superadmin'],
    says: 'change shops, users, inventory or system settings',
  },
} as const satisfies Record<string, { roles: readonly PlatformRole[]; says: string }>;

export type AdminPermission = keyof typeof adminPermissions;

export const platformRoleAllows = (role: string | null | undefined, permission: AdminPermission): boolean =>
  (adminPermissions[permission].roles as readonly string[]).includes(role ?? '');
