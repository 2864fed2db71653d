import {
  centsText,
  formatUsd,
  messages,
  roleAllows,
  type RegisterReturnResponse,
  type RegisterSaleDetail,
} from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, errorText } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { MailReceipt } from './MailReceipt.tsx';
import { RegisterTenders } from './RegisterTenders.tsx';
import { printReceipt } from './print-receipt.ts';
import {
  defaultRefund,
  emptyReturn,
  refundProblem,
  returnBody,
  returnOf,
  type ReturnLineDraft,
} from './return-draft.ts';
import { saleSignature, tenderLabels, type TenderDraft } from './sale.ts';
import './RegisterPage.css';
import { formatMinute } from '../../lib/format.ts';
import { useOpenDrawer } from './register-queries.ts';

const when = (iso: string) => formatMinute(iso, { locale: 'en-US' });

/** One sale from the Register's history, and a return of some of its copies (issue 44). */
export function SaleReturnPage() {
  const { saleNumber = '' } = useParams();
  if (!hasAuthToken()) return <Navigate to="/login" replace />;
  return <SaleReturn key={saleNumber} saleNumber={saleNumber} />;
}

function SaleReturn({ saleNumber }: { saleNumber: string }) {
  useTitle(`Sale ${saleNumber}`);
  const sale = useQuery({
    queryKey: ['register', 'sale', saleNumber],
    queryFn: () => call('registerSaleFind', { body: { sale_number: saleNumber } }),
    retry: false,
  });
  return (
    <section className="page counter-page">
      <PageHeader title={`Sale ${saleNumber}`} />
      <p>
        <Link to="/counter/sales">← Sales and returns</Link>
      </p>
      {sale.isPending ? (
        <p className="muted">{messages.common.loading}</p>
      ) : sale.isError ? (
        <p role="alert" className="text-error">
          {errorText(sale.error, messages.ordering.network, 'The sale could not be loaded.')}
        </p>
      ) : (
        <SaleView sale={sale.data} />
      )}
    </section>
  );
}

