import { formatUsd, messages } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, errorText } from '../../lib/api.ts';
import { hasAuthToken } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import './RegisterPage.css';
import { formatMinute } from '../../lib/format.ts';

const when = (iso: string) => formatMinute(iso, { locale: 'en-US' });

/** The Register's sales (issue 44): the latest ones, or one by the number on its receipt, to open for a return. */
export function RegisterSalesPage() {
  if (!hasAuthToken()) return <Navigate to="/login" replace />;
  return <RegisterSales />;
}

function RegisterSales() {
  useTitle('Sales and returns');
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const sales = useQuery({
    queryKey: ['register', 'sales'],
    queryFn: async () => (await call('registerSales')).sales,
    retry: false,
  });

  function find(e: FormEvent) {
    e.preventDefault();
    const wanted = number.trim();
    if (wanted) void navigate(`/counter/sales/${encodeURIComponent(wanted)}`);
  }

  return (
    <section className="page counter-page">
      <PageHeader title="Sales and returns" />
      <p>
        <Link to="/counter">← Back to the Register</Link>
      </p>
      <form className="card counter-sale-find" onSubmit={find} aria-label="Find a sale">
        <label>
          <span>Sale number (on the receipt)</span>
          <input
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            autoComplete="off"
            autoFocus
            maxLength={40}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!number.trim()}>
          Open sale
        </button>
      </form>
      <h2>Latest sales</h2>
      {sales.isPending ? (
        <p className="muted">{messages.common.loading}</p>
      ) : sales.isError ? (
        <p role="alert" className="text-error">
          {errorText(sales.error, messages.ordering.network, 'The sales could not be loaded.')}
        </p>
      ) : sales.data.length === 0 ? (
        <p className="muted">No sales rung up at the register yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table counter-sales">
            <thead>
              <tr>
                <th scope="col">Sale</th>
                <th scope="col">When</th>
                <th scope="col">Customer</th>
                <th scope="col">By</th>
                <th scope="col" className="counter-num">
                  Copies
                </th>
                <th scope="col" className="counter-num">
                  Total
                </th>
                <th scope="col">Returns</th>
              </tr>
            </thead>
            <tbody>
              {sales.data.map((sale) => (
                <tr key={sale.sale_number}>
                  <td>
                    <Link to={`/counter/sales/${encodeURIComponent(sale.sale_number)}`}>{sale.sale_number}</Link>
                  </td>
                  <td>{when(sale.created_at)}</td>
                  <td>{sale.customer_name ?? <span className="muted">—</span>}</td>
                  <td>{sale.created_by}</td>
                  <td className="counter-num">{sale.copies}</td>
                  <td className="counter-num">{formatUsd(sale.total)}</td>
                  <td>{sale.returns > 0 ? `${sale.returns}` : <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
