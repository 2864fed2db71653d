import { messages } from '@cardstock/contract';
import { Link } from 'react-router';
import { useTitle } from '../../lib/use-title.ts';

/** The spec only promises a placeholder at /recruters (its spelling) titled "Recruiters Page". */
export function RecruitersPage() {
  useTitle(messages.recruiters.title);
  return (
    <section className="page status-page" aria-labelledby="recruiters-title">
      <h1 id="recruiters-title">{messages.recruiters.title}</h1>
      <p className="lead">This page is coming soon.</p>
      <div className="actions">
        <Link to="/about" className="btn">
          About us
        </Link>
        <Link to="/contact" className="btn btn-primary">
          Contact us
        </Link>
      </div>
    </section>
  );
}
