import { TZDate } from '@date-fns/tz';
import { centsText, centsToDollars, type SalesFigures, type SalesReport } from '@cardstock/contract';
import type { FastifyReply } from 'fastify';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { csvText } from '../../lib/csv.ts';
import type { AppContext } from '../../context.ts';
import { salesReportRepository as repo } from './sales-report.repository.ts';

/** A day's figures in whole cents (the sales as a count), as they are added up. */
type Tally = { [K in keyof SalesFigures]: number };

const figureNames = [
  'sales',
  'gross',
  'discounts',
  'returns',
  'net',
  'tax',
  'takings',
  'cash',
  'card',
  'store_credit',
  'other',
  'refunded',
  'tax_refunded',
  'not_rung_up',
  'trade_in_cash',
  'trade_in_credit',
  'credit_issued',
  'credit_spent',
] as const satisfies readonly (keyof SalesFigures)[];

const csvHeader = [
  'Date',
  'Sales',
  'Gross',
  'Discounts',
  'Returns',
  'Net',
  'Tax',
  'Takings',
  'Cash',
  'Card',
  'Store credit',
  'Other',
  'Refunded',
  'Tax refunded',
  'Not rung up',
  'Trade-in cash',
  'Trade-in credit',
  'Credit issued',
  'Credit spent',
];

const emptyTally = (): Tally => Object.fromEntries(figureNames.map((name) => [name, 0])) as Tally;

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The instant a day begins in `timeZone`, as stored timestamps are written (UTC ISO-8601). */
function dayStart(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime()).toISOString();
}

/** Which day of `timeZone` an instant falls on. */
const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (iso: string) => format.format(new Date(iso));
};

/** A shop's time zone as a name Intl knows: the shop's own, or UTC when it has none (or one Intl refuses). */
function zoneOf(name: string): string {
  if (!name) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return 'UTC';
  }
}

const dollarsOf = (tally: Tally): SalesFigures =>
  Object.fromEntries(
    figureNames.map((name) => [name, name === 'sales' ? tally[name] : centsToDollars(tally[name])]),
  ) as SalesFigures;

/**
 * The sales report an accountant asks for (issue 44): day by day in the shop's time zone, from `from` to `to`, what
 * was sold (register sales with their discounts and tax; orders confirmed in Order Management at their totals), what
 * paid it by tender (cash net of change), what returns gave back, what was paid out for cards bought from customers, and store credit issued
 * and spent. Every figure is added in whole cents.
 */
export function salesReport(ctx: AppContext) {
  async function tallies(shopId: number, from: string, to: string) {
    const timeZone = zoneOf(await repo.timeZone(ctx.db, shopId));
    const days = daysBetween(from, to);
    const start = dayStart(from, timeZone);
    const end = dayStart(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), timeZone);
    const [sales, tenders, orders, buys, credit, returns] = await Promise.all([
      repo.registerSales(ctx.db, shopId, start, end),
      repo.registerTenders(ctx.db, shopId, start, end),
      repo.confirmedOrders(ctx.db, shopId, start, end),
      repo.acceptedBuys(ctx.db, shopId, start, end),
      repo.creditEntries(ctx.db, shopId, start, end),
      repo.returns(ctx.db, shopId, start, end),
    ]);
    const dayOf = dayIn(timeZone);
    const tallies = new Map(days.map((day) => [day, emptyTally()]));
    const tallyOf = (iso: string | null) => (iso === null ? undefined : tallies.get(dayOf(iso)));

    const saleDay = new Map<number, Tally | undefined>();
    for (const sale of sales) {
      const t = tallyOf(sale.created_at);
      saleDay.set(sale.id, t);
      if (!t) continue;
      t.sales += 1;
      t.gross += sale.subtotal_cents;
      t.discounts += sale.discount_cents;
      t.tax += sale.tax_cents;
      t.takings += sale.total_cents;
      t.cash -= sale.change_cents;
    }
    for (const tender of tenders) {
      const t = saleDay.get(tender.sale_id);
      if (!t) continue;
      if (tender.kind === 'cash' || tender.kind === 'card' || tender.kind === 'store_credit' || tender.kind === 'other')
        t[tender.kind] += tender.amount_cents;
    }
    for (const order of orders) {
      const t = tallyOf(order.decided_at);
      if (!t) continue;
      t.sales += 1;
      t.gross += order.total_cents;
      t.takings += order.total_cents;
      t.not_rung_up += order.total_cents;
    }
    // A return counts on the day it was given, whichever day its sale was.
    for (const back of returns) {
      const t = tallyOf(back.created_at);
      if (!t) continue;
      t.returns += back.refund_cents - back.tax_cents;
      t.refunded += back.refund_cents;
      t.tax_refunded += back.tax_cents;
    }
    for (const buy of buys) {
      const t = tallyOf(buy.decided_at);
      if (!t) continue;
      if (buy.payout === 'cash') t.trade_in_cash += buy.paid_cents ?? 0;
      else if (buy.payout === 'credit') t.trade_in_credit += buy.paid_cents ?? 0;
    }
    for (const entry of credit) {
      const t = tallyOf(entry.created_at);
      if (!t) continue;
      if (entry.amount_cents > 0) t.credit_issued += entry.amount_cents;
      else if (entry.kind === 'order') t.credit_spent -= entry.amount_cents;
    }

    const total = emptyTally();
    for (const t of tallies.values()) {
      t.net = t.gross - t.discounts - t.returns;
      for (const name of figureNames) total[name] += t[name];
    }
    return { timeZone, total, days: days.map((date) => [date, tallies.get(date)!] as const) };
  }

  return async function report(
    actor: Actor,
    input: { from: string; to: string; format?: 'json' | 'csv' },
    reply: FastifyReply,
  ) {
    const { shopId } = requireRole(actor, 'stats:view');
    const { timeZone, total, days } = await tallies(shopId, input.from, input.to);
    if (input.format !== 'csv')
      return {
        from: input.from,
        to: input.to,
        time_zone: timeZone,
        total: dollarsOf(total),
        days: days.map(([date, t]) => ({ date, ...dollarsOf(t) })),
      } satisfies SalesReport;
    const cells = (label: string, t: Tally) => [
      label,
      ...figureNames.map((name) => (name === 'sales' ? t.sales : centsText(t[name]))),
    ];
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sales_report_${input.from}_${input.to}.csv"`)
      .send(csvText(csvHeader, [...days.map(([date, t]) => cells(date, t)), cells('Total', total)]));
  };
}
