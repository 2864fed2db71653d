import { roleAllows, type Permission } from '@cardstock/contract';
import type { IconName } from '../components/Icon.tsx';

/** The dashboard tiles of spec 000 §2, in the spec's order; a tile with a permission shows only to roles that have it. */
export const shopPages = [
  { to: '/ordering', title: 'Place Order', text: 'Browse inventory and place orders from a PC', icon: 'cart' },
  {
    to: '/counter',
    title: 'Register',
    text: 'Ring up sales at the counter: tenders, tax and receipts',
    icon: 'card',
    permission: 'register:sell',
  },
  { to: '/order-management', title: 'Order Management', text: 'Review and confirm pending orders', icon: 'inbox' },
  { to: '/order-history', title: 'Order History', text: 'Look up confirmed orders', icon: 'history' },
  {
    to: '/buylist',
    title: 'Buylist',
    text: 'Buy cards from customers: sell lists, offers and rules',
    icon: 'clipboard',
  },
  {
    to: '/shop-settings',
    title: 'Shop Settings',
    text: 'Configure subdomain and inventory visibility',
    icon: 'settings',
    permission: 'settings',
  },
  {
    to: '/device-manager',
    title: 'Device Manager',
    text: 'Authorize a tablet or manage a device',
    icon: 'tablet',
    permission: 'devices',
  },
  { to: '/inventory-management', title: 'Inventory Management', text: 'Add cards or sealed stock', icon: 'boxes' },
  {
    to: '/channels',
    title: 'Marketplace Channels',
    text: 'List on CardTrader and take its orders',
    icon: 'globe',
    permission: 'channels',
  },
  {
    to: '/sub-account-management',
    title: 'Sub-Accounts',
    text: 'Add employees and change permissions',
    icon: 'users',
    permission: 'team',
  },
  {
    to: '/stripe-management',
    title: 'Subscription',
    text: 'Manage subscription and payments',
    icon: 'card',
    permission: 'billing',
  },
  {
    to: '/customers',
    title: 'Customers',
    text: 'Customers and their store credit',
    icon: 'users',
    permission: 'customers:view',
  },
  { to: '/stats', title: 'Statistics', text: 'Orders, revenue and best sellers', icon: 'chart' },
  {
    to: '/activity',
    title: 'Activity',
    text: 'Who changed stock, prices, orders, the team or settings',
    icon: 'history',
    permission: 'activity:view',
  },
] as const satisfies readonly { to: string; title: string; text: string; icon: IconName; permission?: Permission }[];

/** The pages a role may open; no role cookie (just registered: the Owner) sees all, the server stays the authority. */
export const shopPagesFor = (role: string | undefined) =>
  shopPages.filter((tile) => !role || !('permission' in tile) || roleAllows(role, tile.permission));
