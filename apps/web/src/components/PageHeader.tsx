import { messages } from '@cardstock/contract';
import { Link } from 'react-router';

/** A staff screen's title and its 'Back to Dashboard' button (every screen of the spec has one). */
export function PageHeader({ title }: { title: string }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      <Link to="/dashboard" className="btn">
        {messages.common.backToDashboard}
      </Link>
    </header>
  );
}
