import { formatUsd, messages, roleAllows } from '@cardstock/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { CustomerModal } from './CustomerModal.tsx';
import './customers.css';

const m = messages.customers.screen;

/**
 * Customers: the shop's customers by name, 50 a page, searched by name, e-mail or phone, each with their store
 * credit; a row opens the customer's page. The search and the page live in the address (?q=&page=).
 */
export function CustomersPage() {
  useTitle(m.title);
  const signedIn = hasAuthToken();
  const role = userRole();
  const allowed = roleAllows(role, 'customers:view');
  const canEdit = roleAllows(role, 'customers:edit');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [text, setText] = useState(q);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const queries = useQueryClient();

  const customers = useQuery({
    queryKey: ['customers', q, page],
    queryFn: () => call('customersSearch', { body: { q, page } }),
    enabled: signedIn && allowed,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const search = (next: string, nextPage = 1) =>
    setParams(() => {
      const p = new URLSearchParams();
      if (next.trim()) p.set('q', next.trim());
      if (nextPage > 1) p.set('page', String(nextPage));
      return p;
    });

  return (
    <section className="page customers-page">
      <PageHeader title={m.title} />
      <p className="muted">{m.intro}</p>
      <div className="toolbar customers-toolbar">
        <form
          role="search"
          className="customers-search"
          onSubmit={(e) => {
            e.preventDefault();
            search(text);
          }}
        >
          <input
            type="search"
            aria-label={m.search}
            placeholder={m.searchHint}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '') search('');
            }}
          />
          <button type="submit" className="btn">
            Search
          </button>
        </form>
        {canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {m.add}
          </button>
        )}
      </div>
      <QueryState
        query={customers}
        notAllowed={allowed ? undefined : m.notAllowed}
        notSignedIn={signedIn ? undefined : m.notSignedIn}
        loading={m.loading}
        failed={(error) => error.message || m.failed}
      >
        {({ data }) => (
          <>
            <p className="muted" aria-live="polite">
              {m.count(data.total)}
            </p>
            <div className="table-wrap">
              <table className="table customers-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Phone</th>
                    <th scope="col" className="numeric">
                      {m.balance}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.customers.length === 0 ? (
                    <TableMessageRow columns={4}>{q ? m.noMatch(q) : m.empty}</TableMessageRow>
                  ) : (
                    data.customers.map((c) => (
                      <tr key={c.id}>
                        <td>
                          <Link to={`/customers/${c.id}`}>{c.name}</Link>
                        </td>
                        <td>{c.email || '—'}</td>
                        <td>{c.phone || '—'}</td>
                        <td className="numeric">{formatUsd(c.balance)}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            {data.total_pages > 1 && (
              <Pagination page={page} totalPages={data.total_pages} onChange={(p) => search(q, p)} />
            )}
          </>
        )}
      </QueryState>
      {adding && (
        <CustomerModal
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            void queries.invalidateQueries({ queryKey: ['customers'] });
            void navigate(`/customers/${saved.id}`);
          }}
        />
      )}
    </section>
  );
}
