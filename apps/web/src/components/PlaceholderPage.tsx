import { messages } from '@cardstock/contract';
import { Link } from 'react-router';

/** A guarded screen whose capability is not built yet: its title and a way back, never sample data. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <Link to="/dashboard" className="btn">
        {messages.common.backToDashboard}
      </Link>
    </section>
  );
}
