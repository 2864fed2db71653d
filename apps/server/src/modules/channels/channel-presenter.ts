import {
  channelNames,
  percentOfThousandths,
  rateOfMillionths,
  sameCurrencyMillionths,
  type Channel,
  type ChannelKind,
  type Reconciliation,
} from '@cardstock/contract';
import type { ChannelRow, ListingCount } from './channels.repository.ts';

/**
 * A shop's channel as its screens read it: a channel never saved reads as not connected, paused, at the shop's own
 * prices; what is listed is what its pushes recorded (`counts`, summed by state and refusal), and what is not, why, from its last push and the
 * marketplace's refusals. The sealed token never leaves the server.
 */
export function toChannel(kind: ChannelKind, row: ChannelRow | undefined, counts: readonly ListingCount[]): Channel {
  const listed = counts.filter((c) => c.state === 'listed');
  const refused = new Map<string, number>();
  for (const c of counts)
    if (c.state === 'refused') {
      const reason = `${channelNames[kind]} refused it: ${c.error ?? 'no reason given'}`;
      refused.set(reason, (refused.get(reason) ?? 0) + Number(c.rows ?? 0));
    }
  const planned = row?.unlisted ? (JSON.parse(row.unlisted) as Channel['unlisted']) : [];
  return {
    channel: kind,
    enabled: row?.enabled === 1,
    connected: row?.token_sealed != null && row.problem === null,
    account: row?.account ?? null,
    price_percent: percentOfThousandths(row?.price_percent_thousandths ?? 100_000),
    currency_rate: rateOfMillionths(row?.currency_rate_millionths ?? sameCurrencyMillionths),
    keep: row?.keep ?? 0,
    listed_rows: listed.reduce((n, c) => n + Number(c.rows ?? 0), 0),
    listed_copies: listed.reduce((n, c) => n + Number(c.copies ?? 0), 0),
    unlisted: [...planned, ...[...refused].map(([reason, rows]) => ({ reason, rows }))],
    last_push_at: row?.last_push_at ?? null,
    last_pull_at: row?.last_pull_at ?? null,
    problems: row?.problem ? [row.problem] : [],
    last_reconcile: row?.reconciled ? (JSON.parse(row.reconciled) as Reconciliation) : null,
  };
}
