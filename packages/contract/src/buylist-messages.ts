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
  screen: {
    title: 'Customers',
    intro: 'The people the shop buys from and sells to, with their store credit.',
    tile: 'Customers and their store credit',
    search: 'Search customers',
    searchHint: 'Name, e-mail or phone',
    loading: 'Loading customers…',
    failed: 'The customers could not be loaded.',
    notSignedIn: 'Sign in to see the customers.',
    notAllowed: 'Your role cannot see the customers.',
    empty: 'No customers yet: add the first one.',
    noMatch: (q: string) => `No customer matches “${q}”.`,
    count: (n: number) => (n === 1 ? '1 customer' : `${n.toLocaleString('en-US')} customers`),
    add: 'Add customer',
    addTitle: 'Add customer',
    editTitle: 'Edit customer',
    edit: 'Edit details',
    save: 'Save',
    saving: 'Saving…',
    saveFailed: 'The customer could not be saved.',
    nameRequired: 'Name is required.',
    contactRequired: 'Give an e-mail address or a phone number.',
    balance: 'Store credit',
    adjust: 'Adjust credit',
    adjustTitle: 'Adjust store credit',
    adjustAmount: 'Amount ($): positive adds, negative takes away',
    adjustReason: 'Reason (required)',
    adjustConfirm: (amount: string, name: string) => `Change ${name}’s store credit by ${amount}?`,
    adjustSave: 'Adjust',
    adjusting: 'Adjusting…',
    amountInvalid: 'Enter an amount in dollars other than 0, with at most 2 decimals.',
    reasonRequired: 'A reason is required.',
    adjustFailed: 'The credit could not be adjusted.',
    ledger: 'Store-credit ledger',
    ledgerEmpty: 'No store credit yet.',
    buyOrders: 'Buy orders',
    buyOrdersEmpty: 'Nothing bought from this customer yet.',
    orders: 'Orders',
    ordersEmpty: 'No orders for this customer yet.',
    back: 'Back to Customers',
    notFound: 'That customer was not found.',
    kinds: {
      trade_in: 'Trade-in',
      order: 'Spent on an order',
      order_refund: 'Order rejected: given back',
      adjustment: 'Adjustment',
    },
    picker: 'Customer',
    pickerHint: 'Search by name, e-mail or phone',
    pickerNone: 'No customer (walk-in)',
    pickerChange: 'Change',
    pickerClear: 'Remove customer',
    pickerEmpty: 'No customer matches.',
    payWithCredit: 'Pay with store credit ($)',
    creditLeft: (balance: string) => `Balance ${balance}`,
    restToPay: (rest: string) => `Rest to pay: ${rest}`,
    creditPaid: 'Paid with store credit',
    openCustomer: 'Open the customer',
    noBuys: 'Nothing bought from customers yet.',
    creditInvalid: 'Enter the store credit to pay in dollars, with at most 2 decimals.',
  },
};
