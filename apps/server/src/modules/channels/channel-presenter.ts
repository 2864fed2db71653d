import { percentOfThousandths, type Channel, type ChannelKind } from '@cardstock/contract';
import type { ChannelRow } from './channels.repository.ts';

/** A rate kept in millionths, as the wire sends it (912345 → 0.912345). */
const rateOf = (millionths: number): number => millionths / 1_000_000;

/**
 * A shop's channel as its screens read it: a channel never saved reads as not connected, paused, at the shop's own
 * prices. The sealed token never leaves the server.
 */
export function toChannel(kind: ChannelKind, row: ChannelRow | undefined): Channel {
  return {
    channel: kind,
    enabled: row?.enabled === 1,
    connected: row?.token_sealed != null && row.problem === null,
    account: row?.account ?? null,
    price_percent: percentOfThousandths(row?.price_percent_thousandths ?? 100_000),
    currency_rate: rateOf(row?.currency_rate_millionths ?? 1_000_000),
    keep: row?.keep ?? 0,
    // Listing (issue 42's next part) fills these; until a channel lists, nothing is listed.
    listed_rows: 0,
    listed_copies: 0,
    unlisted: [],
    last_push_at: row?.last_push_at ?? null,
    last_pull_at: row?.last_pull_at ?? null,
    problems: row?.problem ? [row.problem] : [],
  };
}
