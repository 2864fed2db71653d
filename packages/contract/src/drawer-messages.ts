import { centsToDollars, formatUsd } from './money.ts';

const money = (cents: number) => formatUsd(centsToDollars(cents));

/**
 * Texts of the register's cash drawer (issue 44, decision 038): the server's answers and refusals. Kept apart from
 * the spec's catalogue, as the buylist's are.
 */
export const drawerMessages = {
  server: {
    /** A cash tender in a sale by someone with no open drawer (409 `DRAWER_CLOSED`). */
    drawerClosed: 'Open the cash drawer before taking cash.',
    opened: (floatCents: number) => `Cash drawer opened with a float of ${money(floatCents)}.`,
    alreadyOpen: (openedAt: string) =>
      `You already have a cash drawer open (since ${openedAt}). Close it before opening another.`,
    noneOpen: 'You have no cash drawer open: open one first.',
    closedWith: (overShortCents: number) =>
      overShortCents === 0
        ? 'Cash drawer closed: the count matches.'
        : overShortCents > 0
          ? `Cash drawer closed: ${money(overShortCents)} over.`
          : `Cash drawer closed: ${money(-overShortCents)} short.`,
    report: 'Z report.',
    paidIn: (cents: number, reason: string) => `Paid in ${money(cents)} (${reason}).`,
    paidOut: (cents: number, reason: string) => `Paid out ${money(cents)} (${reason}).`,
    /** A paid out of more cash than the drawer should hold (409): it would leave the drawer below nothing. */
    paidOutTooMuch: (inDrawerCents: number) =>
      `The drawer should hold only ${money(Math.max(0, inDrawerCents))} in cash: pay out no more than that.`,
    notFound: 'No closed cash drawer with that number was found in this shop.',
    notYours: 'Only an Owner, a Manager or whoever closed a drawer may read its Z report.',
  },
} as const;
