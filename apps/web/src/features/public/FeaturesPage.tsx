import { PRODUCT_NAME, limits, qualities, shopRoles } from '@cardstock/contract';
import { Link } from 'react-router';
import { Icon, IconBadge, type IconName } from '../../components/Icon.tsx';
import { CtaBand } from './CtaBand.tsx';
import { InviteNotice } from './InviteNotice.tsx';
import { useTitle } from '../../lib/use-title.ts';

interface Feature {
  id: string;
  title: string;
  icon: IconName;
  summary: string;
  points: string[];
}

const features: Feature[] = [
  {
    id: 'inventory',
    title: 'Inventory Management',
    icon: 'boxes',
    summary: 'One live list of every single and sealed product in your shop.',
    points: [
      'Find any card by name as you type, and pick the exact printing and set.',
      `Track finish (foil or nonfoil), quantity and condition: ${qualities.join(', ')}.`,
      'Import your existing stock from a CSV export of your old inventory tool.',
      'Export your full inventory to CSV at any time, for backups or accounting.',
    ],
  },
  {
    id: 'orders',
    title: 'Orders from In-Store Tablets',
    icon: 'tablet',
    summary: 'Customers and staff place orders on tablets at the counter; you decide what ships.',
    points: [
      `Authorise a tablet with a one-time code or QR image that expires after ${limits.deviceCodeTtlMinutes} minutes.`,
      'Pending orders refresh automatically, so new ones show up without reloading.',
      'Review each order item by item, then accept or reject it.',
      'Look up any confirmed order later in your order history.',
    ],
  },
  {
    id: 'roles',
    title: 'Role-Based Access & Staff Permissions',
    icon: 'users',
    summary: 'Give every team member an account with just the access they need.',
    points: [
      `Roles for every job: ${shopRoles.join(', ')}.`,
      'Add staff by e-mail and change or remove their role at any time.',
      'The shop owner account is always protected from edits by others.',
    ],
  },
  {
    id: 'statistics',
    title: 'Store Statistics',
    icon: 'chart',
    summary: 'Know how the shop is doing without building a report.',
    points: [
      'Total orders, cards sold and the number of cards in stock at a glance.',
      'Orders and revenue over time on a single chart.',
      `Your top ${limits.topSellingLimit} selling cards and the latest ${limits.latestSoldLimit} cards sold.`,
    ],
  },
  {
    id: 'storefront',
    title: 'Public Storefront',
    icon: 'globe',
    summary: 'Let players browse your stock online, on your shop’s own subdomain.',
    points: [
      'Choose your subdomain and switch public visibility on or off in settings.',
      'Card images, prices and live stock levels on every listing.',
      'Works on phones, tablets and desktops with no extra setup.',
    ],
  },
  {
    id: 'subscription',
    title: 'Simple Subscription',
    icon: 'card',
    summary: 'One subscription with secure card payments and a clear payment history.',
    points: [
      'See your plan, next billing date and every payment in one place.',
      'Cancel any time; access continues to the end of the billing period.',
      `Refunds are available within ${limits.refundWindowDays} days of a payment.`,
    ],
  },
];

export function FeaturesPage() {
  useTitle('Features');
  return (
    <div className="page">
      <header className="page-header">
        <span className="eyebrow">Features</span>
        <h1>Everything you need to run a card shop</h1>
        <p className="lead">
          {PRODUCT_NAME} brings your inventory, orders, staff and storefront together, with 99.9% uptime and nothing to
          install.
        </p>
        <nav className="chip-nav" aria-label="Features on this page">
          {features.map((f) => (
            <a key={f.id} href={`#${f.id}`} className="chip">
              {f.title}
            </a>
          ))}
        </nav>
      </header>

      <div className="feature-list">
        {features.map((f) => (
          <section key={f.id} id={f.id} className="card feature-detail" aria-labelledby={`${f.id}-title`}>
            <IconBadge name={f.icon} />
            <div>
              <h2 id={`${f.id}-title`}>{f.title}</h2>
              <p className="muted">{f.summary}</p>
              <ul className="check-list">
                {f.points.map((p) => (
                  <li key={p}>
                    <Icon name="check" size={18} />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>

      <CtaBand id="features-start" title="Ready to bring your shop online?" action={<InviteNotice />}>
        Already have an invite code? <Link to="/register">Create your account</Link>.
      </CtaBand>
    </div>
  );
}
