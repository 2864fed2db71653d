import { z } from 'zod';
import { ZSessionToken } from './auth.ts';

/** The longest range one sales report covers: a year and a day, so a leap year's report fits. */
export const salesReportMaxDays = 366;

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD).`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, `${field} is not a day of the calendar.`);

const dayNumber = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;

/**
 * A sales report for an accountant (issue 44): the days from `from` to `to`, both included, in the shop's time zone;
 * `format: 'csv'` answers the same figures as a file, a row a day and a total.
 */
export const ZSalesReportRequest = z
  .object({
    token: ZSessionToken,
    from: day('from'),
    to: day('to'),
    format: z.enum(['json', 'csv'], 'format must be json or csv.').optional(),
  })
  .refine((r) => dayNumber(r.to) >= dayNumber(r.from), { message: 'to must not be before from.', path: ['to'] })
  .refine((r) => dayNumber(r.to) - dayNumber(r.from) < salesReportMaxDays, {
    message: `A sales report covers at most ${salesReportMaxDays} days.`,
    path: ['to'],
  });

const money = (what: string) => z.number().describe(`${what}, in dollars`);

/** One day's figures (or the range's together). */
export const ZSalesFigures = z.object({
  sales: z.number().int().describe('Sales: register sales, and orders confirmed in Order Management'),
  gross: money('What the sold lines came to at the shop’s prices, before discounts'),
  discounts: money('Every discount given'),
  returns: money('What returned copies had sold for, before tax (issue 44)'),
  net: money('Gross less discounts and returns'),
  tax: money('Tax collected (with tax-inclusive prices, the part of the takings that was tax)'),
  takings: money('What customers paid for the sales, tax included'),
  cash: money('Taken in cash, less the change given'),
  card: money('Taken by card'),
  store_credit: money('Paid with store credit at the register'),
  other: money('Taken by other tenders'),
  refunded: money('What returns gave back, tax included, whatever the refund was paid with'),
  tax_refunded: money('Of it, tax: tax collected less this is the tax owed'),
  not_rung_up: money('Orders confirmed in Order Management, whose money the register did not take'),
  trade_in_cash: money('Cash paid out for cards bought from customers'),
  trade_in_credit: money('Store credit issued for cards bought from customers'),
  credit_issued: money('Store credit added to customers’ balances (trade-ins, refunds, adjustments)'),
  credit_spent: money('Store credit customers spent (at the register and on orders)'),
});
export type SalesFigures = z.infer<typeof ZSalesFigures>;

export const ZSalesReport = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string().describe('The shop’s time zone the days are counted in'),
  total: ZSalesFigures,
  days: z.array(ZSalesFigures.extend({ date: z.string().describe('YYYY-MM-DD') })).describe('Every day of the range'),
});
export type SalesReport = z.infer<typeof ZSalesReport>;

export const ZSalesReportAnswer = z.union([
  ZSalesReport,
  z.string().describe('text/csv (format csv): sales_report_{from}_{to}.csv, a row a day and a Total row'),
]);
