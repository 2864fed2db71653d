import { copyFlagsOf } from './inventory.mapper.ts';
import {
  centsToDollars,
  dollarsToCents,
  languageOf,
  movedByPercent,
  priceCents,
  qualityOf,
  type PricingRule,
  type RepriceAction,
} from '@cardstock/contract';

/** What a reprice reads of a row: its asking price, its finish's market price and its card. */
export interface RepriceRow {
  id: number;
  name: string;
  set_code: string;
  finish: string;
  quality: string;
  language: string;
  signed: number;
  altered: number;
  asking_price: number | null;
  market: number | null;
}

/** One row a reprice changes: its new asking price, and what customers pay before and after (cents, null: none). */
export interface RepriceChange {
  row: RepriceRow;
  asking: number | null;
  before: number | null;
  after: number | null;
}

export interface RepricePlan {
  changes: RepriceChange[];
  /** Rows a percentage leaves alone: they have no price to move. */
  unpriced: number;
  /** Rows a percentage would bring under one cent: no price (they would sell for $0), so the reprice is refused. */
  underCent: number;
}

/**
 * What a reprice does to each row, in the rows' order: `set` gives every row the asking price `value` (dollars),
 * `percent` moves the price customers pay now (asking price, else the rule on the market price) by `value` % into
 * the row's asking price, `clear` returns rows with an asking price to the rule. A row whose asking price would not
 * change, or whose price a percentage would not move (a cent's rounding), is not a change.
 */
export function planReprice(
  rows: readonly RepriceRow[],
  action: RepriceAction,
  value: number | undefined,
  rule: PricingRule,
): RepricePlan {
  const changes: RepriceChange[] = [];
  let unpriced = 0;
  let underCent = 0;
  const setTo = action === 'set' ? dollarsToCents(value ?? 0) : null;
  for (const row of rows) {
    const quality = qualityOf(row.quality);
    const language = languageOf(row.language);
    const priced = (askingCents: number | null) =>
      priceCents({ askingCents, marketCents: row.market, quality, language, rule });
    const before = priced(row.asking_price);
    let asking: number | null;
    if (action === 'percent') {
      if (before === null) {
        unpriced++;
        continue;
      }
      asking = movedByPercent(before, value ?? 0);
      if (asking === before) continue;
      if (asking < 1) underCent++;
    } else {
      asking = setTo;
    }
    if (asking === row.asking_price) continue;
    changes.push({ row, asking, before, after: priced(asking) });
  }
  return { changes, unpriced, underCent };
}

/** A change as the preview shows it, prices in dollars. */
export const sampleOf = ({ row, before, after }: RepriceChange) => ({
  card_name: row.name,
  set_code: row.set_code.toUpperCase(),
  ...copyFlagsOf(row),
  before: centsToDollars(before),
  after: centsToDollars(after),
});
