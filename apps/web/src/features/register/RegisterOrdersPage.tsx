import {
  centsUsd as usd,
  centsToDollars,
  dollarsToCents,
  formatUsd,
  messages,
  type RegisterSaleResponse,
  type RegisterSettings,
} from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, errorText } from '../../lib/api.ts';
import { formatMinute } from '../../lib/format.ts';
import { hasAuthToken } from '../../lib/session.ts';
import { useShopEvents } from '../../lib/use-shop-events.ts';
import { useTitle } from '../../lib/use-title.ts';
import { MailReceipt } from './MailReceipt.tsx';
import { RegisterTenders } from './RegisterTenders.tsx';
import { SaleFigureList } from './SaleFigureList.tsx';
import { orderFigures, orderSaleBody, orderSettlement, type OpenOrder } from './order-sale.ts';
import { printReceipt } from './print-receipt.ts';
import { discountOf, tenderProblemText, type TenderDraft } from './sale.ts';
import './RegisterPage.css';
import { useRegisterSettings, useOpenDrawer } from './register-queries.ts';

/** An order waiting to be paid for at the counter: pending, or an online reservation ready for pickup. */
type Waiting = OpenOrder & { callout: string; source: string; timestamp: string; customer_name?: string | null };

/** Orders placed on the tablets, from a PC or online, rung up when their customer pays at the counter (issue 44). */
export function RegisterOrdersPage() {
  if (!hasAuthToken()) return <Navigate to="/login" replace />;
  return <RegisterOrders />;
}

