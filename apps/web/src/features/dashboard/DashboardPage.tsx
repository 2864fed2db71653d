import { messages, roleAllows, type Permission } from '@cardstock/contract';
import { Link } from 'react-router';
import { IconBadge, type IconName } from '../../components/Icon.tsx';
import { shopName, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { FeedbackButton } from '../feedback/FeedbackButton.tsx';

/** The dashboard tiles of spec 000 §2, in the spec's order; a tile with a permission shows only to roles that have it. */
const tiles = [
  { to: '/ordering', title: 'Place Order', text: 'Browse inventory and place orders from a PC', icon: 'cart' },
  { to: '/order-management', title: 'Order Management', text: 'Review and confirm pending orders', icon: 'inbox' },
  { to: '/order-history', title: 'Order History', text: 'Look up confirmed orders', icon: 'history' },
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
  { to: '/stats', title: 'Statistics', text: 'Orders, revenue and best sellers', icon: 'chart' },
] as const satisfies readonly { to: string; title: string; text: string; icon: IconName; permission?: Permission }[];

export function DashboardPage() {
  useTitle('Dashboard');
  const name = shopName();
  const role = userRole();
  // No role cookie (just registered: the Owner): every tile; the server stays the authority.
  const shown = tiles.filter((tile) => !role || !('permission' in tile) || roleAllows(role, tile.permission));
  return (
    <section className="page">
      <h1>Welcome, {name ?? messages.dashboard.loadingName}</h1>
      <nav className="tile-grid" aria-label="Dashboard">
        {shown.map((tile) => (
          <Link key={tile.to} to={tile.to} className="tile">
            <IconBadge name={tile.icon} />
            <span className="tile-title">{tile.title}</span>
            <span className="tile-text">{tile.text}</span>
          </Link>
        ))}
      </nav>
      <FeedbackButton />
    </section>
  );
}
