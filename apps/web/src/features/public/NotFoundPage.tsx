import { messages } from '@cardstock/contract';
import { Link } from 'react-router';
import { useTitle } from '../../lib/use-title.ts';

export function NotFoundPage() {
  useTitle(messages.notFound.title);
  return (
    <section className="page status-page" aria-labelledby="not-found-title">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{messages.notFound.title}</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <div className="actions">
        <Link to="/home" className="btn btn-primary btn-lg">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
