import { messages } from '@cardstock/contract';
import { TileGrid } from '../../components/TileGrid.tsx';
import { shopName, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { FeedbackButton } from '../../components/FeedbackButton.tsx';
import { shopPagesFor } from '../../lib/shop-pages.ts';

export function DashboardPage() {
  useTitle('Dashboard');
  const name = shopName();
  const role = userRole();
  const shown = shopPagesFor(role);
  return (
    <section className="page">
      <h1>Welcome, {name ?? messages.dashboard.loadingName}</h1>
      <TileGrid label="Dashboard" tiles={shown} />
      <FeedbackButton />
    </section>
  );
}
