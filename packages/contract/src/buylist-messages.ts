import { centsToDollars, formatUsd } from './money.ts';

const money = (cents: number) => formatUsd(centsToDollars(cents));

/**
 * Texts of buying from customers (issue 25): the buylist's server answers and screens, the customers' and the
 * store-credit ledger's. Kept apart from the spec's catalogue, which `messages` gathers (as `buylist` and `customers`).
 */
export const buylistMessages = {
  server: {
    submitted: (buyNumber: string) => `Sell list ${buyNumber} received.`,
    notFound: (buyNumber: string) => `Buy order ${buyNumber} was not found.`,
    notPending: (buyNumber: string, status: string) => `Buy order ${buyNumber} is no longer pending: it was ${status}.`,
    graded: (buyNumber: string) => `Buy order ${buyNumber} updated.`,
    accepted: (buyNumber: string, payout: 'cash' | 'credit', cents: number) =>
      payout === 'cash'
        ? `Buy order ${buyNumber} accepted: pay ${money(cents)} in cash.`
        : `Buy order ${buyNumber} accepted: ${money(cents)} store credit added.`,
    rejected: (buyNumber: string) => `Buy order ${buyNumber} rejected; nothing was bought.`,
    nothingWanted: 'The shop buys none of these cards now: nothing to accept.',
    overLimit: (limit: number) =>
      `An Employee can accept buy orders up to ${money(limit)}: ask an Owner or a Manager to accept this one.`,
    creditNeedsCustomer: 'Store credit needs a customer: add one to the buy order first.',
    noSuchLine: (lineId: number) => `Line ${lineId} is not on this buy order.`,
    noSuchCard: (id: string) => `${id} is not a known card.`,
    rulesSaved: 'Buy rules saved.',
    cardSaved: (name: string) => `${name}: saved.`,
    cardRemoved: (name: string) => `${name} follows the buy rules again.`,
    customerRequired: 'Give the seller’s name and an e-mail address or a phone number.',
  },
};

export const customerMessages = {
  server: {
    created: (name: string) => `Customer ${name} added.`,
    updated: (name: string) => `Customer ${name} saved.`,
    notFound: 'That customer was not found.',
    duplicate: (field: 'email' | 'phone') =>
      field === 'email' ? 'Another customer has that e-mail address.' : 'Another customer has that phone number.',
    adjusted: (name: string, balanceCents: number) => `${name}’s store credit is now ${money(balanceCents)}.`,
    wouldGoNegative: (balanceCents: number) =>
      `The balance is ${money(balanceCents)}: store credit cannot go below $0.00.`,
    creditNeedsCustomer: 'Choose the customer whose store credit pays for the order.',
    creditOverTotal: 'Store credit cannot pay more than the order’s total.',
    creditOverBalance: (balanceCents: number) =>
      `The customer has ${money(balanceCents)} of store credit: pay the rest another way.`,
    creditAtCounter: 'Store credit is paid at the counter: ask staff.',
  },
};