function RegisterOrders() {
  useTitle('Ring up an order');
  const [chosen, setChosen] = useState<Waiting>();
  const waiting = useQuery({
    queryKey: ['register', 'orders'],
    queryFn: async (): Promise<Waiting[]> => {
      const [pending, history] = await Promise.all([call('pendingOrders'), call('orderHistory')]);
      const ready = history.data.orders.filter((o) => o.status === 'confirmed' && o.source_kind === 'online');
      return [...pending.data.orders, ...ready];
    },
    retry: false,
  });
  // An order placed or decided anywhere shows at once (issue 41); there is no polling here to fall back on.
  const queries = useQueryClient();
  useShopEvents(['order.placed', 'order.decided', 'order.expired'], () => {
    if (!chosen) void queries.invalidateQueries({ queryKey: ['register', 'orders'] });
  });

  return (
    <section className="page counter-page">
      <PageHeader title="Ring up an order" />
      <p>
        <Link to="/counter">← Back to the Register</Link>
      </p>
      {chosen ? (
        <OrderRingUp order={chosen} onBack={() => setChosen(undefined)} />
      ) : waiting.isPending ? (
        <p className="muted">{messages.common.loading}</p>
      ) : waiting.isError ? (
        <p role="alert" className="text-error">
          {errorText(waiting.error, messages.ordering.network, 'The orders could not be loaded.')}
        </p>
      ) : waiting.data.length === 0 ? (
        <p className="muted">No orders are waiting: tablet orders and reservations ready for pickup show here.</p>
      ) : (
        <div className="table-wrap">
          <table className="table" aria-label="Orders waiting">
            <thead>
              <tr>
                <th scope="col">Callout</th>
                <th scope="col">Placed</th>
                <th scope="col">By</th>
                <th scope="col" className="counter-num">
                  Copies
                </th>
                <th scope="col" className="counter-num">
                  Total
                </th>
                <th scope="col">
                  <span className="visually-hidden">Ring up</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {waiting.data.map((order) => (
                <tr key={order.order_number}>
                  <td>
                    <strong>{order.callout}</strong> <small className="muted">{order.order_number}</small>
                  </td>
                  <td>{formatMinute(order.timestamp, { locale: 'en-US' })}</td>
                  <td>{order.customer_name ?? order.source}</td>
                  <td className="counter-num">{order.items.reduce((n, i) => n + i.quantity, 0)}</td>
                  <td className="counter-num">
                    {formatUsd(centsToDollars(order.items.reduce((n, i) => n + dollarsToCents(i.item_total), 0)))}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      aria-label={`Ring up order ${order.callout}`}
                      onClick={() => setChosen(order)}
                    >
                      Ring up
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One order at the counter: its lines, a discount, the tax and the tenders; then its receipt. */
function OrderRingUp({ order, onBack }: { order: Waiting; onBack: () => void }) {
  const queries = useQueryClient();
  const settings = useRegisterSettings();
  const drawer = useOpenDrawer();
  const customer = useQuery({
    queryKey: ['customer', order.customer_id],
    queryFn: async () => (await call('customersGet', { body: { customer_id: order.customer_id! } })).data.customer,
    enabled: order.customer_id !== null,
    retry: false,
  });
  const [discountText, setDiscountText] = useState('');
  const [tenders, setTenders] = useState<TenderDraft[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<RegisterSaleResponse>();

  if (settings.isPending) return <p className="muted">{messages.common.loading}</p>;
  if (settings.isError)
    return (
      <p role="alert" className="text-error">
        {errorText(settings.error, messages.ordering.network, 'The register could not load the shop’s settings.')}
      </p>
    );
  if (done)
    return (
      <div className="card counter-done" role="status">
        <p className="eyebrow">Order {order.callout} rung up</p>
        <p className="counter-change">
          {done.change_due > 0 ? 'Change due ' : 'Paid '}
          <strong>{formatUsd(done.change_due > 0 ? done.change_due : done.paid)}</strong>
        </p>
        <div className="counter-done-actions">
          <button type="button" className="btn" onClick={() => printReceipt(done.receipt_url)}>
            Print receipt
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              void queries.invalidateQueries({ queryKey: ['register'] });
              onBack();
            }}
          >
            Next order
          </button>
        </div>
        <MailReceipt saleNumber={done.sale_number} email={customer.data?.email ?? ''} />
      </div>
    );
  return (
    <OrderForm
      order={order}
      settings={settings.data}
      taxExempt={customer.data?.tax_exempt ?? false}
      balanceCents={customer.data ? dollarsToCents(customer.data.balance) : null}
      drawerOpen={drawer.data != null}
      discountText={discountText}
      onDiscount={setDiscountText}
      tenders={tenders}
      onTenders={setTenders}
      sending={sending}
      error={error}
      onBack={onBack}
      onSubmit={(body) => {
        setSending(true);
        setError(undefined);
        call('registerOrderSale', { body })
          .then(setDone, (err: unknown) =>
            setError(errorText(err, messages.ordering.network, 'The order could not be rung up.')),
          )
          .finally(() => setSending(false));
      }}
    />
  );
}

interface OrderFormProps {
  order: Waiting;
  settings: RegisterSettings;
  taxExempt: boolean;
  balanceCents: number | null;
  drawerOpen: boolean;
  discountText: string;
  onDiscount: (text: string) => void;
  tenders: TenderDraft[];
  onTenders: (tenders: TenderDraft[]) => void;
  sending: boolean;
  error: string | undefined;
  onBack: () => void;
  onSubmit: (body: ReturnType<typeof orderSaleBody>) => void;
}

function OrderForm(props: OrderFormProps) {
  const { order, settings, tenders, sending } = props;
  const discounted = discountOf({ kind: 'percent', text: props.discountText });
  const figures = orderFigures(order, settings, props.taxExempt, discounted.ok ? discounted.discount : undefined);
  const settlement = orderSettlement(figures.left_cents, tenders, props.balanceCents);
  const problem = !discounted.ok
    ? discounted.error
    : settlement.ok
      ? undefined
      : settlement.problem === 'not_amount'
        ? 'Each tender is an amount in dollars, with at most 2 decimals.'
        : tenderProblemText(settlement.problem, figures.left_cents, settlement.paid_cents, props.balanceCents ?? 0);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (sending || problem || !discounted.ok) return;
    props.onSubmit(orderSaleBody(order, discounted.discount, tenders));
  }

  return (
    <form className="counter-return" aria-label={`Order ${order.callout}`} onSubmit={submit}>
      <div className="card">
        <h2>
          Order {order.callout} <small className="muted">{order.order_number}</small>
        </h2>
        <ul className="counter-order-lines" aria-label="Order lines">
          {order.items.map((item, i) => (
            <li key={i}>
              <span>
                {item.quantity} × {item.card_name} <small className="muted">{item.set_code.toUpperCase()}</small>
              </span>
              <span className="counter-num">{formatUsd(item.item_total)}</span>
            </li>
          ))}
        </ul>
        <label className="counter-order-discount">
          <span>Discount (%)</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            value={props.discountText}
            onChange={(e) => props.onDiscount(e.target.value)}
          />
        </label>
        <SaleFigureList
          figures={figures}
          taxIncluded={settings.prices_include_tax}
          taxRatePercent={settings.tax_rate_percent}
        >
          <dt>Total</dt>
          <dd>{usd(figures.total_cents)}</dd>
          {figures.prepaid_cents > 0 && (
            <>
              <dt>Paid with the order (store credit)</dt>
              <dd>−{usd(figures.prepaid_cents)}</dd>
            </>
          )}
          <dt className="counter-total">Due</dt>
          <dd className="counter-total">{usd(figures.left_cents)}</dd>
        </SaleFigureList>
      </div>
      <div className="card">
        <RegisterTenders
          tenders={tenders}
          dueCents={figures.left_cents}
          creditAllowed={props.balanceCents !== null}
          cashAllowed={props.drawerOpen}
          disabled={sending}
          onChange={props.onTenders}
        />
        {settlement.ok && settlement.settled.change_cents > 0 && (
          <p className="counter-change">
            Change due <strong>{usd(settlement.settled.change_cents)}</strong>
          </p>
        )}
        {problem && tenders.length > 0 && (
          <p className="text-error" role="alert">
            {problem}
          </p>
        )}
        {props.error && (
          <p className="text-error" role="alert">
            {props.error}
          </p>
        )}
        <div className="counter-done-actions">
          <button type="button" className="btn btn-ghost" onClick={props.onBack}>
            Back to the orders
          </button>
          <button type="submit" className="btn btn-primary btn-large" disabled={sending || problem !== undefined}>
            {sending ? 'Ringing up…' : `Complete sale ${usd(figures.left_cents)}`}
          </button>
        </div>
      </div>
    </form>
  );
}
