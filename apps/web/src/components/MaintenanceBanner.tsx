import { useState } from 'react';
import { useLocation } from 'react-router';
import { MAINTENANCE_EVENT } from '../lib/api.ts';
import { useWindowMessage } from '../lib/use-window-message.ts';

/**
 * The server's "down for maintenance" sentence above every screen, from the
 * moment a call is answered 503 until the next page the visitor opens. The
 * login page shows the server's sentence in its own form, so not twice there.
 */
export function MaintenanceBanner() {
  const [message, setMessage] = useWindowMessage(MAINTENANCE_EVENT);
  const { pathname } = useLocation();
  const [shownOn, setShownOn] = useState(pathname);
  // A new page starts without it; its own calls bring it back if maintenance goes on.
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setMessage(undefined);
  }
  if (!message || pathname === '/login') return null;
  return (
    <p className="maintenance-banner" role="alert">
      {message}
    </p>
  );
}
