import { PRODUCT_NAME, messages, roleAllows } from '@cardstock/contract';
import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { call } from '../lib/api.ts';
import { authToken, clearSession, hasAuthToken, userRole } from '../lib/session.ts';
import { useSessionVersion } from '../lib/use-session.ts';

const { nav } = messages;

// The push stream's client is loaded for staff who see orders only, after the page: not in every screen's first load.
const NewOrdersBadge = lazy(() => import('./NewOrdersBadge.tsx').then((m) => ({ default: m.NewOrdersBadge })));

export function Header() {
  useSessionVersion();
  const navigate = useNavigate();
  const loggedIn = hasAuthToken();

  function logout() {
    const token = authToken();
    // Revoke the session on the server too, with the token read before its cookie goes;
    // the cookies go whether or not it answers.
    if (token) call('logout', { token }).catch(() => undefined);
    clearSession();
    void navigate('/login');
  }

  return (
    <header className="site-header">
      <Link to="/home" className="brand" aria-label={`${PRODUCT_NAME} home`}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <nav aria-label="Main">
        <NavLink to="/home">{nav.home}</NavLink>
        <NavLink to="/about">{nav.about}</NavLink>
        <NavLink to="/features">{nav.features}</NavLink>
        <NavLink to="/contact">{nav.contact}</NavLink>
      </nav>
      <nav aria-label="Account" className="account-nav">
        {loggedIn ? (
          <>
            {roleAllows(userRole(), 'orders:view') && (
              <Suspense fallback={null}>
                <NewOrdersBadge />
              </Suspense>
            )}
            <NavLink to="/dashboard">{nav.dashboard}</NavLink>
            <button type="button" className="btn btn-ghost" onClick={logout}>
              {nav.logout}
            </button>
          </>
        ) : (
          <>
            <NavLink to="/login">{nav.login}</NavLink>
            <NavLink to="/register" className="btn btn-primary">
              {nav.register}
            </NavLink>
          </>
        )}
      </nav>
    </header>
  );
}
