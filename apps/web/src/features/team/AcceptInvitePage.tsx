import { messages } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/FormMessage.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

const m = messages.team;

/**
 * Accepting an invitation: the mailed link carries a single-use token; the
 * invited member chooses a password with it and can then log in. Nothing is
 * carried over to the login page: they type their address themselves.
 */
export function AcceptInvitePage() {
  useTitle(m.acceptTitle);
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [joined, setJoined] = useState<{ message: string; email: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setError(messages.resetPassword.mismatch);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call('teamAccept', { body: { token, password } }, messages.common.networkError);
      setJoined({ message: answer.message, email: answer.email });
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, messages.common.networkError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page narrow auth-page">
      <h1>{m.acceptTitle}</h1>
      {!token ? (
        <div className="card form">
          <FormMessage text={m.inviteMissing} />
          <p className="muted">
            Open the whole link from your invitation e-mail, or ask the shop owner to send a new invitation.
          </p>
        </div>
      ) : joined ? (
        <div className="card form">
          <FormMessage text={joined.message} kind="success" />
          <p className="muted">
            Log in with <strong>{joined.email}</strong> and the password you just chose.
          </p>
          <div className="actions">
            <Link to="/login" className="btn btn-primary">
              Go to Login
            </Link>
          </div>
        </div>
      ) : (
        <form className="card form" onSubmit={(e) => void submit(e)}>
          <p className="muted">You were invited to join a shop’s team. Choose a password to finish.</p>
          <FormMessage text={error} />
          <TextField
            label="New Password"
            type="password"
            name="new_password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
          />
          <TextField
            label="Confirm Password"
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={setConfirm}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Joining...' : 'Join'}
          </button>
        </form>
      )}
    </section>
  );
}
