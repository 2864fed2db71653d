import { messages } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

export function ForgotPasswordPage() {
  useTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(undefined);
    try {
      await call('forgotPassword', { query: { email: email.trim() } }, messages.forgotPassword.failed);
      setResult({ kind: 'success', text: messages.forgotPassword.sent });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err, messages.common.networkError) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page narrow auth-page">
      <h1>Forgot Password</h1>
      <p className="lead">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <form className="card form" onSubmit={(e) => void submit(e)}>
        <FormMessage text={result?.text} kind={result?.kind} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Submit
        </button>
      </form>
    </section>
  );
}
