import { centsToDollars, type Drawer, type DrawerReport } from '@cardstock/contract';
import type { DrawerRow } from './drawer.repository.ts';

/** A sum read from SQL (a string on PostgreSQL, null over no rows) as whole cents. */
export const centsOf = (sum: number | string | null | undefined): number => Math.round(Number(sum ?? 0));

/** A drawer as the wire shows it: dollars. */
export function toDrawer(row: DrawerRow): Drawer {
  return {
    id: row.id,
    opened_by: row.opened_by,
    opened_at: row.opened_at,
    float: centsToDollars(row.float_cents),
    expected: centsToDollars(row.expected_cents),
    closed_by: row.closed_by,
    closed_at: row.closed_at,
  };
}

/** What a Z report is made of, in cents: the drawer, its movements per kind, its sales' sums and tenders per kind. */
export interface ZFigures {
  drawer: DrawerRow;
  moves: Record<string, number>;
  sales: { count: number; subtotal: number; discount: number; tax: number; total: number; change: number };
  tenders: Record<string, number>;
}

/** A closed drawer's Z report (decision 038), from its figures in cents. */
export function toZReport(message: string, { drawer, moves, sales, tenders }: ZFigures): DrawerReport {
  const expected = drawer.expected_cents;
  const counted = drawer.counted_cents ?? 0;
  const move = (kind: string) => centsToDollars(moves[kind] ?? 0);
  const tender = (kind: string) => tenders[kind] ?? 0;
  return {
    message,
    drawer: toDrawer(drawer),
    expected: centsToDollars(expected),
    counted: centsToDollars(counted),
    over_short: centsToDollars(counted - expected),
    by_tender: {
      cash: centsToDollars(tender('cash') - sales.change),
      card: centsToDollars(tender('card')),
      store_credit: centsToDollars(tender('store_credit')),
      other: centsToDollars(tender('other')),
    },
    sales: {
      count: sales.count,
      gross: centsToDollars(sales.subtotal),
      discounts: centsToDollars(sales.discount),
      net: centsToDollars(sales.subtotal - sales.discount),
      tax: centsToDollars(sales.tax),
      total: centsToDollars(sales.total),
    },
    returns: { cash: centsToDollars(-(moves.refund ?? 0)) },
    // Trade-in in the sale is another slice of issue 44: its credit joins here when it lands.
    trade_ins: { cash: centsToDollars(-(moves.payout ?? 0)), credit: 0 },
    cash: {
      float: move('float'),
      sales: move('sale_cash'),
      change: move('change'),
      payouts: move('payout'),
      refunds: move('refund'),
      paid_in: move('paid_in'),
      paid_out: move('paid_out'),
    },
  };
}
