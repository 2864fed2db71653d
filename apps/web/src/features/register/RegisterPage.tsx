import {
  centsUsd as usd,
  dollarsToCents,
  formatUsd,
  messages,
  type Customer,
  type DrawerReport,
  type RegisterSaleResponse,
} from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { CustomerSearch } from '../../components/CustomerSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, errorText, NetworkError } from '../../lib/api.ts';
import { hasAuthToken } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { CustomerModal } from '../customers/index.ts';
import { sellItems, type SellDraftLine } from '../buylist/index.ts';
import { addToCart, removeFromCart, type CartItem, type InventoryHit } from '../orders/index.ts';
import { DrawerBar, ZReport } from './RegisterDrawer.tsx';
import { SaleFigureList } from './SaleFigureList.tsx';
import { MailReceipt } from './MailReceipt.tsx';
import { RegisterFinder } from './RegisterFinder.tsx';
import { RegisterLines } from './RegisterLines.tsx';
import { RegisterTenders } from './RegisterTenders.tsx';
import { RegisterTradeIn, type Payout } from './RegisterTradeIn.tsx';
import { printReceipt } from './print-receipt.ts';
import {
  discountOf,
  figuresOf,
  saleBody,
  saleSignature,
  settlementOf,
  tenderProblemText,
  type DiscountDraft,
  type TenderDraft,
} from './sale.ts';
import './RegisterPage.css';
import { useRegisterSettings, useOpenDrawer } from './register-queries.ts';

/** Where completing the sale stands: being rung up, sent, waiting for the connection to come back, refused, done. */
type Completing =
  | { kind: 'ringing' }
  | { kind: 'sending' }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; sale: RegisterSaleResponse };

/** How long the Register waits before it asks again after the connection dropped mid-sale. */
const RETRY_MS = 4000;

/** The counter register (issue 44): staff ring up a sale, take its tenders and print its receipt. */
export function RegisterPage() {
  if (!hasAuthToken()) return <Navigate to="/login" replace />;
  return <RegisterScreen />;
}

