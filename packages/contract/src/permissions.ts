import type { ShopRole } from './constants.ts';

/**
 * What each shop role may do (DESIGN §5). The server enforces it on every
 * call; the web reads the same table to hide what a role cannot do.
 */
export const permissions = {
  'inventory:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view inventory' },
  'inventory:edit': { roles: ['Owner', 'Manager', 'Employee'], says: 'add or edit inventory' },
  'inventory:import': { roles: ['Owner', 'Manager'], says: 'import inventory' },
  'inventory:export': { roles: ['Owner', 'Manager', 'Employee'], says: 'export inventory' },
  'inventory:delete_all': { roles: ['Owner'], says: 'delete all inventory' },
  'orders:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view orders' },
  'orders:place': { roles: ['Owner', 'Manager', 'Employee'], says: 'place orders' },
  'orders:decide': { roles: ['Owner', 'Manager', 'Employee'], says: 'confirm or reject orders' },
  'stats:view': { roles: ['Owner', 'Manager', 'Employee', 'Watcher'], says: 'view statistics' },
  billing: { roles: ['Owner'], says: 'manage billing' },
  team: { roles: ['Owner'], says: 'manage the team' },
  devices: { roles: ['Owner', 'Manager'], says: 'manage devices' },
  settings: { roles: ['Owner', 'Manager'], says: 'change shop settings' },
} as const satisfies Record<string, { roles: readonly ShopRole[]; says: string }>;

export type Permission = keyof typeof permissions;

export const roleAllows = (role: string | null | undefined, permission: Permission): boolean =>
  (permissions[permission].roles as readonly string[]).includes(role ?? '');
