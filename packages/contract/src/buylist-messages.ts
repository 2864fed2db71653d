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
    // Issue 38: an Employee's limit is a rolling day's total, per Employee and per customer.
    overDailyLimit: (limit: number, already: number) =>
      `An Employee can accept buy orders up to ${money(limit)} in 24 hours and you have accepted ${money(already)}: ask an Owner or a Manager to accept this one.`,
    overCustomerDailyLimit: (limit: number, already: number) =>
      `Employees can accept up to ${money(limit)} for one customer in 24 hours and ${money(already)} was accepted for this customer: ask an Owner or a Manager to accept this one.`,
    creditNeedsCustomer: 'Store credit needs a customer: add one to the buy order first.',
    noSuchLine: (lineId: number) => `Line ${lineId} is not on this buy order.`,
    noSuchCard: (id: string) => `${id} is not a known card.`,
    rulesSaved: 'Buy rules saved.',
    cardSaved: (name: string) => `${name}: saved.`,
    cardRemoved: (name: string) => `${name} follows the buy rules again.`,
    customerRequired: 'Give the seller’s name and an e-mail address or a phone number.',
  },
  /** The staff Buylist screen, and the sell list it shares with the kiosk. */
  screen: {
    title: 'Buylist',
    pendingLoading: 'Loading pending buy orders...',
    pendingEmpty: 'No sell lists are waiting.',
    pendingFailed: 'The pending buy orders could not be loaded.',
    pendingUpdated: 'Pending buy orders updated',
    historyLoading: 'Loading buy order history...',
    historyEmpty: 'No buy orders have been accepted or rejected yet.',
    historyFailed: 'The buy order history could not be loaded.',
    viewOnly: 'You can view buy orders, but not grade, accept or reject them.',
    rulesViewOnly: 'Only an Owner or a Manager can change the buy rules.',
    reasons: {
      not_buying: 'not buying now',
      target_reached: 'target reached',
      no_price: 'no market price',
      below_minimum: 'under the minimum',
    },
    noCustomer: 'No customer given',
    creditNeedsCustomer: 'Store credit needs a customer on the buy order.',
    nothingWanted: 'The shop buys none of these cards now.',
    confirmAccept: (payout: 'cash' | 'credit', amount: string, customer: string | null) =>
      payout === 'cash'
        ? `Accept this buy order and pay ${amount} in cash?`
        : `Accept this buy order and add ${amount} store credit to ${customer ?? 'the customer'}?`,
    // issue 38 (ui): an Employee's payout limit, said on the review before Accept.
    employeeLimit: (limit: string) =>
      `As an Employee you can accept buy orders paying out up to ${limit}; above that an Owner or a Manager accepts.`,
    overEmployeeLimit: (limit: string) =>
      `This payout is over your limit of ${limit} as an Employee: ask an Owner or a Manager to accept it.`,
    confirmReject: (callout: string) => `Reject sell list ${callout}? Nothing is bought or paid.`,
    rejectReasonLabel: 'Reason (optional, kept with the buy order)',
    rejectReasonTooLong: 'The reason must be at most 500 characters.',
    confirmDrop: (name: string) => `Drop ${name} from this buy order?`,
    changedElsewhere: 'This buy order was changed elsewhere: the list has been refreshed.',
    gradeFailed: 'The change could not be saved.',
    network: 'No response from the server: try again.',
    searchCards: 'Search cards by name',
    searching: 'Searching...',
    noCards: 'No cards found for your search.',
    loadingPrintings: 'Loading printings...',
    printingsFailed: 'The printings could not be loaded.',
    choosePrinting: (name: string) => `Choose the printing of ${name}`,
    sellListEmpty: 'No cards on the list yet: search for a card to add it.',
    offerLoading: 'Working out the offer...',
    offerFailed: 'The offer could not be worked out.',
    customerHeading: 'Who is selling',
    customerHint: 'A name and an e-mail address or a phone number.',
    knownCustomer: 'One of your customers',
    newCustomerHint: 'Or someone new: a name and an e-mail address or a phone number.',
    nameRequired: 'Give a name.',
    contactRequired: 'Give an e-mail address or a phone number.',
    submit: 'Submit sell list',
    submitting: 'Submitting...',
    submitted: (callout: string) => `Sell list ${callout} is waiting in Pending.`,
    submitFailed: 'The sell list could not be submitted.',
    rulesLoading: 'Loading the buy rules...',
    rulesFailed: 'The buy rules could not be loaded.',
    cardsLoading: 'Loading cards...',
    cardsEmpty: 'No cards have their own buy settings yet.',
    cardsFailed: 'The cards could not be loaded.',
    /** The inventory's word on what a copy cost the shop (bought from customers); a dash when unknown. */
    costPerCopy: (dollars: number | null | undefined) =>
      dollars === null || dollars === undefined ? 'Cost —' : `Cost ${formatUsd(dollars)}`,
    confirmRemoveCard: (name: string) => `Remove ${name}'s own settings? It follows the buy rules again.`,
  },
  /** The kiosk's "Sell to us" mode. */
  kiosk: {
    buyMode: 'Buy cards',
    sellMode: 'Sell to us',
    sellEyebrow: 'Sell here',
    sellLead: 'Find your cards, tell us their condition, and see what we pay in cash or store credit.',
    calloutLead: 'Your sell list number',
    calloutNote: 'Bring your cards to the counter',
    newList: 'Start a new sell list',
  },
  /** The public storefront's "We buy" page. */
  weBuy: {
    title: 'We buy',
    link: 'We buy cards',
    lead: (cash: number, credit: number) =>
      `We pay ${cash}% of a card’s market price in cash, or ${credit}% in store credit, and more for the cards we are looking for. Bring your cards to the shop.`,
    hotlist: 'Cards we are looking for',
    hotlistEmpty: 'No cards on the hotlist right now: bring your cards in and we will make an offer.',
    loading: 'Loading...',
    failed: 'This page could not be loaded.',
    notFound: 'This shop was not found.',
    back: 'Back to the shop',
    cash: 'Cash',
    credit: 'Store credit',
    wanted: (n: number) => `Buying ${n}`,
    offerNote: 'Offers are for near mint, nonfoil, English copies.',
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
    creditBadge: (amount: string) => `Credit ${amount}`,
    creditBadgeLabel: (amount: string) => `${amount} of this order paid with store credit`,
    openCustomer: 'Open the customer',
    // Issue 38 (orders): the order review says what is left to collect once the credit has paid its part.
    toCollect: 'To collect',
    noBuys: 'Nothing bought from customers yet.',
    creditInvalid: 'Enter the store credit to pay in dollars, with at most 2 decimals.',
    // Issue 44: the register charges such a customer no sales tax.
    taxExempt: 'Tax exempt: pays no sales tax at the register',
    taxExemptShort: 'Tax exempt',
  },
};