function SaleView({ sale }: { sale: RegisterSaleDetail }) {
  const queries = useQueryClient();
  const canRefund = roleAllows(userRole(), 'register:refund');
  const drawer = useOpenDrawer();
  const [lines, setLines] = useState<ReturnLineDraft[]>(() => emptyReturn(sale));
  const [refund, setRefund] = useState<TenderDraft[]>([]);
  // The refund's rows follow the copies chosen until staff change them.
  const [refundTouched, setRefundTouched] = useState(false);
  const [sending, setSending] = useState(false);
  // The Idempotency-Key of the return being sent and the body it was made for.
  const attempt = useRef<{ key: string; signature: string } | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<RegisterReturnResponse>();

  const chosen = returnOf(sale, lines);
  const cents = chosen.ok ? chosen.cents : 0;
  const copies = chosen.ok ? chosen.lines.reduce((n, l) => n + l.quantity, 0) : 0;
  const problem = chosen.ok ? (copies > 0 ? refundProblem(sale, cents, refund) : undefined) : chosen.bad;
  const ready = canRefund && chosen.ok && copies > 0 && problem === undefined && !sending;
  const left = sale.returnable.reduce((n, r) => n + r.quantity, 0);

  function editLine(line: number, change: Partial<ReturnLineDraft>) {
    const next = lines.map((l) => (l.line === line ? { ...l, ...change } : l));
    setLines(next);
    const after = returnOf(sale, next);
    if (!refundTouched && after.ok) setRefund(after.cents > 0 ? defaultRefund(sale, after.cents) : []);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready && chosen.ok) void send(chosen.lines);
  }

  async function send(returned: { line: number; quantity: number; restock: boolean }[]) {
    setSending(true);
    setError(undefined);
    const body = returnBody(sale, returned, refund);
    // A retry of the same return (after a network error) keeps its Idempotency-Key, so it is never refunded twice.
    const signature = saleSignature(body);
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
    try {
      const answer = await call('registerReturn', { body, headers: { 'Idempotency-Key': attempt.current.key } });
      attempt.current = undefined;
      setDone(answer);
      void queries.invalidateQueries({ queryKey: ['register'] });
    } catch (err) {
      setError(errorText(err, messages.ordering.network, 'The return could not be given.'));
    } finally {
      setSending(false);
    }
  }

  if (done)
    return (
      <div className="card counter-done" role="status">
        <p className="eyebrow">{done.message}</p>
        <p className="counter-change">
          Refund <strong>{formatUsd(done.refunded)}</strong>
        </p>
        <ul className="counter-return-refund">
          {done.refund.map((r, i) => (
            <li key={i}>
              {tenderLabels[r.kind]}: {formatUsd(r.amount)}
              {r.kind === 'cash' ? ' — hand it over from the drawer' : ''}
            </li>
          ))}
        </ul>
        {done.credit_balance !== null && <p>Store credit now {formatUsd(done.credit_balance)}.</p>}
        <div className="counter-done-actions">
          <button type="button" className="btn" onClick={() => printReceipt(done.receipt_url)}>
            Print receipt
          </button>
          <Link className="btn btn-primary" to="/counter/sales">
            Done
          </Link>
        </div>
      </div>
    );

  return (
    <form className="counter-return" onSubmit={submit} aria-label="Return">
      <div className="card">
        <dl className="counter-return-facts">
          <dt>Rung up</dt>
          <dd>
            {when(sale.created_at)} by {sale.created_by}
          </dd>
          <dt>Customer</dt>
          <dd>{sale.customer?.name ?? '—'}</dd>
          <dt>Total</dt>
          <dd>{formatUsd(sale.total)}</dd>
          <dt>Paid by</dt>
          <dd>
            {sale.tenders.map((t) => `${tenderLabels[t.kind]} ${formatUsd(t.amount)}`).join(', ') || 'Trade-in credit'}
          </dd>
        </dl>
        <a href={sale.receipt_url} target="_blank" rel="noreferrer">
          Open the receipt
        </a>
        <MailReceipt saleNumber={sale.sale_number} />
      </div>
      <div className="card">
        <h2>Lines</h2>
        <div className="table-wrap">
          <table className="table" aria-label="Lines">
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col" className="counter-num">
                  Sold
                </th>
                <th scope="col" className="counter-num">
                  Paid
                </th>
                <th scope="col">Return</th>
                <th scope="col">Back to stock</th>
              </tr>
            </thead>
            <tbody>
              {sale.lines.map((line) => {
                const draft = lines.find((l) => l.line === line.line)!;
                const returnable = sale.returnable.find((r) => r.line === line.line)?.quantity ?? 0;
                return (
                  <tr key={line.line}>
                    <td>
                      {line.name}
                      <small className="muted"> {line.set_code.toUpperCase()}</small>
                    </td>
                    <td className="counter-num">{line.quantity}</td>
                    <td className="counter-num">{formatUsd(line.total)}</td>
                    <td>
                      {returnable === 0 ? (
                        <span className="muted">All returned</span>
                      ) : (
                        <label className="counter-return-copies">
                          <input
                            inputMode="numeric"
                            autoComplete="off"
                            aria-label={`Copies of ${line.name} to return`}
                            placeholder="0"
                            value={draft.text}
                            disabled={!canRefund}
                            onChange={(e) => editLine(line.line, { text: e.target.value })}
                          />
                          <span className="muted">of {returnable}</span>
                        </label>
                      )}
                    </td>
                    <td>
                      <label>
                        <input
                          type="checkbox"
                          checked={draft.restock}
                          disabled={!canRefund || returnable === 0}
                          aria-label={`Put ${line.name} back in stock`}
                          onChange={(e) => editLine(line.line, { restock: e.target.checked })}
                        />{' '}
                        {draft.restock ? 'Yes' : 'No (damaged)'}
                      </label>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      {sale.returns.length > 0 && (
        <div className="card">
          <h2>Returns so far</h2>
          <ul className="counter-returns">
            {sale.returns.map((r) => (
              <li key={r.return_number}>
                <strong>{r.return_number}</strong> · {when(r.created_at)} · {formatUsd(r.refunded)} refunded (
                {r.refund.map((p) => tenderLabels[p.kind].toLowerCase()).join(', ')}):{' '}
                {r.lines.map((l) => `${l.quantity} × ${l.name}${l.restock ? '' : ' (not restocked)'}`).join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {left === 0 ? (
        <p className="muted">Every copy of this sale has been returned.</p>
      ) : !canRefund ? (
        <p role="note" className="counter-notice">
          A return needs an Owner or a Manager: ask one to give it.
        </p>
      ) : (
        <div className="card">
          <p className="counter-change">
            Refund <strong>${centsText(cents)}</strong>
          </p>
          <RegisterTenders
            legend="Paid back as"
            tenders={refund}
            dueCents={cents}
            creditAllowed={sale.customer !== null}
            cashAllowed={drawer.data != null}
            disabled={sending || copies === 0}
            onChange={(next) => {
              setRefundTouched(true);
              setRefund(next);
            }}
          />
          {problem && (
            <p className="text-error" role="alert">
              {problem}
            </p>
          )}
          {error && (
            <p className="text-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-large" disabled={!ready}>
            {sending ? 'Giving the return…' : `Give return of ${copies} ${copies === 1 ? 'copy' : 'copies'}`}
          </button>
        </div>
      )}
    </form>
  );
}
