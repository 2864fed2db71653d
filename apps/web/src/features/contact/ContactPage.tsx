import { messages } from '@cardstock/contract';
import { useCallback, useState, type FormEvent } from 'react';
import { Captcha } from '../../components/Captcha.tsx';
import { call, errorText } from '../../lib/api.ts';

type Status = { kind: 'success' | 'error'; text: string } | undefined;

export function ContactPage() {
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [token, setToken] = useState('');
  const [status, setStatus] = useState<Status>();
  const [sending, setSending] = useState(false);
  const onToken = useCallback((t: string) => setToken(t), []);

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      window.alert(messages.contact.fillAllFields);
      return;
    }
    if (!token) {
      setStatus({ kind: 'error', text: messages.common.captchaRequired });
      return;
    }
    setSending(true);
    setStatus(undefined);
    try {
      await call('contactUs', { body: { ...form, turnstileToken: token } }, messages.contact.failed);
      setStatus({ kind: 'success', text: messages.contact.success });
      setForm({ name: '', email: '', message: '' });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err, messages.common.networkError) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="page narrow">
      <h1>Contact Us</h1>
      <p className="lead">
        Questions, a demo, or registration details for your shop: write to us and we answer by e-mail.
      </p>
      <form className="card form" onSubmit={(e) => void submit(e)} noValidate>
        {status && (
          <p role="status" className={status.kind === 'success' ? 'text-success' : 'text-error'}>
            {status.text}
          </p>
        )}
        <label>
          Name
          <input name="name" autoComplete="name" value={form.name} onChange={set('name')} required maxLength={120} />
        </label>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} required />
        </label>
        <label>
          Message
          <textarea name="message" rows={6} value={form.message} onChange={set('message')} required maxLength={5000} />
        </label>
        <Captcha onToken={onToken} />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Sending...' : messages.contact.send}
        </button>
      </form>
    </section>
  );
}
