import { messages } from '@cardstock/contract';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { useTitle } from '../../lib/use-title.ts';

export function UnauthorizedPage() {
  useTitle('Unauthorized');
  return (
    <section className="page status-page" aria-labelledby="unauthorized-title">
      <span className="status-icon">
        <Icon name="lock" size={36} />
      </span>
      <h1 id="unauthorized-title">Account required</h1>
      <p className="lead">{messages.unauthorized.text}</p>
      <div className="actions">
        <Link to="/login" className="btn btn-primary btn-lg">
          {messages.nav.login}
        </Link>
        <Link to="/create-account" className="btn btn-lg">
          {messages.register.title}
        </Link>
      </div>
    </section>
  );
}
