import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAuthToken } from '../lib/session.ts';

/** Guarded routes need only the auth_token cookie; without it they go to /login (spec 001 §2.12). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasAuthToken()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
