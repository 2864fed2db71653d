import { adminFeedbackTypes, messages } from '@cardstock/contract';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTitle } from '../../lib/use-title.ts';
import { FeedbackButton } from '../../components/FeedbackButton.tsx';
import { isAccessError } from './admin-api.ts';
import './admin.css';

const m = messages.admin;

/** The server refused who the caller is: why, and the way to sign in as someone who may (spec 001 §2.9). */
export function AccessError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <section className="page narrow status-page admin-access" role="alert">
      <h1>{m.accessTitle}</h1>
      <p className="lead">{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => void navigate('/login')}>
        {m.goToLogin}
      </button>
    </section>
  );
}

interface AdminPageProps {
  title: string;
  /** Any load error of the page: a 401/403 replaces the page with the access error view. */
  error?: unknown;
  /** The dashboard itself has no way back to the dashboard. */
  back?: boolean;
  children: ReactNode;
}

/**
 * The frame of every admin screen: its title, the way back to the admin
 * dashboard, the lightning-bolt feedback button with the admin types (spec
 * 001 §2.11), and the access error view when the server refuses the caller.
 */
export function AdminPage({ title, error, back = true, children }: AdminPageProps) {
  useTitle(title);
  if (isAccessError(error)) return <AccessError message={error.message} />;
  return (
    <section className="page admin-page">
      <header className="page-header">
        <h1>{title}</h1>
        {back && (
          <Link to="/admin" className="btn">
            {m.backToAdmin}
          </Link>
        )}
      </header>
      {children}
      <FeedbackButton types={adminFeedbackTypes} icon="bolt" />
    </section>
  );
}

/** A load that failed for another reason than access: the server's sentence. */
export function LoadError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="text-error" role="alert">
      {error instanceof Error ? error.message : m.loadFailed}
    </p>
  );
}
