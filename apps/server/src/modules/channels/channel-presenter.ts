import {
  channelNames,
  percentOfThousandths,
  rateOfMillionths,
  sameCurrencyMillionths,
  type Channel,
  type ChannelKind,
  type Reconciliation,
} from '@cardstock/contract';
import type { ChannelRow, ListingRow } from './channels.repository.ts';

/**
 * A shop's channel as its screens read it: a channel never saved reads as not connected, paused, at the shop's own
 * prices; what is listed is what its pushes recorded (`listings`), and what is not, why, from its last push and the
 * marketplace's refusals. The sealed token never leaves the server.
 */
export function toChannel(kind: ChannelKind, row: ChannelRow | undefined, listings: readonly ListingRow[]): Channel {
  const listed = listings.filter((l) => l.state === 'listed');
  const refused = new Map<string, number>();
  for (const l of listings)
    if (l.state === 'refused') {
      const reason = `${channelNames[kind]} refused it: ${l.error ?? 'no reason given'}`;
      refused.set(reason, (refused.get(reason) ?? 0) + l.rows);
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
    listed_rows: listed.reduce((n, l) => n + l.rows, 0),
    listed_copies: listed.reduce((n, l) => n + l.quantity, 0),
    unlisted: [...planned, ...[...refused].map(([reason, rows]) => ({ reason, rows }))],
    last_push_at: row?.last_push_at ?? null,
    last_pull_at: row?.last_pull_at ?? null,
    problems: row?.problem ? [row.problem] : [],
    last_reconcile: row?.reconciled ? (JSON.parse(row.reconciled) as Reconciliation) : null,
  };
}
