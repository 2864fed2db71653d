import { messages, timings } from '@cardstock/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/FormMessage.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

const m = messages.resetPassword;

export function ResetPasswordPage() {
  useTitle('Reset Password');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const done = result?.kind === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login'), timings.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setResult({ kind: 'error', text: m.mismatch });
    if (!token) return setResult({ kind: 'error', text: m.missingToken });
    setBusy(true);
    setResult(undefined);
    try {
      await call('resetPassword', { body: { token, new_password: password } }, m.failed);
      setResult({ kind: 'success', text: m.success });
    } catch (err) {
      setResult({ kind: 'error', text: err instanceof ApiError ? err.message : m.failed });
      setBusy(false);
    }
  }

  return (
    <section className="page narrow auth-page">
      <h1>Reset Password</h1>
      <form className="card form" onSubmit={(e) => void submit(e)}>
        <FormMessage text={result?.text} kind={result?.kind} />
        <label>
          Reset Token
          <input name="token" value={token} readOnly />
        </label>
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
        <button type="submit" className="btn btn-primary" disabled={busy || done}>
          Reset Password
        </button>
      </form>
    </section>
  );
}
