import { channelMessages, channelNames, roleAllows, type Channel } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormMessage } from '../../components/FormMessage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { ReconcileReport } from './ReconcileReport.tsx';
import './channels.css';

const m = channelMessages.screen;

/**
 * Marketplace Channels (issue 42): each marketplace the shop can sell through, connected or not, and its settings:
 * the API token, the price rule, the copies kept back for the counter, on or paused. Owner and Managers only; anyone
 * else sees why, and the screen makes no calls for them.
 */
export function ChannelsPage() {
  useTitle(m.title);
  const signedIn = hasAuthToken();
  const canManage = roleAllows(userRole(), 'channels');
  const channels = useQuery({
    queryKey: ['channels'],
    queryFn: () => call('channels', {}, m.loadFailed),
    enabled: signedIn && canManage,
    retry: false,
  });
  return (
    <section className="page channels-page">
      <PageHeader title={m.title} />
      <QueryState
        query={channels}
        notAllowed={canManage ? undefined : m.notAllowed}
        notSignedIn={signedIn ? undefined : m.notAuthenticated}
        loading={m.loading}
        failed={(err) => errorText(err, m.loadFailed)}
      >
        {(data) => (
          <div className="channels-list">
            {data.channels.map((channel) => (
              <ChannelCard key={channel.channel} channel={channel} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** What a channel's form holds: numbers as typed, so a half-typed one is not lost. */
interface ChannelForm {
  apiToken: string;
  enabled: boolean;
  pricePercent: string;
  currencyRate: string;
  keep: string;
}

const formOf = (channel: Channel): ChannelForm => ({
  apiToken: '',
  enabled: channel.enabled,
  pricePercent: String(channel.price_percent),
  currencyRate: String(channel.currency_rate),
  keep: String(channel.keep),
});

/** A typed number as the wire takes it; text that is no number is sent as it is, for the server to name the field. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function ChannelCard({ channel }: { channel: Channel }) {
  const name = channelNames[channel.channel];
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(channel));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [running, setRunning] = useState<'channelSync' | 'channelReconcile'>();
  const update = (change: Partial<ChannelForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setProblem(undefined);
  };

  /** The channel as the server now has it, on this card and in the screen's query. */
  function show(saved: Channel) {
    queryClient.setQueryData(['channels'], (old: { channels: Channel[] } | undefined) =>
      old ? { channels: old.channels.map((c) => (c.channel === saved.channel ? saved : c)) } : old,
    );
  }

  /**
   * Sync now, or Check against the marketplace: the channel as the server answers it and its message; on a failure
   * why, and the channel read again (a refused token pauses it).
   */
  async function run(route: 'channelSync' | 'channelReconcile', failed: string) {
    setRunning(route);
    setProblem(undefined);
    try {
      const answer = await call(route, { body: { channel: channel.channel } }, failed);
      show(answer.channel);
      toast.success(answer.message);
    } catch (err) {
      setProblem(errorText(err, failed));
      void queryClient.invalidateQueries({ queryKey: ['channels'] });
    } finally {
      setRunning(undefined);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await call(
        'channelCardTrader',
        {
          body: {
            ...(form.apiToken.trim() ? { api_token: form.apiToken } : {}),
            enabled: form.enabled,
            price_percent: numberOf(form.pricePercent),
            currency_rate: numberOf(form.currencyRate),
            keep: numberOf(form.keep),
          },
        },
        m.saveFailed,
      );
      show(saved);
      setForm(formOf(saved));
      toast.success(m.saved(name));
    } catch (err) {
      setProblem(errorText(err, m.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  const id = `channel-${channel.channel}`;
  return (
    <section className="card channel-card" aria-labelledby={`${id}-title`}>
      <header className="channel-head">
        <h2 id={`${id}-title`}>{name}</h2>
        <span className={channel.connected ? 'badge badge-success' : 'badge'}>
          {channel.connected && channel.account ? m.connectedAs(channel.account) : m.notConnected}
        </span>
        {channel.connected && (
          <span className={channel.enabled ? 'badge badge-success' : 'badge'}>{channel.enabled ? 'On' : 'Paused'}</span>
        )}
        {channel.connected && channel.enabled && (
          <div className="channel-buttons">
            <button
              type="button"
              className="btn channel-sync"
              disabled={running !== undefined}
              onClick={() => void run('channelSync', m.syncFailed)}
            >
              {running === 'channelSync' ? 'Syncing…' : 'Sync now'}
            </button>
            <button
              type="button"
              className="btn"
              disabled={running !== undefined}
              onClick={() => void run('channelReconcile', m.reconcileFailed)}
            >
              {running === 'channelReconcile' ? m.reconcileRunning : m.reconcileButton(name)}
            </button>
          </div>
        )}
      </header>
      {channel.problems.map((text) => (
        <p key={text} role="alert" className="text-error">
          {text}
        </p>
      ))}
      <dl className="fact-tiles channel-facts">
        <div>
          <dt>Listed rows</dt>
          <dd>{channel.listed_rows}</dd>
        </div>
        <div>
          <dt>Listed copies</dt>
          <dd>{channel.listed_copies}</dd>
        </div>
        <div>
          <dt>Last push</dt>
          <dd>{channel.last_push_at ? new Date(channel.last_push_at).toLocaleString() : '—'}</dd>
        </div>
        <div>
          <dt>Last order check</dt>
          <dd>{channel.last_pull_at ? new Date(channel.last_pull_at).toLocaleString() : '—'}</dd>
        </div>
      </dl>
      {channel.unlisted.length > 0 ? (
        <table className="table channel-unlisted">
          <caption>Not listed</caption>
          <thead>
            <tr>
              <th scope="col">Why</th>
              <th scope="col">Rows</th>
            </tr>
          </thead>
          <tbody>
            {channel.unlisted.map((u) => (
              <tr key={u.reason}>
                <td>{u.reason}</td>
                <td>{u.rows}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        channel.listed_rows === 0 && <p className="muted">{m.nothingListed}</p>
      )}
      {channel.last_reconcile && <ReconcileReport marketplace={name} report={channel.last_reconcile} />}
      <form className="form channel-form" onSubmit={(e) => void save(e)} noValidate aria-label={`${name} settings`}>
        <label>
          API token
          <input
            name="api_token"
            type="password"
            autoComplete="off"
            value={form.apiToken}
            placeholder={channel.connected ? '••••••••' : ''}
            disabled={saving}
            aria-describedby={`${id}-token-hint`}
            onChange={(e) => update({ apiToken: e.target.value })}
          />
        </label>
        <p id={`${id}-token-hint`} className="hint">
          {channel.connected ? m.tokenSaved : m.tokenHint(name)}
        </p>
        <div className="channel-numbers">
          <TextField
            label="Price (% of the shop’s price)"
            name="price_percent"
            type="number"
            inputMode="decimal"
            step="any"
            value={form.pricePercent}
            disabled={saving}
            onChange={(pricePercent) => update({ pricePercent })}
          />
          <TextField
            label="Currency rate (per US dollar)"
            name="currency_rate"
            type="number"
            inputMode="decimal"
            step="any"
            value={form.currencyRate}
            disabled={saving}
            onChange={(currencyRate) => update({ currencyRate })}
          />
          <TextField
            label="Keep for the counter (copies per row)"
            name="keep"
            type="number"
            inputMode="numeric"
            step={1}
            value={form.keep}
            disabled={saving}
            onChange={(keep) => update({ keep })}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            name="enabled"
            checked={form.enabled}
            disabled={saving}
            onChange={(e) => update({ enabled: e.target.checked })}
          />
          List on {name} and take its orders
        </label>
        <FormMessage text={problem} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : `Save ${name} Settings`}
          </button>
        </div>
      </form>
    </section>
  );
}
