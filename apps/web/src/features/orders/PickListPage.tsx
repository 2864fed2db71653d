import { finishNames, languageNames, messages, type PickLine } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api.ts';
import { useShopEvents } from '../../lib/use-shop-events.ts';
import { useTitle } from '../../lib/use-title.ts';
import './order-screens.css';

const m = messages.orders;

/** A line's key: its order and its place in it, unique on a list. */
const keyOf = (line: PickLine) => `${line.order_number}|${line.line}`;

/** The list's lines in runs of one location, in the server's pick order. */
function byLocation(lines: readonly PickLine[]): { location: string; lines: PickLine[] }[] {
  const groups: { location: string; lines: PickLine[] }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.location === line.location) last.lines.push(line);
    else groups.push({ location: line.location, lines: [line] });
  }
  return groups;
}

/**
 * The pick list (issue 41): the lines of every pending order (or of the orders in `?orders=`), grouped by where their
 * copies are kept and sorted as a picker walks the shop, each with its order's callout and a box to tick as it is
 * picked. A tick is kept on the order (the order's progress on Order Management, the same list on another tablet,
 * which hears it at once); it shows as soon as it is made and goes back, with a message, if it could not be saved.
 * Printed as it is shown (the browser's print dialog), or used on a tablet.
 */
export function PickListPage() {
  useTitle(m.pickListTitle);
  const [params] = useSearchParams();
  const named = (params.get('orders') ?? '').split(',').filter(Boolean);
  const queryClient = useQueryClient();
  // Ticks made here and not yet read back from the server: what the boxes show meanwhile.
  const [ticking, setTicking] = useState<ReadonlyMap<string, boolean>>(new Map());
  const queryKey = ['orders', 'pick-list', named.join(',')];
  const list = useQuery({
    queryKey,
    queryFn: () => call('pickList', { body: named.length ? { order_numbers: named } : {} }),
    retry: false,
  });
  // Ticked on another tablet, or an order placed or decided: the list is read again.
  useShopEvents(
    ['order.placed', 'order.decided', 'order.expired', 'order.picked'],
    () => void queryClient.invalidateQueries({ queryKey }),
  );
  const lines = list.data?.lines ?? [];
  const orders = new Set(lines.map((l) => l.order_number)).size;
  const isPicked = (line: PickLine) => ticking.get(keyOf(line)) ?? line.picked;
  const pickedCount = lines.filter(isPicked).length;
  const settle = (key: string) =>
    setTicking((was) => {
      const next = new Map(was);
      next.delete(key);
      return next;
    });
  async function toggle(line: PickLine) {
    const key = keyOf(line);
    const picked = !isPicked(line);
    setTicking((was) => new Map(was).set(key, picked));
    try {
      await call('pickMark', { body: { order_number: line.order_number, line: line.line, picked } });
      await queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.pickListMarkFailed);
      await queryClient.invalidateQueries({ queryKey });
    } finally {
      settle(key);
    }
  }

  return (
    <section className="page pick-list-page">
      <PageHeader title={m.pickListTitle} />
      <div className="toolbar pick-list-toolbar">
        <p className="pick-list-summary" aria-live="polite">
          {list.data ? m.pickListSummary(lines.length, orders, pickedCount) : null}
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
                {group.lines.map((line) => {
                  const key = keyOf(line);
                  const done = isPicked(line);
                  return (
                    <tr key={key} className={done ? 'pick-list-picked' : undefined}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={m.pickListPicked(line.card_name)}
                          checked={done}
                          onChange={() => void toggle(line)}
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
