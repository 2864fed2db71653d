import { finishNames, languageNames, messages, type PickLine } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';
import './order-screens.css';

const m = messages.orders;

/** A line's key: its order and what it takes, unique on a list. */
const keyOf = (line: PickLine, i: number) => `${line.order_number}|${i}`;

/** The list's lines in runs of one location, in the server's pick order. */
function byLocation(lines: readonly PickLine[]): { location: string; lines: { line: PickLine; at: number }[] }[] {
  const groups: { location: string; lines: { line: PickLine; at: number }[] }[] = [];
  lines.forEach((line, at) => {
    const last = groups.at(-1);
    if (last && last.location === line.location) last.lines.push({ line, at });
    else groups.push({ location: line.location, lines: [{ line, at }] });
  });
  return groups;
}

/**
 * The pick list (issue 41): the lines of every pending order (or of the orders in `?orders=`), grouped by where their
 * copies are kept and sorted as a picker walks the shop, each with its order's callout and a box to tick as it is
 * picked. Printed as it is shown (the browser's print dialog), or used on a tablet.
 */
export function PickListPage() {
  useTitle(m.pickListTitle);
  const [params] = useSearchParams();
  const named = (params.get('orders') ?? '').split(',').filter(Boolean);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const list = useQuery({
    queryKey: ['orders', 'pick-list', named.join(',')],
    queryFn: () => call('pickList', { body: named.length ? { order_numbers: named } : {} }),
    retry: false,
  });
  const lines = list.data?.lines ?? [];
  const orders = new Set(lines.map((l) => l.order_number)).size;
  const toggle = (key: string) =>
    setPicked((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section className="page pick-list-page">
      <PageHeader title={m.pickListTitle} />
      <div className="toolbar pick-list-toolbar">
        <p className="pick-list-summary" aria-live="polite">
          {list.data ? m.pickListSummary(lines.length, orders, picked.size) : null}
        </p>
        {named.length > 0 && (
          <Link to="/order-management/pick-list" className="btn">
            {m.pickListAll}
          </Link>
        )}
        <button type="button" className="btn btn-primary" disabled={!lines.length} onClick={() => window.print()}>
          {m.pickListPrint}
        </button>
      </div>
      {list.isPending ? (
        <p className="muted">{m.pickListLoading}</p>
      ) : list.isError ? (
        <p className="text-error" role="alert">
          {list.error.message}
        </p>
      ) : lines.length === 0 ? (
        <p className="muted">{m.pickListEmpty}</p>
      ) : (
        <div className="table-wrap">
          <table className="table pick-list">
            <thead>
              <tr>
                <th aria-label="Picked" />
                <th>Qty</th>
                <th>Card</th>
                <th>Set</th>
                <th>Number</th>
                <th>Finish · condition · language</th>
                <th>Order</th>
              </tr>
            </thead>
            {byLocation(lines).map((group) => (
              <tbody key={group.location || '-'}>
                <tr className="pick-list-location">
                  <th colSpan={7} scope="rowgroup">
                    {group.location || m.pickListNoLocation}
                  </th>
                </tr>
                {group.lines.map(({ line, at }) => {
                  const key = keyOf(line, at);
                  const done = picked.has(key);
                  return (
                    <tr key={key} className={done ? 'pick-list-picked' : undefined}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={m.pickListPicked(line.card_name)}
                          checked={done}
                          onChange={() => toggle(key)}
                        />
                      </td>
                      <td className="pick-list-quantity">{line.quantity}</td>
                      <td>{line.card_name}</td>
                      <td>{line.set_code}</td>
                      <td>{line.collector_number}</td>
                      <td>
                        {line.sealed
                          ? 'Sealed'
                          : `${finishNames[line.finish]} · ${line.quality}${line.language === 'en' ? '' : ` · ${languageNames[line.language]}`}`}
                      </td>
                      <td>
                        <strong>#{line.callout}</strong> <span className="muted mono">{line.order_number}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
