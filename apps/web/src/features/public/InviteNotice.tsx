import { Link } from 'react-router';
import { Icon } from '../../components/Icon.tsx';

/** Registration is invite-only (spec 000 §1): every call to sign up points to the contact page first. */
export function InviteNotice() {
  return (
    <aside className="invite-notice" aria-label="How to register">
      <Icon name="mail" />
      <div>
        <p>
          <strong>Registration is invite-only.</strong> Contact us first and we will e-mail you an invite code to create
          your shop&apos;s account.
        </p>
        <Link to="/contact" className="btn btn-primary">
          Contact us
        </Link>
      </div>
    </aside>
  );
}
