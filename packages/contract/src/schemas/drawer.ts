import { z } from 'zod';
import { isCentAmount } from '../money.ts';
import { ZSessionToken } from './auth.ts';
import { requiredText } from './common.ts';

/*
 * The cash drawer and its Z report (issue 44, decision 038): a drawer belongs to the shop and the staff member who
 * opened it; each cash tender, change, cash refund and cash payout moves its expected cash; closing it with the
 * counted cash gives the Z report.
 */

/** Kinds of movement in a drawer's ledger (`drawer_moves`), each signed in cents: money in is positive. */
export const drawerMoveKinds = ['float', 'sale_cash', 'change', 'payout', 'refund', 'paid_in', 'paid_out'] as const;
export type DrawerMoveKind = (typeof drawerMoveKinds)[number];

/** How much cash may be counted into or out of a drawer, in dollars. */
export const drawerLimits = { maxDollars: 1_000_000 } as const;

/** Cash counted by hand: dollars with at most 2 decimals, 0 to 1,000,000. */
const countedCash = (field: string) =>
  z
    .number({ error: `${field} must be a number of dollars.` })
    .min(0, `${field} cannot be negative.`)
    .max(drawerLimits.maxDollars, `${field} can be at most $1,000,000.`)
    .refine(isCentAmount, `${field} can have at most 2 decimals.`);

export const ZDrawerOpenRequest = z.object({
  token: ZSessionToken,
  float: countedCash('float').describe('The cash put in the drawer to give change from, in dollars'),
});
export type DrawerOpenRequest = z.input<typeof ZDrawerOpenRequest>;

export const ZDrawerCloseRequest = z.object({
  token: ZSessionToken,
  counted: countedCash('counted').describe('The cash counted in the drawer at closing, in dollars'),
});
export type DrawerCloseRequest = z.input<typeof ZDrawerCloseRequest>;

export const ZDrawerCurrentRequest = z.object({ token: ZSessionToken });

/** Cash put into or taken out of a drawer by hand, outside a sale: the ledger's `paid_in` and `paid_out`. */
export const drawerHandMoves = ['paid_in', 'paid_out'] as const satisfies readonly DrawerMoveKind[];
export type DrawerHandMove = (typeof drawerHandMoves)[number];

export const ZDrawerMoveRequest = z.object({
  token: ZSessionToken,
  kind: z
    .enum(drawerHandMoves, `kind must be one of ${drawerHandMoves.join(', ')}.`)
    .describe('paid_in: cash put in (change from the bank); paid_out: cash taken out (stamps, a supplier paid)'),
  amount: countedCash('amount')
    .refine((dollars) => dollars > 0, 'amount must be more than 0.')
    .describe('The cash put in or taken out, in dollars'),
  reason: requiredText('reason').describe(
    'Why the cash moved, kept with the movement and shown on the Activity screen',
  ),
});
export type DrawerMoveRequest = z.input<typeof ZDrawerMoveRequest>;

export const ZDrawerReportRequest = z.object({
  token: ZSessionToken,
  drawer_id: z
    .number({ error: 'drawer_id must be a number.' })
    .int('drawer_id must be a whole number.')
    .positive('drawer_id must be a positive number.')
    .max(2_147_483_647, 'drawer_id is too large.')
    .describe('The closed drawer whose Z report to read again'),
});
export type DrawerReportRequest = z.input<typeof ZDrawerReportRequest>;

const money = (what: string) => z.number().describe(`${what}, in dollars`);

/** A drawer as it stands: who opened it and when, its float, and the cash it should hold now. */
export const ZDrawer = z.object({
  id: z.number().int(),
  opened_by: z.string().describe('The e-mail address of who opened it (the drawer is theirs)'),
  opened_at: z.string(),
  float: money('The cash it was opened with'),
  expected: money('The cash it should hold: the float and every cash movement since'),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Drawer = z.infer<typeof ZDrawer>;

export const ZDrawerOpenResponse = z.object({ message: z.string(), drawer: ZDrawer });
export type DrawerOpenResponse = z.infer<typeof ZDrawerOpenResponse>;

/** A cash movement by hand recorded: what was said, and the drawer with its new expected cash. */
export const ZDrawerMoveResponse = z.object({ message: z.string(), drawer: ZDrawer });
export type DrawerMoveResponse = z.infer<typeof ZDrawerMoveResponse>;

/** The caller's open drawer in this shop, or null when they have none open. */
export const ZDrawerCurrentResponse = z.object({ drawer: ZDrawer.nullable() });
export type DrawerCurrentResponse = z.infer<typeof ZDrawerCurrentResponse>;

const ZByTender = z
  .object({
    cash: money('Cash taken, net of change'),
    card: money('Card'),
    store_credit: money('Store credit'),
    other: money('Other'),
  })
  .describe('What the drawer’s sales took, per kind of tender');

/**
 * A closed drawer's Z report: the sales rung up by its owner while it was open, the cash movements, and the cash
 * expected against the cash counted.
 */
export const ZDrawerReport = z.object({
  message: z.string(),
  drawer: ZDrawer,
  expected: money('The cash the drawer should hold at closing'),
  counted: money('The cash counted at closing'),
  over_short: money('Counted minus expected: positive when over, negative when short'),
  by_tender: ZByTender,
  sales: z.object({
    count: z.number().int().describe('Sales rung up on this drawer'),
    gross: money('Their lines at the shop’s prices, before discounts'),
    discounts: money('Every discount given'),
    net: money('Gross less discounts'),
    tax: money('Tax collected'),
    total: money('What the customers paid for them, tax included'),
  }),
  returns: z.object({ cash: money('Cash refunded from the drawer') }),
  trade_ins: z.object({
    cash: money('Cash paid out of the drawer for cards bought'),
    credit: money('Store credit given for cards bought in the drawer’s sales'),
  }),
  cash: z
    .object({
      float: money('Put in at opening'),
      sales: money('Cash tendered for sales'),
      change: money('Change given (negative)'),
      payouts: money('Trade-ins paid in cash (negative)'),
      refunds: money('Cash refunds (negative)'),
      paid_in: money('Other cash put in'),
      paid_out: money('Other cash taken out (negative)'),
    })
    .describe('The drawer’s cash movements by kind; they add up to what is expected'),
});
export type DrawerReport = z.infer<typeof ZDrawerReport>;
