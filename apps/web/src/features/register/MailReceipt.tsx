import { messages } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { call, errorText } from '../../lib/api.ts';

/**
 * A sale's receipt by e-mail, on the customer's request: to the address typed (the sale's customer's when left
 * empty, which the server knows). Says where it went, or the server's reason.
 */
export function MailReceipt({ saleNumber, email = '' }: { saleNumber: string; email?: string }) {
  const [to, setTo] = useState(email);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'said'; text: string; ok: boolean }>({
    kind: 'idle',
  });

  async function send() {
    setState({ kind: 'sending' });
    try {
      const sent = await call('registerReceiptMail', {
        body: { sale_number: saleNumber, ...(to.trim() ? { email: to.trim() } : {}) },
      });
      setState({ kind: 'said', text: sent.message, ok: true });
    } catch (err) {
      setState({
        kind: 'said',
        text: errorText(err, messages.ordering.network, 'The receipt was not sent.'),
        ok: false,
      });
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (state.kind !== 'sending') void send();
  }

  return (
    <form className="counter-mail-receipt" onSubmit={submit} aria-label="E-mail the receipt">
      <label>
        <span>E-mail the receipt to</span>
        <input
          type="email"
          autoComplete="off"
          placeholder="customer@example.com"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <button type="submit" className="btn" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending…' : 'E-mail receipt'}
      </button>
      {state.kind === 'said' && (
        <p role={state.ok ? 'status' : 'alert'} className={state.ok ? 'muted' : 'text-error'}>
          {state.text}
        </p>
      )}
    </form>
  );
}
