import { activityKinds, messages, roleAllows, type ActivityKind } from '@cardstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useAddressParams } from '../../lib/use-address-params.ts';
import { useTitle } from '../../lib/use-title.ts';
import { describeActivity } from './activity-text.ts';
import { ZeroedRows } from './ZeroedRows.tsx';

const m = messages.activity;

const kindNames: Record<ActivityKind, string> = {
  inventory: 'Inventory',
  sealed: 'Sealed stock',
  order: 'Orders',
  team: 'Team',
  settings: 'Settings',
  device: 'Devices',
  billing: 'Subscription',
  customer: 'Customers',
  buylist: 'Buying',
};

/** The start of a local calendar day as an instant, `days` later; undefined for no day. */
function startOf(day: string, days = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const at = new Date(`${day}T00:00:00`);
  at.setDate(at.getDate() + days);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Activity: the shop's audit log for Owners and Managers, newest first, 50 a page, filtered by person, kind
 * and local dates. The filters live in the address (?actor=&kind=&from=&to=&page=): a view can be shared as a
 * link, and Back walks them.
 */
export function ActivityPage() {
  useTitle(m.title);
  const signedIn = hasAuthToken();
  const allowed = roleAllows(userRole(), 'activity:view');
  const [params, setParams] = useAddressParams();
  const actor = params.get('actor') ?? '';
  const kind = (activityKinds as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as ActivityKind)
    : undefined;
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const from = startOf(fromDay);
  const to = startOf(toDay, 1);
  const backwards = from !== undefined && to !== undefined && from >= to;

  const activity = useQuery({
    queryKey: ['activity', actor, kind, from, to, page],
    queryFn: () =>
      call('shopActivity', {
        body: {
          page,
          ...(actor ? { actor } : {}),
          ...(kind ? { kind } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        },
      }),
    enabled: signedIn && allowed && !backwards,
    placeholderData: keepPreviousData,
    retry: false,
  });

  /** Sets one filter (empty: none) and goes back to the first page. */
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  return (
    <section className="page activity-page">
      <PageHeader title={m.title} />
      <p className="muted">{m.intro}</p>
      <QueryState
        query={activity}
        notAllowed={allowed ? undefined : m.notAllowed}
        notSignedIn={signedIn ? undefined : m.notSignedIn}
        loading={m.loading}
        failed={(error) => error.message || m.failed}
      >
        {(data) => (
          <>
            <form className="toolbar activity-filters" onSubmit={(e) => e.preventDefault()}>
              <label>
                {m.person}
                <select aria-label={m.person} value={actor} onChange={(e) => set('actor', e.target.value)}>
                  <option value="">{m.everyone}</option>
                  {data.actors.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {m.kind}
                <select aria-label={m.kind} value={kind ?? ''} onChange={(e) => set('kind', e.target.value)}>
                  <option value="">{m.allKinds}</option>
                  {activityKinds.map((k) => (
                    <option key={k} value={k}>
                      {kindNames[k]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {m.from}
                <input
                  type="date"
                  value={fromDay}
                  max={toDay || undefined}
                  onChange={(e) => set('from', e.target.value)}
                />
              </label>
              <label>
                {m.to}
                <input
                  type="date"
                  value={toDay}
                  min={fromDay || undefined}
                  onChange={(e) => set('to', e.target.value)}
                />
              </label>
              {(actor || kind || fromDay || toDay) && (
                <button type="button" className="btn" onClick={() => setParams(() => new URLSearchParams())}>
                  {m.clear}
                </button>
              )}
            </form>
            {backwards && (
              <p role="alert" className="text-error">
                {m.datesBackwards}
              </p>
            )}
            <p className="muted" aria-live="polite">
              {m.count(data.total)}
            </p>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th>When</th>
                    <th>Who</th>
                    <th>What</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.length === 0 ? (
                    <TableMessageRow columns={3}>{m.empty}</TableMessageRow>
                  ) : (
                    data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className="nowrap">
                          <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                        </td>
                        <td>{entry.actor}</td>
                        <td>
                          {describeActivity(entry)}
                          <ZeroedRows entry={entry} />
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            {data.pages > 1 && (
              <Pagination page={page} totalPages={data.pages} onChange={(p) => set('page', String(p))} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