function RegisterScreen() {
  useTitle('Register');
  const queries = useQueryClient();
  const settings = useRegisterSettings();
  const drawer = useOpenDrawer();
  const [zReport, setZReport] = useState<DrawerReport>();
  const [cart, setCart] = useState<CartItem[]>([]);
  const [customer, setCustomer] = useState<Customer>();
  const [creating, setCreating] = useState(false);
  const [discount, setDiscount] = useState<DiscountDraft>({ kind: 'percent', text: '' });
  const [tenders, setTenders] = useState<TenderDraft[]>([]);
  const [trade, setTrade] = useState<SellDraftLine[]>([]);
  const [payout, setPayout] = useState<Payout>('credit');
  // What the trade-in comes to at the shop's offer; undefined while it is being asked.
  const [tradeCents, setTradeCents] = useState<number | undefined>(0);
  const [completing, setCompleting] = useState<Completing>({ kind: 'ringing' });
  const [notice, setNotice] = useState<string>();
  // The Idempotency-Key of the sale being sent and the body it was made for: a retry of the same sale keeps it.
  const attempt = useRef<{ key: string; signature: string } | undefined>(undefined);
  const newSaleButton = useRef<HTMLButtonElement>(null);

  const discounted = discountOf(discount);
  const trading = trade.length > 0;
  const figures = settings.data
    ? figuresOf(
        cart,
        settings.data,
        customer,
        discounted.ok ? discounted.discount : undefined,
        trading ? { cents: tradeCents ?? 0, payout } : undefined,
      )
    : undefined;
  const settlement = figures && settlementOf(figures, tenders, customer);
  const busy = completing.kind === 'sending' || completing.kind === 'offline';
  // Trade-in credit beyond the sale goes on a customer's store credit: one must be attached.
  const creditWithoutCustomer = figures !== undefined && figures.credit_to_customer_cents > 0 && !customer;
  const ready =
    (cart.length > 0 || trading) &&
    settlement?.ok === true &&
    (!trading || tradeCents !== undefined) &&
    !creditWithoutCustomer;

  function add(hit: InventoryHit): boolean {
    const result = addToCart(cart, hit, 1);
    if (!result.ok) {
      setNotice(result.alert);
      return false;
    }
    setCart(result.cart);
    setNotice(`Added ${hit.name}.`);
    if (completing.kind === 'failed') setCompleting({ kind: 'ringing' });
    return true;
  }

  function reset() {
    setCart([]);
    setTrade([]);
    setPayout('credit');
    setCustomer(undefined);
    setDiscount({ kind: 'percent', text: '' });
    setTenders([]);
    setNotice(undefined);
    setCompleting({ kind: 'ringing' });
    attempt.current = undefined;
    document.getElementById('counter-scan-input')?.focus();
  }

  async function send() {
    if (!figures || !discounted.ok) return;
    const body = saleBody(cart, customer, discounted.discount, tenders, { items: sellItems(trade), payout });
    const signature = saleSignature(body);
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
    setCompleting({ kind: 'sending' });
    try {
      const sale = await call('registerSale', {
        body,
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      attempt.current = undefined;
      setCompleting({ kind: 'done', sale });
      // The drawer's expected cash moved with the sale.
      void queries.invalidateQueries({ queryKey: ['register', 'drawer'] });
      // The stock, the customer's credit and the day's figures moved.
      void queries.invalidateQueries({ queryKey: ['customers'] });
      void queries.invalidateQueries({ queryKey: ['customer'] });
    } catch (err) {
      // The sale may or may not have reached the server: the same key again answers it, never a second sale.
      if (err instanceof NetworkError) {
        setCompleting({ kind: 'offline' });
        return;
      }
      attempt.current = undefined;
      setCompleting({ kind: 'failed', message: errorText(err, messages.ordering.network, 'The sale failed.') });
    }
  }

  // While the connection is down the sale is asked again, with its key, until an answer comes.
  const offline = completing.kind === 'offline';
  const resend = useRef(send);
  useEffect(() => {
    resend.current = send;
  });
  useEffect(() => {
    if (!offline) return;
    const again = () => void resend.current();
    const timer = window.setTimeout(again, RETRY_MS);
    window.addEventListener('online', again);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [offline]);

  useEffect(() => {
    if (completing.kind !== 'done') return;
    window.scrollTo({ top: 0 });
    newSaleButton.current?.focus({ preventScroll: true });
  }, [completing.kind]);

  function complete(e: FormEvent) {
    e.preventDefault();
    if (busy || !ready) return;
    void send();
  }

  if (settings.isPending) return <p className="page muted">{messages.common.loading}</p>;
  if (settings.isError || !figures || !settlement)
    return (
      <section className="page">
        <PageHeader title="Register" />
        <p role="alert" className="text-error">
          {errorText(settings.error, messages.ordering.network, 'The register could not load the shop’s settings.')}
        </p>
      </section>
    );

  const drawerBar = (
    <DrawerBar
      drawer={drawer.isPending ? undefined : (drawer.data ?? null)}
      onOpened={(opened) => queries.setQueryData(['register', 'drawer'], opened)}
      onMoved={(moved) => queries.setQueryData(['register', 'drawer'], moved)}
      onClosed={(report) => {
        queries.setQueryData(['register', 'drawer'], null);
        setZReport(report);
      }}
    />
  );

  if (zReport)
    return (
      <section className="page counter-page">
        <PageHeader title="Register" />
        <ZReport report={zReport} onDone={() => setZReport(undefined)} />
      </section>
    );

  if (completing.kind === 'done') {
    const { sale } = completing;
    return (
      <section className="page counter-page">
        <PageHeader title="Register" />
        <div className="card counter-done" role="status">
          <p className="eyebrow">Sale {sale.sale_number} complete</p>
          {sale.change_due > 0 ? (
            <p className="counter-change">
              Change due <strong>{formatUsd(sale.change_due)}</strong>
            </p>
          ) : (
            <p className="counter-change">
              Paid <strong>{formatUsd(sale.paid)}</strong>
            </p>
          )}
          <dl className="counter-done-figures">
            <dt>Total</dt>
            <dd>{formatUsd(sale.total)}</dd>
            {sale.trade_in_total > 0 && (
              <>
                <dt>Trade-in</dt>
                <dd>{formatUsd(sale.trade_in_total)}</dd>
              </>
            )}
            <dt>Paid</dt>
            <dd>{formatUsd(sale.paid)}</dd>
          </dl>
          {sale.trade_in_cash_out > 0 && (
            <p className="counter-change">
              Pay the customer for their cards <strong>{formatUsd(sale.trade_in_cash_out)}</strong>
            </p>
          )}
          {sale.credit_to_customer > 0 && (
            <p>{formatUsd(sale.credit_to_customer)} of trade-in credit went on the customer’s store credit.</p>
          )}
          <div className="counter-done-actions">
            <button type="button" className="btn" onClick={() => printReceipt(sale.receipt_url)}>
              Print receipt
            </button>
            <a className="btn btn-ghost" href={sale.receipt_url} target="_blank" rel="noreferrer">
              Open receipt
            </a>
            <button ref={newSaleButton} type="button" className="btn btn-primary" onClick={reset}>
              New sale
            </button>
          </div>
          <MailReceipt saleNumber={sale.sale_number} email={customer?.email ?? ''} />
        </div>
      </section>
    );
  }

  const problem = settlement.ok
    ? undefined
    : settlement.problem === 'not_amount'
      ? 'Each tender is an amount in dollars, with at most 2 decimals.'
      : tenderProblemText(
          settlement.problem,
          figures.due_cents,
          settlement.paid_cents,
          dollarsToCents(customer?.balance ?? 0),
        );

  return (
    <section className="page counter-page">
      <PageHeader title="Register" />
      <nav className="counter-links" aria-label="Register">
        <Link to="/counter/orders">Ring up an order</Link>
        <Link to="/counter/sales">Sales and returns</Link>
      </nav>
      {drawerBar}
      <div className="counter-layout">
        <div className="counter-main">
          <RegisterFinder onAdd={add} disabled={busy} />
          <p className="counter-notice muted" role="status" aria-live="polite">
            {notice}
          </p>
        </div>
        <form className="counter-sale" aria-label="Sale" onSubmit={complete}>
          <div className="card counter-sale-part">
            <h2>Sale</h2>
            <RegisterLines
              cart={cart}
              figures={figures}
              disabled={busy}
              onRemove={(key) => setCart((now) => removeFromCart(now, key))}
              onChange={setCart}
            />
            <fieldset className="counter-customer" disabled={busy}>
              <legend>Customer</legend>
              {customer ? (
                <div className="counter-customer-picked">
                  <span>
                    <strong>{customer.name}</strong>{' '}
                    <span className="muted">
                      Store credit {formatUsd(customer.balance)}
                      {customer.tax_exempt ? ' · tax exempt' : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => {
                      setCustomer(undefined);
                      setTenders((now) => now.filter((t) => t.kind !== 'store_credit'));
                    }}
                  >
                    Remove customer
                  </button>
                </div>
              ) : (
                <div className="counter-customer-find">
                  <CustomerSearch label="Find a customer" onPick={setCustomer} />
                  <button type="button" className="btn btn-small" onClick={() => setCreating(true)}>
                    New customer
                  </button>
                </div>
              )}
            </fieldset>
            <fieldset className="counter-discount" disabled={busy}>
              <legend>Discount</legend>
              <div className="counter-discount-row">
                <select
                  aria-label="Discount kind"
                  value={discount.kind}
                  onChange={(e) => setDiscount({ ...discount, kind: e.target.value as DiscountDraft['kind'] })}
                >
                  <option value="percent">%</option>
                  <option value="amount">$</option>
                </select>
                <input
                  aria-label="Discount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="None"
                  value={discount.text}
                  onChange={(e) => setDiscount({ ...discount, text: e.target.value })}
                />
              </div>
              {!discounted.ok && <p className="text-error">{discounted.error}</p>}
            </fieldset>
            <RegisterTradeIn
              lines={trade}
              payout={payout}
              disabled={busy}
              onLines={setTrade}
              onPayout={setPayout}
              onTotal={setTradeCents}
            />
          </div>
          <div className="card counter-sale-part">
            <h2>Payment</h2>
            <SaleFigureList
              figures={figures}
              taxIncluded={settings.data.prices_include_tax}
              taxRatePercent={settings.data.tax_rate_percent}
            >
              <dt className={trading ? undefined : 'counter-total'}>Total</dt>
              <dd className={trading ? undefined : 'counter-total'}>{usd(figures.total_cents)}</dd>
              {trading && payout === 'credit' && (
                <>
                  <dt>Trade-in (store credit)</dt>
                  <dd>−{usd(figures.trade_in_cents)}</dd>
                  <dt className="counter-total">Due</dt>
                  <dd className="counter-total">{usd(figures.due_cents)}</dd>
                </>
              )}
              {trading && payout === 'cash' && (
                <>
                  <dt>Trade-in paid in cash</dt>
                  <dd>{usd(figures.cash_out_cents)}</dd>
                </>
              )}
            </SaleFigureList>
            <RegisterTenders
              tenders={tenders}
              dueCents={figures.due_cents}
              creditAllowed={customer !== undefined}
              cashAllowed={Boolean(drawer.data)}
              disabled={busy}
              onChange={setTenders}
            />
            {settlement.ok && settlement.settled.change_cents > 0 && (
              <p className="counter-change" aria-live="polite">
                Change due <strong>{usd(settlement.settled.change_cents)}</strong>
              </p>
            )}
            {cart.length > 0 && tenders.length > 0 && problem && <p className="muted">{problem}</p>}
            {creditWithoutCustomer && (
              <p className="text-error">
                The trade-in is worth {usd(figures.credit_to_customer_cents)} more than the sale: attach the customer
                whose store credit it goes on.
              </p>
            )}
            {completing.kind === 'failed' && (
              <p role="alert" className="text-error">
                {completing.message}
              </p>
            )}
            {offline && (
              <p role="alert" className="text-error">
                The connection dropped before the sale was confirmed. Retrying with the same sale, so it is never
                recorded twice…
              </p>
            )}
            <button type="submit" className="btn btn-primary counter-complete" disabled={busy || !ready}>
              {busy ? 'Completing…' : `Complete sale ${usd(figures.due_cents)}`}
            </button>
            {(cart.length > 0 || trading) && !busy && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  if (window.confirm('Clear this sale? Its lines, customer, discount and tenders are dropped.'))
                    reset();
                }}
              >
                Clear sale
              </button>
            )}
          </div>
        </form>
      </div>
      {creating && (
        <CustomerModal
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            setCustomer(saved);
          }}
        />
      )}
    </section>
  );
}
