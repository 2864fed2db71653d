import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/next-page.ts';
import { hasAuthToken } from '../lib/session.ts';

/** Guarded pages need the auth_token cookie (spec 001 §2.12); the login brings the visitor back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!hasAuthToken()) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return children;
}
