import { messages } from '@cardstock/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SESSION_ENDED_EVENT } from '../lib/api.ts';
import { loginPathFor } from '../lib/next-page.ts';
import { clearSession, markSessionEnded } from '../lib/session.ts';

/**
 * When a call made with the session is answered 401, the session is over (logged out elsewhere, expired, the
 * member removed): rather than a screen of empty data, the visitor goes to log in, told why, and comes back after.
 */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const ended = () => {
      if (pathname === '/login') return;
      clearSession();
      // Said on the login page even when a guard's own redirect (no state) lands there first.
      markSessionEnded();
      void navigate(loginPathFor(pathname + search), {
        replace: true,
        state: { notice: messages.login.sessionEnded },
      });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [navigate, pathname, search]);
  return null;
}
