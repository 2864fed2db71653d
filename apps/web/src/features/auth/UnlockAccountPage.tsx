import { messages } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/FormMessage.tsx';
import { call, errorText } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

/**
 * Opened from the mail sent when login failures lock an account. The unlock waits for a click: mail scanners that
 * open links must not spend it.
 */
export function UnlockAccountPage() {
  useTitle('Unlock Account');
  const token = useSearchParams()[0].get('token') ?? '';
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const done = result?.kind === 'success';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(undefined);
    try {
      const { message } = await call('unlockAccount', { body: { token } }, messages.auth.unlockInvalid);
      setResult({ kind: 'success', text: message });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err, messages.common.networkError) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page narrow auth-page">
      <h1>Unlock Account</h1>
      <p className="lead">
        Logins to your account were paused after too many wrong passwords. If that was you, unlock it and log in again.
      </p>
      <form className="card form" onSubmit={(e) => void submit(e)}>
        <FormMessage text={token ? result?.text : messages.auth.unlockInvalid} kind={token ? result?.kind : 'error'} />
        {done ? (
          <Link className="btn btn-primary" to="/login">
            Log in
          </Link>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={busy || !token}>
            Unlock my account
          </button>
        )}
      </form>
    </section>
  );
}
