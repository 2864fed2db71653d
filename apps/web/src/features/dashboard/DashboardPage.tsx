import { messages } from '@cardstock/contract';
import { Link } from 'react-router';
import { IconBadge } from '../../components/Icon.tsx';
import { shopName, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { FeedbackButton } from '../feedback/FeedbackButton.tsx';
import { shopPagesFor } from './shop-pages.ts';

export function DashboardPage() {
  useTitle('Dashboard');
  const name = shopName();
  const role = userRole();
  const shown = shopPagesFor(role);
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
