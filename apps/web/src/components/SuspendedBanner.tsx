import { useLocation } from 'react-router';
import { SHOP_SUSPENDED_EVENT } from '../lib/api.ts';
import { usePublicConfig } from '../lib/use-public-config.ts';
import { useWindowMessage } from '../lib/use-window-message.ts';

/**
 * When any call says the shop is suspended, every screen says so above itself, with whom to write to: a screen of
 * empty lists would hide why nothing works. It stays until the page is loaded again (not on the login, whose form
 * says it).
 */
export function SuspendedBanner() {
  const [message] = useWindowMessage(SHOP_SUSPENDED_EVENT);
  const email = usePublicConfig().data?.support_email;
  const { pathname } = useLocation();
  // The login form says it in its own words already.
  if (!message || pathname === '/login') return null;
  return (
    <div className="maintenance-banner" role="alert">
      <p>{message}</p>
      {email && (
        <p>
          Support: <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
    </div>
  );
}
