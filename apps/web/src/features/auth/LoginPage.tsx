import { messages } from '@cardstock/contract';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Captcha } from '../../components/Captcha.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { safeNext } from '../../lib/next-page.ts';
import { forgetSessionEnded, sessionEnded, storeSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';

export function LoginPage() {
  useTitle('Login');
  const navigate = useNavigate();
  const stateNotice = (useLocation().state as { notice?: string } | null)?.notice;
  const [ended] = useState(sessionEnded);
  // Said once: a later visit to the login page starts without it.
  useEffect(forgetSessionEnded, []);
  const notice = stateNotice ?? (ended ? messages.login.sessionEnded : undefined);
  // The page the visitor was on (or was going to) before this login: only a path of this site.
  const next = safeNext(useSearchParams()[0].get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onToken = useCallback((t: string) => setToken(t), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!token) {
      setError(messages.common.captchaRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call('login', { body: { email, password, turnstileToken: token } }, messages.login.failed);
      storeSession({
        token: answer.token,
        shopName: answer.shop_name,
        userRole: answer.user_role,
        isAdmin: answer.is_admin,
      });
      // A full page load: every screen starts from the new cookies (spec 000 §2). Back where the visitor was;
      // else platform staff without a shop go to the admin area (they have no shop dashboard).
      window.location.assign(next ?? (answer.is_admin && !answer.shop_name ? '/admin' : '/dashboard'));
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, messages.common.networkError));
      setBusy(false);
    }
  }

  return (
    <section className="page narrow auth-page">
      <h1>Login</h1>
      <FormMessage text={notice} kind="success" />
      <form className="card form" onSubmit={(e) => void submit(e)}>
        <FormMessage text={error} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <Captcha onToken={onToken} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {messages.nav.login}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => void navigate('/forgot-password')}>
            {messages.login.forgotPassword}
          </button>
        </div>
        <p className="muted">
          {messages.login.noAccount} <Link to="/register">{messages.login.signUp}</Link>
        </p>
      </form>
    </section>
  );
}
