import { formatUsd, messages, roleAllows, type Customer } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { formatLocalTime } from '../../lib/format.ts';
import { AdjustCreditModal } from './AdjustCreditModal.tsx';
import { CustomerModal } from './CustomerModal.tsx';
import './customers.css';

const m = messages.customers.screen;

const signedUsd = (amount: number) => `${amount < 0 ? '−' : '+'}${formatUsd(Math.abs(amount))}`;
const statusText = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One customer: details (edit), store-credit balance and its ledger newest first, with Adjust credit for Owners
 * and Managers; then the buy orders and orders they made.
 */
export function CustomerPage() {
  const { customerId } = useParams();
  const id = Number(customerId);
  const signedIn = hasAuthToken();
  const role = userRole();
  const allowed = roleAllows(role, 'customers:view');
  const [dialog, setDialog] = useState<'edit' | 'adjust'>();
  const queries = useQueryClient();

  const customer = useQuery({
    queryKey: ['customer', id],
    queryFn: () => call('customersGet', { body: { customer_id: id } }),
    enabled: signedIn && allowed && Number.isInteger(id) && id > 0,
    retry: false,
  });
  useTitle(customer.data?.data.customer.name ?? m.title);

  const saved = (_c: Customer) => {
    setDialog(undefined);
    void queries.invalidateQueries({ queryKey: ['customer', id] });
    void queries.invalidateQueries({ queryKey: ['customers'] });
  };

  return (
    <section className="page customer-page">
      <header className="page-header">
        <h1>{customer.data?.data.customer.name ?? m.title}</h1>
        <Link to="/customers" className="btn">
          {m.back}
        </Link>
      </header>
      <QueryState
        query={customer}
        notAllowed={allowed ? undefined : m.notAllowed}
        notSignedIn={signedIn ? undefined : m.notSignedIn}
        loading={m.loading}
        failed={(error) => error.message || m.notFound}
      >
        {({ data }) => (
          <>
            <div className="customer-head">
              <dl className="facts">
                <dt>E-mail</dt>
                <dd>
                  {data.customer.email ? <a href={`mailto:${data.customer.email}`}>{data.customer.email}</a> : '—'}
                </dd>
                <dt>Phone</dt>
                <dd>{data.customer.phone || '—'}</dd>
                <dt>Notes</dt>
                <dd className="customer-notes">{data.customer.notes || '—'}</dd>
                {data.customer.tax_exempt && (
                  <>
                    <dt>Tax</dt>
                    <dd>{m.taxExemptShort}</dd>
                  </>
                )}
                <dt>Customer since</dt>
                <dd>
                  <time dateTime={data.customer.created_at}>{formatLocalTime(data.customer.created_at)}</time>
                </dd>
              </dl>
              <div className="customer-balance card">
                <span className="muted">{m.balance}</span>
                <strong data-testid="customer-balance">{formatUsd(data.customer.balance)}</strong>
                <div className="customer-actions">
                  {roleAllows(role, 'customers:edit') && (
                    <button type="button" className="btn" onClick={() => setDialog('edit')}>
                      {m.edit}
                    </button>
                  )}
                  {roleAllows(role, 'customers:adjust') && (
                    <button type="button" className="btn btn-primary" onClick={() => setDialog('adjust')}>
                      {m.adjust}
                    </button>
                  )}
                </div>
              </div>
            </div>

            <h2>{m.ledger}</h2>
            <div className="table-wrap">
              <table className="table" aria-label={m.ledger}>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">What</th>
                    <th scope="col">Reference or reason</th>
                    <th scope="col">By</th>
                    <th scope="col" className="numeric">
                      Amount
                    </th>
                    <th scope="col" className="numeric">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.ledger.length === 0 ? (
                    <TableMessageRow columns={6}>{m.ledgerEmpty}</TableMessageRow>
                  ) : (
                    data.ledger.map((e) => (
                      <tr key={e.id}>
                        <td className="nowrap">
                          <time dateTime={e.created_at}>{formatLocalTime(e.created_at)}</time>
                        </td>
                        <td>{m.kinds[e.kind]}</td>
                        <td>{e.reason || e.reference || '—'}</td>
                        <td>{e.actor}</td>
                        <td className={e.amount < 0 ? 'numeric text-error' : 'numeric'}>{signedUsd(e.amount)}</td>
                        <td className="numeric">{formatUsd(e.balance_after)}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>

            <div className="customer-history">
              <section>
                <h2>{m.orders}</h2>
                <div className="table-wrap">
                  <table className="table" aria-label={m.orders}>
                    <thead>
                      <tr>
                        <th scope="col">Order</th>
                        <th scope="col">Status</th>
                        <th scope="col" className="numeric">
                          Total
                        </th>
                        <th scope="col" className="numeric">
                          Store credit
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.orders.length === 0 ? (
                        <TableMessageRow columns={4}>{m.ordersEmpty}</TableMessageRow>
                      ) : (
                        data.orders.map((o) => (
                          <tr key={o.order_number}>
                            <td className="mono">{o.order_number}</td>
                            <td>{statusText(o.status)}</td>
                            <td className="numeric">{formatUsd(o.total)}</td>
                            <td className="numeric">{o.store_credit ? formatUsd(o.store_credit) : '—'}</td>
                          </tr>
                        ))
                      )}
                    </tbody>
                  </table>
                </div>
              </section>
              <section>
                <h2>{m.buyOrders}</h2>
                <div className="table-wrap">
                  <table className="table" aria-label={m.buyOrders}>
                    <thead>
                      <tr>
                        <th scope="col">Buy order</th>
                        <th scope="col">Status</th>
                        <th scope="col">Paid in</th>
                        <th scope="col" className="numeric">
                          Total
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.buy_orders.length === 0 ? (
                        <TableMessageRow columns={4}>{m.buyOrdersEmpty}</TableMessageRow>
                      ) : (
                        data.buy_orders.map((b) => (
                          <tr key={b.buy_number}>
                            <td className="mono">{b.buy_number}</td>
                            <td>{statusText(b.status)}</td>
                            <td>{b.payout === null ? '—' : b.payout === 'cash' ? 'Cash' : 'Store credit'}</td>
                            <td className="numeric">{formatUsd(b.total)}</td>
                          </tr>
                        ))
                      )}
                    </tbody>
                  </table>
                </div>
              </section>
            </div>
            {dialog === 'edit' && (
              <CustomerModal customer={data.customer} onClose={() => setDialog(undefined)} onSaved={saved} />
            )}
            {dialog === 'adjust' && (
              <AdjustCreditModal customer={data.customer} onClose={() => setDialog(undefined)} onSaved={saved} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
