import { sealedCategories, sealedLimits } from './constants.ts';
import { buylistMessages, customerMessages } from './buylist-messages.ts';
import { storefrontCartMessages } from './storefront-cart-messages.ts';
import { storefrontMessages } from './storefront-messages.ts';

/** "3 lines", "1 line": a count and its noun (nouns that take an s). */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Every user-visible text the specification quotes, written once.
 * Server answers, web screens and tests all read them from here, so a
 * text can never drift between the three. Functions build the texts that
 * carry a value (`{n}`, `{reason}` in the spec).
 */
export const messages = {
  common: {
    backToDashboard: 'Back to Dashboard',
    loading: 'Loading...',
    networkError: 'An error occurred. Please try again.',
    noResponse: 'No response from server. Please try again.',
    captchaRequired: 'Please complete the CAPTCHA.',
    captchaHint: 'If CAPTCHA does not load, please disable ad blockers and refresh.',
  },
  server: {
    internalError: 'Internal server error',
    notFound: 'Not found',
    invalidJson: 'The request body is not valid JSON.',
    bodyNotObject: 'The request body must be a JSON object of named fields.',
    malformedMultipart: 'The upload is not a well-formed multipart form: send the file again.',
    numberOutOfRange: 'A number in the request is too large.',
    nulCharacter: 'Text cannot contain the NUL character (\\0).',
    bodyTooLarge: 'The request is too large.',
    unsupportedMediaType: 'Unsupported content type: send JSON.',
    validationFailed: 'Some fields are missing or invalid.',
    captchaFailed: 'CAPTCHA verification failed. Please try again.',
    notReady: 'The database is not reachable.',
  },
  auth: {
    loggedIn: 'Login successful',
    loggedOut: 'Logged out.',
    registered: 'Registration successful!',
    invalidCredentials: 'Invalid email or password.',
    sessionRequired: 'Please log in to continue.',
    sessionExpired: 'Your session has expired. Please log in again.',
    inviteUnknown: 'This invite code is not valid.',
    inviteUsed: 'This invite code has already been used.',
    inviteExpired: 'This invite code has expired.',
    emailTaken: 'An account with this e-mail already exists.',
    registrationClosed: 'Registration is closed at the moment.',
    passwordTooShort: (n: number) => `Password must be at least ${n} characters long`,
    resetInvalid: 'This reset link is invalid or has expired.',
    resetDone: 'Password reset successful.',
    unlockInvalid: 'This unlock link is invalid, was already used or has expired.',
    unlockDone: 'Your account is unlocked. You can log in now.',
    inviteSpent:
      'This invite code was tried with too many e-mail addresses that already have an account. Please ask for a new code.',
    accountDisabled: 'This account is disabled. Please contact support.',
    shopSuspended: 'This shop has been deactivated by Cardstock. Please contact support to reactivate it.',
    maintenance: 'Cardstock is down for maintenance. Please try again in a little while.',
    tooManyRequests: 'Too many requests. Please slow down and try again in a minute.',
    tooManyAttempts: (minutes: number) =>
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  },
  nav: {
    home: 'Home',
    about: 'About',
    features: 'Features',
    contact: 'Contact',
    dashboard: 'Dashboard',
    logout: 'Logout',
    login: 'Login',
    register: 'Register',
  },
  notFound: { title: 'Page Not Found' },
  unauthorized: { text: 'You must have an account to access this page.' },
  recruiters: { title: 'Recruiters Page' },
  login: {
    noAccount: "Don't have an account?",
    signUp: 'Sign up here',
    forgotPassword: 'Forgot Password',
    failed: 'Login failed',
    sessionEnded: 'Your session has ended. Please log in again.',
  },
  register: {
    title: 'Create Account',
    creating: 'Creating Account...',
    success: 'Registration successful! Please log in.',
    failed: 'Registration failed',
    emailPasswordRequired: 'Email and password fields are required',
    passwordsMismatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters long',
    namesRequired: 'Shop name, first name, and last name are required',
    inviteRequired: 'Invite code is required',
    termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
    namesBlank: 'First name and last name cannot be empty',
  },
  contact: {
    fillAllFields: 'Please fill in all fields.',
    success: 'Thank you for contacting us! We will get back to you soon.',
    failed: 'Failed to submit the form. Please try again.',
    send: 'Send Message',
  },
  dashboard: {
    loadingName: 'Loading...',
  },
  forgotPassword: {
    sent: 'Password reset link sent to your email.',
    failed: 'Failed to send password reset link.',
  },
  resetPassword: {
    success: 'Password reset successful. Redirecting to login...',
    failed: 'Password reset failed.',
    mismatch: 'Passwords do not match.',
    missingToken: 'Invalid or missing reset token.',
  },
  feedback: {
    title: 'Send Feedback',
    sent: 'Feedback sent! Thank you.',
    failed: 'Failed to send feedback.',
    network: 'Network error.',
    noToken: 'No token found.',
    placeholder: 'Tell us what works, what does not, or what you wish Cardstock did...',
  },
  orders: {
    // issue 41: pick lists.
    pickListButton: 'Pick list',
    pickListTitle: 'Pick list',
    pickListLoading: 'Gathering the lines to pick...',
    pickListEmpty: 'Nothing to pick: no pending orders.',
    pickListSummary: (lines: number, orders: number, picked: number) =>
      `${lines} line${lines === 1 ? '' : 's'} from ${orders} order${orders === 1 ? '' : 's'}; ${picked} picked.`,
    pickListPrint: 'Print',
    pickListOrders: 'Orders on this list',
    pickListAll: 'Every pending order',
    pickListNoLocation: 'No location',
    pickListPicked: (card: string) => `Picked: ${card}`,
    pickListMarkFailed: 'The tick was not saved; try again.',
    pickedProgress: (picked: number, lines: number) => `Picked ${picked}/${lines}`,
    pickListSelected: (n: number) => `Pick list (${n} selected)`,
    selectOrder: (orderNumber: string) => `Select order ${orderNumber} for the pick list`,
    newOrderSound: 'Chime on new orders',
    newOrderBadge: 'Badge with the count',
    newOrderAlertLegend: 'When an order arrives (this device)',
    newOrdersBadge: (n: number) => `${n} new order${n === 1 ? '' : 's'}`,
    confirmed: 'Order confirmed!',
    confirmFailed: 'Failed to confirm order.',
    rejected: 'Order rejected!',
    rejectFailed: 'Failed to reject order.',
    pendingUpdated: 'Pending orders updated!',
    checkingHistory: 'Checking for new confirmed Orders...',
    confirmReject: (orderNumber: string) => `Reject order ${orderNumber}? Its cards go back to the inventory.`,
    pendingEmpty: 'No pending orders.',
    pendingLoading: 'Loading pending orders...',
    historyEmpty: 'No confirmed orders yet.',
    historyLoading: 'Loading order history...',
    onlineBadge: 'Online',
    onlineBadgeLabel: 'Reserved online by a customer',
    // Issue 38 (orders): the lists' Source column for a reservation (the Online badge is on its number already).
    sourceStorefront: 'Storefront',
    rejectReasonLabel: 'Reason (optional)',
    rejectReasonOnlineHint: 'The reason is mailed to the customer with the news that the order was cancelled.',
    rejectReasonHint: 'Kept with the order.',
    rejectReasonTooLong: 'The reason must be at most 500 characters.',
    heldUntil: 'Held Until',
    expiredTitle: 'Expired Reservations',
    expiredIntro:
      'Online reservations not confirmed within their hold time: their cards went back on sale and the customer was mailed.',
    expiredAt: 'Expired',
    confirmedAt: 'Confirmed',
    rejectedAt: 'Rejected',
    historyConfirmedTab: 'Confirmed',
    historyRejectedTab: 'Rejected',
    rejectedEmpty: 'No rejected orders.',
    rejectReason: 'Reason',
    // Issue 42: orders sold on a marketplace.
    marketBadgeLabel: (marketplace: string, code: string) => `Sold on ${marketplace}: its order ${code} there`,
    marketCode: (marketplace: string) => `${marketplace} Order`,
    attentionTitle: 'Needs Attention',
    attentionIntro:
      'Sold on a marketplace with copies no longer in stock (sold at the counter meanwhile). Find them, or cancel them there: a cancellation puts back what was taken. Then mark the order dealt with.',
    attentionBadge: 'Needs attention',
    missingTitle: 'Not in stock when it sold',
    missingLine: (quantity: number, name: string, setCode: string) =>
      `${quantity} × ${name}${setCode ? ` (${setCode})` : ''}`,
    attentionClear: 'Mark Dealt With',
    attentionClearing: 'Marking…',
    attentionClearFailed: 'The order could not be marked. Check your connection and try again.',
    // Issue 38: a confirmed online reservation picked up, or not.
    pickupUntil: 'Pick Up By',
    pickupBy: (deadline: string) => `Pick up by ${deadline}`,
    pickedUpButton: 'Picked Up',
    noShowButton: 'No-Show',
    pickedUp: 'Marked as picked up.',
    pickedUpFailed: 'Failed to mark the order as picked up.',
    noShow: 'Marked as a no-show: its cards are back on sale.',
    noShowFailed: 'Failed to mark the order as a no-show.',
    confirmNoShowEarly: (deadline: string) => `The deadline is ${deadline} — release the copies anyway?`,
    confirmNoShow: (orderNumber: string) =>
      `Mark order ${orderNumber} as a no-show? Its cards go back on sale and it no longer counts as a sale.`,
    releaseAnyway: 'Release the Copies',
    keepHolding: 'Keep Holding',
    closedAt: { picked_up: 'Picked Up', no_show: 'Released' },
  },
  devices: {
    fetchFailed: 'Failed to fetch devices',
    noAuthToken: 'No auth token found',
    removed: 'Device removed',
    removeFailed: 'Failed to remove device',
    createCodeFailed: 'Failed to create code',
    nameRequired: 'Please enter a device name.',
    confirmRemove: (name: string) => `Remove device "${name}"?`,
    never: 'Never',
    expiresNote: (minutes: number) => `This code expires in ${plural(minutes, 'minute')}.`,
  },
  inventory: {
    title: 'Inventory Management',
    searchPlaceholder: 'Live search shop inventory',
    empty: 'No shop inventory found.',
    loading: 'Loading shop inventory...',
    exporting: 'Exporting...',
    searching: 'Searching...',
    loadingSets: 'Loading sets...',
    foilAndNonfoil: 'Foil & Nonfoil',
    foilOnly: 'Foil Only',
    nonfoilOnly: 'Nonfoil Only',
    addToInventory: 'Add to Inventory',
    uploading: 'Uploading...',
    deleteWarning: 'This will permanently delete ALL inventory items in your shop.',
    cannotUndo: 'This action cannot be undone!',
    sealedKept: 'Sealed stock is kept: remove sealed products one by one in Sealed Stock.',
    countdown: (n: number) => `Please wait ${plural(n, 'second')} before you can confirm...`,
    canConfirm: 'You can now confirm the deletion.',
    deleteAll: 'DELETE ALL INVENTORY',
    deleting: 'Deleting...',
    added: 'Card added to inventory!',
    addFailed: 'Failed to add card.',
    updated: 'Inventory updated!',
    updateFailed: 'Failed to update inventory.',
    exported: 'CSV export completed successfully!',
    exportFailed: (reason: string) => `Failed to export CSV: ${reason}`,
    deletedAll: 'All inventory deleted successfully!',
    deleteFailed: (reason: string) => `Failed to delete inventory: ${reason}`,
    uploadSuccess: 'Mass upload successful!',
    importSkipped: (n: number) => `${n} line${n === 1 ? '' : 's'} with no copies skipped`,
    importSealed: (s: { rows: number; added: number; changed: number; unchanged: number }) =>
      `${s.rows} sealed product line${s.rows === 1 ? '' : 's'}: ${s.added} new, ${s.changed} changed, ${s.unchanged} unchanged`,
    reviewTitle: 'Which printing?',
    reviewIntro:
      'These lines name a card but not which printing. Pick one for each, or leave the line out: nothing is stocked on a guess.',
    reviewLine: (line: number, name: string) => `Line ${line}: ${name}`,
    reviewLeaveOut: 'Leave this line out',
    // sync helper (issue 38 item 2): the review shows the file's own printing, and says when the catalog lacks it.
    reviewAsWritten: (written: string) => `the file says ${written}`,
    reviewNotInCatalog: 'The file’s own printing is not in the catalog: import the catalog or leave it out.',
    reviewNoPrice: 'no market price',
    // sync helper (issue 39): the dialog mirrors the server's confirm_zero_rows rule.
    differenceKept: 'kept: its line was refused',
    syncZeroWarning: (zero: number, stocked: number) =>
      `This file sets ${zero} of your ${stocked} rows with copies to 0. Check it is your whole singles inventory.`,
    syncZeroConfirm: (zero: number) => `Yes, set ${plural(zero, 'row')} to 0`,
    exportFormatLabel: 'Export for',
    exportFormats: {
      cardstock: 'Cardstock',
      manabox: 'ManaBox',
      moxfield: 'Moxfield',
      deckbox: 'Deckbox',
      tcgplayer: 'TCGplayer',
      cardmarket: 'Cardmarket',
    },
    importModeLegend: 'What the file does',
    checking: (rows: number, matched: number) => `Checking: ${plural(rows, 'line')} read, ${matched} matched…`,
    checkProgress: 'Checking progress',
    importModes: {
      add: 'Add the copies to my stock',
      set: 'Set the quantities of the rows it names',
      sync: 'Make it my singles inventory (rows it does not name go to 0)',
    },
    differenceTitle: 'What changes',
    differenceSummary: (d: {
      new_rows: number;
      quantities_changed: number;
      prices_changed: number;
      zeroed: number;
      kept?: number;
      locations_changed?: number;
    }) =>
      [
        `${d.new_rows} new row${d.new_rows === 1 ? '' : 's'}`,
        `${d.quantities_changed} quantit${d.quantities_changed === 1 ? 'y' : 'ies'} changed`,
        `${d.prices_changed} price${d.prices_changed === 1 ? '' : 's'} changed`,
        ...(d.locations_changed
          ? [`${d.locations_changed} row${d.locations_changed === 1 ? '' : 's'} moved to another location`]
          : []),
        ...(d.zeroed ? [`${d.zeroed} row${d.zeroed === 1 ? '' : 's'} set to 0`] : []),
        ...(d.kept ? [`${d.kept} row${d.kept === 1 ? '' : 's'} kept as they are: their lines were refused`] : []),
      ].join(', '),
    differenceMore: (shown: number, all: number) => `The first ${shown} of ${all} changes.`,
    uploadCors: 'Mass upload failed due to CORS. Please contact support or try again later.',
    uploadFailed: 'Mass upload failed. If this is a CORS error, please contact support.',
    priceOwn: 'own price',
    priceRule: 'pricing rule',
    noPrice: 'No price',
    askingPrice: 'Asking price ($)',
    askingPriceHint: 'Empty: the pricing rule sets the price.',
    askingPriceOwnerOnly: 'Only the Owner or a Manager can change a price.',
    flagsNameTheRow: 'Signed and altered copies are rows of their own: add them as such from Add Card.',
    askingPriceInvalid: 'Enter a price of at least $0.01 with at most two decimals, or leave it empty.',
    repriceButton: 'Reprice…',
    repriceTitle: 'Reprice',
    repriceScope: (rows: number, filter: string) =>
      filter
        ? `The ${rows} row${rows === 1 ? '' : 's'} your search “${filter}” finds.`
        : `All ${rows} row${rows === 1 ? '' : 's'} of your inventory.`,
    repriceSet: 'Set a price',
    repricePercent: 'Raise or lower by a percentage',
    repriceClear: 'Clear back to the pricing rule',
    repriceValueSet: 'New price ($)',
    repriceValuePercent: 'Change (%), e.g. 10 or -10',
    repricePreviewing: 'Counting...',
    repriceApply: (n: number) => `Reprice ${n} row${n === 1 ? '' : 's'}`,
    repriceNothing: 'No row would change.',
    repriceUnpriced: (n: number) =>
      `${n} row${n === 1 ? ' has' : 's have'} no price and stay${n === 1 ? 's' : ''} as ${n === 1 ? 'it is' : 'they are'}.`,
    repriceFailed: 'Repricing failed.',
    changesButton: 'Price changes',
    changesTitle: 'Price changes',
    changesIntro: (refreshedAt: string, since: string | null) =>
      `Market prices were refreshed ${refreshedAt}${since ? `; compared with ${since}` : ''}. Rows with their own price keep it.`,
    changesNever: 'Market prices have not been refreshed yet: npm run cli -- cards prices, or PRICE_REFRESH_HOURS.',
    changesMinPercent: 'Moved at least (%)',
    changesLoading: 'Looking for price changes...',
    changesNone: (percent: number) => `No row’s market price moved ${percent} % or more in the last refresh.`,
    changesMore: (shown: number, total: number) => `Showing the ${shown} largest moves of ${total}.`,
    changesKeep: (price: string) => `Keep ${price}`,
    changesKept: (name: string, price: string) => `${name} stays at ${price}.`,
    // issue 38 (ui): Keep all on Price changes.
    changesKeepAll: (n: number) => `Keep all (${n})`,
    changesKeepAllTitle: 'Keep the prices from before',
    changesKeepAllAsk: (n: number, percent: number) =>
      `Keep the price customers paid before the refresh for the ${n} row${n === 1 ? '' : 's'} listed (moved ${percent} % or more) that follow the pricing rule? Each gets that price as its own asking price.`,
    changesAppeared: 'new price',
    changesVanished: 'no price now',
    // issue 41: storage locations.
    location: 'Location',
    locationPlaceholder: 'e.g. Binder 3 p12, Box A-04',
    locationHint: 'Where the copies are kept; empty for nowhere said. Search with loc:A-04.',
    locateButton: 'Set location…',
    locateTitle: 'Set location',
    locateScope: (rows: number, filter: string) =>
      filter
        ? `Put the ${rows} row${rows === 1 ? '' : 's'} your search “${filter}” finds at one location.`
        : `Put all ${rows} row${rows === 1 ? '' : 's'} of your inventory at one location.`,
    locateApply: (location: string) => (location ? `Put at ${location}` : 'Clear the location'),
    locateFailed: 'Setting the location failed.',
    // issue 41: quick add.
    quickAddButton: 'Quick add',
    quickAddTitle: 'Quick add',
    quickAddCodeLabel: 'Scan or type a code',
    quickAddCodePlaceholder: 'MH3 241, a card name, a label or a UPC — then Enter',
    quickAddHelp:
      'Each code adds one copy with the defaults below. Type f (foil), e (etched), n (non-foil), 1–5 (NM…D), l (next language) or a language code such as ja, then Enter, to change them. Ctrl+Z takes the last copy back.',
    quickAddDefaults: 'Defaults',
    quickAddFinish: 'Finish',
    quickAddCondition: 'Condition',
    quickAddLanguage: 'Language',
    quickAddWorking: (n: number) => (n === 1 ? 'Adding…' : `Adding… (${n} codes waiting)`),
    quickAddTotals: (copies: number, value: string, unpriced: number) =>
      `${copies === 1 ? '1 copy' : `${copies} copies`} added, worth ${value}${unpriced ? ` (${unpriced} without a price)` : ''}`,
    quickAddEmpty: 'Nothing added yet: scan a card’s code or type one, then Enter.',
    quickAddShowingLatest: (shown: number, all: number) =>
      `Showing the latest ${shown} of ${all} lines; the CSV holds them all.`,
    quickAddShowAll: 'Show all',
    quickAddDownload: 'Download CSV',
    quickAddNewSession: 'New session',
    quickAddNewSessionAsk:
      'Start a new session? The list below is cleared; the copies stay in stock and can no longer be undone from here.',
    quickAddUndo: 'Undo',
    quickAddUndone: 'undone',
    quickAddFailedLine: 'not added',
    quickAddPickTitle: (code: string) => `Which printing is “${code}”?`,
    quickAddPickHelp: '↑ ↓ to choose, Enter (or a click) to add it, Escape to skip the code.',
    quickAddNotAllowed: 'Your role may look at the stock but not add to it.',
    quickAddFailed: 'The code could not be added.',
    // issue 41: labels.
    labelsButton: 'Print labels…',
    labelsTitle: 'Print labels',
    labelsScope: (rows: number, filter: string) =>
      filter
        ? `Labels for the ${plural(rows, 'row')} your search “${filter}” finds.`
        : `Labels for all ${plural(rows, 'row')} of your inventory.`,
    labelsStock: 'Label stock',
    labelsPerCopy: 'One label per copy',
    labelsSkip: 'Positions already used on the first sheet',
    labelsReading: (read: number, total: number) => `Reading rows… ${read} of ${total}`,
    labelsCount: (labels: number, pages: number) => `${plural(labels, 'label')} on ${plural(pages, 'page')}.`,
    labelsTooMany: (max: number) => `At most ${max} labels at a time: narrow the search.`,
    labelsPrint: 'Print',
    labelsFailed: 'The rows could not be read.',
    labelsReprintButton: (n: number) => `Labels to reprint (${n})`,
    labelsReprintScope: (rows: number) =>
      `${plural(rows, 'row')} changed price since ${rows === 1 ? 'its label was' : 'their labels were'} printed.`,
    labelsSelectedButton: (n: number) => `Print labels for ${plural(n, 'row')} chosen`,
    labelsSelect: (card: string) => `Choose ${card} for labels`,
    labelsSelectedScope: (rows: number) => `Labels for the ${plural(rows, 'row')} you chose.`,
    labelsSealedButton: 'Sealed labels…',
    labelsSealedScope: (products: number, filter: string) =>
      filter
        ? `Labels for the ${plural(products, 'sealed product')} your search “${filter}” finds; each with its UPC/EAN when it has one.`
        : `Labels for all ${plural(products, 'sealed product')}; each with its UPC/EAN when it has one.`,
    labelsNoneFor: {
      search: 'No row to label: the search finds nothing with copies.',
      reprint: 'Every printed label shows its row’s price.',
      selected: 'No row chosen: tick rows on Inventory first.',
      sealed: 'No sealed product to label: the search finds nothing in stock.',
    },
    labelsMarkFailed: 'The labels printed, but could not be marked as printed; print them again later.',
  },
  activity: {
    title: 'Activity',
    intro: 'Who changed which stock row, price, order, team member or setting, and when.',
    notAllowed: 'Only the Owner and Managers can read the shop’s activity.',
    notSignedIn: 'Please log in to see the shop’s activity.',
    loading: 'Loading activity...',
    failed: 'Activity could not be loaded.',
    empty: 'No activity matches these filters.',
    person: 'Person',
    everyone: 'Everyone',
    kind: 'Kind',
    allKinds: 'All kinds',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
    datesBackwards: 'The “To” date must not be before the “From” date.',
    count: (total: number) => `${total} change${total === 1 ? '' : 's'}`,
    zeroedShow: (n: number) => `Show the ${n} row${n === 1 ? '' : 's'} set to 0`,
    zeroedMore: (n: number) => `and ${n} more row${n === 1 ? '' : 's'}, not listed`,
    zeroedCaption: 'Rows this import set to 0, with the copies each had',
  },
  priceTrend: {
    title: 'Market price',
    loading: 'Loading price history...',
    none: 'No price history yet: prices are kept from the first price refresh on.',
    noPrice: 'No market price',
    since: (percent: string, day: string) => `${percent} since ${day}`,
    failed: 'Price history could not be loaded.',
  },
  access: {
    forbidden: (role: string, action: string) => `${/^[AEIOU]/.test(role) ? 'An' : 'A'} ${role} cannot ${action}.`,
    noShop: 'This account has no shop.',
  },
  storefrontServer: {
    notFound: 'Shop not found',
    page: (page: number, pages: number) => `Page ${page} of ${pages}.`,
  },
  settingsServer: {
    saved: 'Shop settings saved.',
    subdomainTaken: 'Another shop already uses that subdomain. Choose another.',
  },
  teamServer: {
    invited: (email: string) => `Invitation sent to ${email}.`,
    alreadyOnTeam: (email: string) => `${email} is already on your team.`,
    notMember: (email: string) => `${email} is not on this shop’s team.`,
    ownerFixed: 'The Owner’s role cannot be changed, and the Owner cannot be removed.',
    roleUpdated: (email: string, role: string) => `${email} is now ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}.`,
    removed: (email: string) => `${email} was removed from the team.`,
    inviteInvalid: 'This invitation link is invalid or has expired. Ask the shop owner for a new one.',
    accepted: (shop: string) => `Welcome to ${shop}! You can log in now.`,
  },
  devicesServer: {
    codeUnknown: 'This code is not valid. Ask the staff for a new one.',
    codeUsed: 'This code was already used. Ask the staff for a new one.',
    codeExpired: 'This code has expired. Ask the staff for a new one.',
    paired: (shop: string) => `This tablet now takes orders for ${shop}.`,
    notFound: (name: string) => `No device "${name}" with that serial number in this shop.`,
    removed: (name: string) => `Device "${name}" removed.`,
    revoked: 'This tablet was removed from the shop. Ask staff to pair it again.',
    /** A device token this server does not know (its shop was deleted, or the token is not one of ours). */
    unknownToken: 'This tablet is not paired with any shop. Ask staff to pair it again.',
    /** Said to a customer at the tablet, not to the Owner: the Owner's screens say whom to write to. */
    shopSuspended:
      'This shop’s Cardstock account is suspended, so this tablet cannot take orders right now. Please ask staff.',
    staffOnly: 'This call needs a staff login, not a tablet.',
  },
  kiosk: {
    title: 'Pair this tablet',
    codeLabel: 'Pairing code',
    codeHint: 'Enter the code shown on the staff screen (Device Management → Create Code).',
    pair: 'Pair',
    pairing: 'Pairing...',
    pairFailed: 'Pairing failed. Check the code and try again.',
    calloutLead: 'Your order number',
    calloutNote: 'Show this number at the counter',
    newOrder: 'Start a new order',
    eyebrow: 'Order here',
    codePlaceholder: 'XXXX-XXXX',
    retry: 'Try again',
  },
  ordersServer: {
    placed: (orderNumber: string) => `Order ${orderNumber} placed.`,
    notToPick: (numbers: readonly string[]) =>
      `No pending or confirmed order ${numbers.map((n) => `#${n}`).join(', ')} to pick.`,
    picked: (orderNumber: string, line: number, picked: boolean) =>
      `Line ${line} of order #${orderNumber} ${picked ? 'picked' : 'no longer picked'}.`,
    noSuchLine: (orderNumber: string, line: number) => `Order #${orderNumber} has no line ${line}.`,
    pickClosed: (orderNumber: string, status: string) =>
      `Order #${orderNumber} is ${status.replace('_', ' ')}: there is nothing left to pick for it.`,
    notEnough: (card: string, left: number) =>
      left === 0 ? `${card}: none left in stock.` : `${card}: only ${left} left in stock.`,
    notInInventory: (card: string) => `${card} is not in this shop’s inventory.`,
    noSuchSealed: (id: number) => `Sealed product ${id} is not in this shop’s stock.`,
    noPrice: (cards: string[]) =>
      `${cards.join(', ')} ${cards.length === 1 ? 'has' : 'have'} no price yet, so ${cards.length === 1 ? 'it' : 'they'} cannot be sold: ask staff to price ${cards.length === 1 ? 'it' : 'them'}.`,
    notFound: (orderNumber: string) => `Order ${orderNumber} was not found.`,
    notPending: (orderNumber: string, status: string) => `Order ${orderNumber} is no longer pending: it was ${status}.`,
    confirmed: (orderNumber: string) => `Order ${orderNumber} confirmed.`,
    rejected: (orderNumber: string) => `Order ${orderNumber} rejected; its stock is back in the inventory.`,
    badIdempotencyKey: 'Idempotency-Key must be 1 to 200 characters.',
    idempotencyMismatch:
      'This Idempotency-Key already placed an order with another cart. Send a new key for a new order.',
    // Issue 38 (orders): credit an Employee granted today is not spent on an order the same Employee confirms.
    // Issue 38: a confirmed reservation picked up or not.
    pickedUp: (orderNumber: string) => `Order ${orderNumber} picked up.`,
    noShow: (orderNumber: string) => `Order ${orderNumber} marked a no-show; its cards are back on sale.`,
    notReservation: (orderNumber: string) =>
      `Order ${orderNumber} is not an online reservation: only those are picked up or missed.`,
    notReadyForPickup: (orderNumber: string, status: string) =>
      `Order ${orderNumber} is not waiting for pickup: it is ${status.replace('_', ' ')}.`,
    confirmOwnCredit: (orderNumber: string) =>
      `Order ${orderNumber} is paid with store credit you granted in the last 24 hours: an Owner or a Manager must confirm it.`,
    // Issue 42: orders from a marketplace.
    /** A marketplace order cancelled there: the reason its rejected order keeps. */
    cancelledOn: (marketplace: string) => `Cancelled on ${marketplace}.`,
    attentionCleared: (orderNumber: string) => `Order ${orderNumber} no longer needs attention.`,
    nothingMissing: (orderNumber: string) => `Order ${orderNumber} has nothing missing to deal with.`,
  },
  // Issue 44: the counter register.
  registerServer: {
    sold: (saleNumber: string, changeText: string) =>
      changeText ? `Sale ${saleNumber} complete. Change due: ${changeText}.` : `Sale ${saleNumber} complete.`,
    short: (dueText: string, paidText: string) => `The tenders come to ${paidText}, less than the ${dueText} due.`,
    overNonCash: (dueText: string) =>
      `Card, store credit and other tenders come to more than the ${dueText} due: only cash gives change.`,
    creditNeedsCustomer: 'Store credit needs a customer: attach one to the sale first.',
    creditOverBalance: (balanceText: string) => `The customer has ${balanceText} of store credit: tender no more.`,
    tenderNotPositive: 'Every tender must be more than $0.00.',
    discountOverLimit: (limit: number) =>
      `An Employee may discount a sale by at most ${limit} %: ask an Owner or a Manager for more.`,
    idempotencyMismatch:
      'This Idempotency-Key already rang up a sale with another cart. Send a new key for a new sale.',
    receiptNotFound: 'No receipt was found at this link.',
    // Trade-in in the sale (issue 44).
    tradeInPayoutMissing: 'trade_in_payout is cash or credit.',
    tradeInNotWanted: (card: string, why: string) => `The shop does not buy ${card} now: ${why}.`,
    tradeInFewerWanted: (card: string, wanted: number, asked: number) =>
      `The shop buys ${wanted} of the ${asked} copies of ${card} now: trade in ${wanted} at most.`,
    tradeInCreditNeedsCustomer: (extraText: string) =>
      `The trade-in is worth ${extraText} more than the sale: attach the customer whose store credit it goes on.`,
    tradeInPaid: (payout: 'cash' | 'credit', amountText: string) =>
      payout === 'cash'
        ? `Pay ${amountText} in cash for the trade-in.`
        : `${amountText} of trade-in credit added to the customer’s store credit.`,
    unknownCode: (code: string) => `No card or sealed product matches “${code}”.`,
    ambiguousCode: (code: string, ways: string) => `${code} is in stock as ${ways}: choose one on the screen.`,
    orderNotOpen: (orderNumber: string, status: string) =>
      `Order ${orderNumber} is ${status.replace('_', ' ')}: only a pending order or a reservation waiting for pickup can be rung up, once.`,
    prepaidOverDue: (prepaidText: string, dueText: string) =>
      `The order already took ${prepaidText} of store credit, more than the ${dueText} it now comes to: give a smaller discount.`,
    saleItem: 'Each item is { scryfall_id, finish, quantity }, { sealed_id, quantity } or { code, quantity }.',
  },
  reservationsServer: {
    reserved: (orderNumber: string, email: string) =>
      `Reservation ${orderNumber} received. We sent a confirmation to ${email}; the shop will confirm it when it is ready for pickup.`,
    notTaking: 'This shop does not take online reservations.',
    idempotencyKeyRequired: 'Send an Idempotency-Key header (1 to 200 characters) with each reservation.',
    tooManyOpen: (max: number) =>
      `You already have ${max} open reservations at this shop. Wait until the shop confirms one, or pick up what you reserved, before reserving more.`,
    statusNotFound: 'No order with that number and e-mail address was found at this shop.',
    // The shop's own reservation limits (issue 38), each refusal naming its limit.
    tooManyCopies: (max: number, name: string) =>
      `You can reserve at most ${max} ${max === 1 ? 'copy' : 'copies'} of ${name} in one reservation. Lower the quantity and try again.`,
    tooManyLines: (max: number) =>
      `A reservation at this shop can hold at most ${max} different ${max === 1 ? 'card' : 'cards'}. Reserve the rest in another reservation once this one is picked up.`,
    overValue: (max: string, total: string) =>
      `A reservation at this shop can be worth at most ${max}; this one is ${total}. Remove some cards and try again.`,
    tooManyOpenFromAddress: (max: number) =>
      `${max} open reservations were already placed from your network at this shop. Wait until the shop confirms one before reserving more.`,
    notTakingNow:
      'This shop is not taking more reservations right now: it holds as many cards for customers as it can. Try again later, or visit or call the shop.',
    /** `deadline`: the pickup deadline as the customer reads it, once confirmed. */
    status: (status: 'pending' | 'confirmed' | 'rejected' | 'expired' | 'picked_up' | 'no_show', deadline?: string) =>
      ({
        pending: 'Your reservation is waiting for the shop to confirm it.',
        confirmed: deadline
          ? `Your order is ready for pickup. The shop holds it for you until ${deadline}.`
          : 'Your order is ready for pickup.',
        rejected: 'The shop could not fill this order.',
        expired: 'This reservation expired before the shop confirmed it; its cards went back on sale.',
        picked_up: 'You picked up this order.',
        no_show: deadline
          ? `This reservation was not picked up by ${deadline}, so the cards went back on sale.`
          : 'This reservation was not picked up in time, so the cards went back on sale.',
      })[status],
  },
  inventoryServer: {
    added: (n: number, name: string) => `Added ${n} × ${name}.`,
    updated: 'Inventory updated!',
    repriced: (changed: number) => `Repriced ${changed} row${changed === 1 ? '' : 's'}.`,
    // issue 38 (ui): Keep all on Price changes.
    keptAll: (kept: number) =>
      kept === 0
        ? 'No row on the list had a price to keep.'
        : `${kept} row${kept === 1 ? '' : 's'} keep${kept === 1 ? 's' : ''} the price customers paid before.`,
    repriceUnderCent: (rows: number) =>
      `Nothing was repriced: ${rows} row${rows === 1 ? '' : 's'} would cost less than $0.01 (sold for $0). ` +
      'Narrow the search or choose a smaller cut.',
    repricePreview: (changed: number, matched: number) =>
      `${changed} of ${matched} row${matched === 1 ? '' : 's'} would change price.`,
    notInInventory: 'That card, finish and quality is not in your inventory.',
    locationText: 'location must be text.',
    locationTooLong: (max: number) => `A location can be at most ${max} characters.`,
    located: (changed: number, location: string | null) =>
      location
        ? `${plural(changed, 'row')} now kept at ${location}.`
        : `${plural(changed, 'row')} no longer ${changed === 1 ? 'has' : 'have'} a location.`,
    labelsMarked: (n: number) => `${plural(n, 'label')} marked as printed.`,
    noSuchFinish: (name: string, finish: string) => `${name} has no ${finish} printing.`,
    // issue 41: quick add.
    quickAdded: (name: string, what: string) => `Added 1 × ${name} (${what}).`,
    quickAddedSealed: (name: string) => `Added 1 × ${name}.`,
    quickAddUnknown: (code: string) =>
      `Nothing matches “${code}”: type a set code and number (MH3 241), a card’s full name, or scan a label or UPC.`,
    quickAddPick: (code: string, n: number) => `${n} printings match “${code}”: pick one.`,
    quickAddNoFinish: (name: string, what: string, finish: string, has: string) =>
      `${name} (${what}) has no ${finish} printing; it comes ${has}.`,
    quickAddUndone: (name: string) => `Took 1 × ${name} back off the stock.`,
    quickAddUndoUnknown: 'There is no such addition to undo.',
    quickAddUndoTwice: 'That addition was undone already.',
    quickAddUndoGone: (name: string) => `${name} has no copy left to take back: it was sold or edited meanwhile.`,
    deletedAll: (n: number) => `Deleted ${n} inventory item${n === 1 ? '' : 's'}.`,
    importNoFile: 'Choose a .csv file to upload.',
    importNotCsv: 'The file is not a CSV file.',
    importTooLarge: 'The file is too large: at most 50 MB.',
    importDone: (rows: number) => `Imported ${plural(rows, 'line')}.`,
    importDryRun: (rows: number, refused: number) =>
      refused
        ? `${plural(rows, 'line')} can be imported; ${refused} cannot.`
        : rows === 1
          ? 'The line can be imported.'
          : `All ${rows} lines can be imported.`,
    importRefused: (refused: number) =>
      `${plural(refused, 'line')} cannot be imported, so nothing was imported. Fix them, or import the other lines.`,
    noPrinting: (what: string) => `No printing found for ${what}.`,
    nameMismatch: (named: string, printing: string, actual: string) =>
      `The file names "${named}", but ${printing} is "${actual}".`,
    severalPrintings: (what: string, n: number) =>
      n === 1
        ? `The printing ${what} names is not in the catalog; one printing of the name is: pick it, or leave the line out.`
        : `${n} printings match ${what}: pick one, or leave the line out.`,
    pickNotCandidate: (line: number) => `The printing picked for line ${line} is not one the line could be.`,
    picksInvalid: 'picks must be JSON such as {"12": "<Scryfall id>"}.',
    importModeInvalid: 'mode must be add, set or sync.',
    importExpired: 'This upload is no longer kept (30 minutes after its check). Choose the file again.',
    importIdTaken: 'This import_id is taken: send another.',
    syncEmpty:
      'Nothing in this file can be stocked, so a sync would set your whole inventory to 0. Nothing was changed.',
    // sync helper (issue 39): a sync that takes most of the stock is confirmed with its count.
    syncConfirmNeeded: (zero: number, stocked: number) =>
      `This sync sets ${zero} of your ${stocked} rows with copies to 0. Nothing was changed: to go ahead, send confirm_zero_rows: ${zero}.`,
    syncConfirmChanged: (zero: number) =>
      `The stock changed since the check: this sync now sets ${zero} rows to 0. Nothing was changed: check the file again.`,
    confirmZeroRowsInvalid: 'confirm_zero_rows must be a whole number.',
    // sync helper (issue 38 item 17): the bounds add and edit keep, on imports too.
    importPriceTooHigh: (dollars: number) => `Price $${dollars} is more than $100000, the most an asking price can be.`,
    importRowTooMany: (row: string, quantity: number) =>
      `The file brings ${row} to ${quantity} copies; a row holds at most 100000. Nothing was imported.`,
  },
  sealed: {
    title: 'Sealed Stock',
    filterPlaceholder: 'Filter sealed stock',
    addButton: 'Add Sealed Product',
    addTitle: 'Add Sealed Product',
    editTitle: 'Edit Sealed Product',
    addConfirm: 'Add Product',
    save: 'Save',
    saving: 'Saving...',
    removeTitle: 'Remove Sealed Product',
    remove: 'Remove',
    removing: 'Removing...',
    confirmRemove: (name: string) => `Remove ${name} from sealed stock?`,
    empty: 'No sealed products yet.',
    noMatch: (filter: string) => `No sealed products match "${filter}".`,
    loading: 'Loading sealed stock...',
    outOfStock: 'Out of stock',
    pagesLabel: 'Sealed stock pagination',
    saveFailed: 'Failed to save the sealed product.',
    removeFailed: 'Failed to remove the sealed product.',
    added: (qty: number, name: string) => `Added ${qty} × ${name} to sealed stock.`,
    updated: 'Sealed product updated.',
    deleted: (name: string) => `${name} removed from sealed stock.`,
    notFound: 'That sealed product is not in your shop.',
    duplicate: 'Another sealed product already has this name, category and set.',
    tooMany: (name: string) => `A shop can hold at most ${sealedLimits.maxQuantity} × ${name}.`,
    nameRequired: 'Name is required.',
    nameTooLong: `Name must be at most ${sealedLimits.nameMaxLength} characters.`,
    categoryInvalid: `Category must be one of ${sealedCategories.join(', ')}.`,
    setCodeText: 'Set code must be text.',
    setCodeRequired: 'Set code is required: send "" for no set.',
    setCodeTooLong: `Set code must be at most ${sealedLimits.setCodeMaxLength} characters.`,
    priceRequired: 'Price is required.',
    priceInvalid: 'Price must be a number.',
    priceNegative: 'Price cannot be negative.',
    priceTooHigh: `Price must be at most $${sealedLimits.maxPriceDollars}.`,
    priceCents: 'Price can have at most 2 decimals.',
    priceUnderCent: 'Price must be 0 (not for sale) or at least $0.01.',
    quantityRequired: 'Quantity is required.',
    quantityInvalid: 'Quantity must be a whole number.',
    quantityNegative: 'Quantity cannot be negative.',
    quantityTooHigh: `Quantity must be at most ${sealedLimits.maxQuantity}.`,
    idInvalid: 'id must be a whole number.',
    upcLabel: 'UPC / EAN',
    upcInvalid: 'UPC / EAN must be 8, 12, 13 or 14 digits ending in a valid check digit.',
    upcText: 'UPC / EAN must be text.',
    upcDuplicate: (name: string) => `${name} already has this UPC / EAN.`,
  },
  team: {
    fillAll: 'Please enter name, email, and role.',
    addFailed: 'Failed to add user.',
    added: 'User added!',
    roleFailed: 'Failed to update role.',
    roleUpdated: 'Role updated!',
    removeFailed: 'Failed to remove user.',
    removeNetwork: 'Failed to remove worker from team. Please try again later.',
    removed: 'User removed!',
    confirmRemove: (name: string) => `Remove ${name} from the team? They are signed out at once.`,
    ownerOnly: 'Only the shop owner manages the team.',
    inviteMissing: 'This invitation link is incomplete.',
    acceptTitle: 'Join your shop',
  },
  stats: {
    valueBreakdown: (singles: string, sealed: string) => `Singles ${singles}, sealed ${sealed}, at today's prices.`,
    unpriced: (rows: number, copies: number) =>
      `${rows} ${rows === 1 ? 'row' : 'rows'} (${copies} ${copies === 1 ? 'copy' : 'copies'}) without a price ${rows === 1 ? 'is' : 'are'} not counted.`,
    loading: 'Loading statistics...',
    error: 'Error loading statistics',
    httpError: (code: number) => `HTTP error! status: ${code}`,
    failed: 'Failed to fetch statistics',
    noSales: 'No sales yet.',
    lowStockTitle: 'Low Stock',
    lowStockIntro: (threshold: number) =>
      threshold === 0
        ? 'Sold-out rows and sealed products (threshold 0, in Shop Settings).'
        : `Rows and sealed products with ${threshold} ${threshold === 1 ? 'copy' : 'copies'} or fewer (threshold in Shop Settings).`,
    lowStockNone: 'Nothing is running low.',
    lowStockMore: (shown: number, total: number) => `The ${shown} with the fewest copies of ${total}.`,
    lowStockSettings: 'Change the threshold',
    lowStockShowAll: (count: number) => `Show all ${count}`,
    sealed: 'Sealed',
  },
  settings: {
    // issue 38 (ui): no PUBLIC_URL, said where the owner sees the links.
    publicUrlMissing: (url: string) =>
      `No public address is configured (PUBLIC_URL is not set): the tablet pairing QR code and the links in e-mails point at ${url}, which only this machine opens. Set PUBLIC_URL to the address customers and tablets reach.`,
    reservationsLegend: 'Online reservations',
    reservationsSwitch: 'Let customers reserve cards on the storefront and pick them up in store',
    reservationsHint:
      'Reserved cards are taken off sale at once. Each reservation waits in Order Management for you to confirm it; the customer gets a mail when it is placed, ready for pickup, rejected, expired or not picked up.',
    holdHoursLabel: 'Hold time (hours)',
    holdHoursHint:
      'A reservation not confirmed within this time expires and its cards go back on sale: 1 to 336 hours (48 by default).',
    pickupDaysHint:
      'A confirmed reservation is held this many days for pickup (7 by default, 1 to 60): the customer is told until when. Past it, mark it a no-show in Order History and its cards go back on sale.',
    timeZoneLabel: 'Time zone',
    timeZoneNone: 'Not set (times in UTC)',
    timeZoneHint: 'Customers’ mails give the hold time and the pickup deadline in this time zone.',
    pickupHoursLabel: 'Pickup hours',
    pickupHoursHint:
      'When customers can pick up, as they should read it (for example “Mon–Sat 10:00–19:00”): in every reservation mail and on the order status page.',
    // The shop's reservation limits (issue 38).
    reservationLimitsHeading: 'Limits per customer',
    reservationLimitLabels: {
      max_copies_per_printing: 'Copies of one printing per reservation',
      max_lines: 'Lines per reservation',
      max_total: 'Value per reservation ($)',
      max_open_per_email: 'Open reservations per e-mail',
      max_open_per_address: 'Open reservations per network address',
      max_held_copies: 'Copies held by all open reservations',
      pickup_days: 'Days held for pickup',
    },
    reservationLimitsHint:
      'So one customer cannot hold your stock. A reservation over a limit is refused and the customer is told which limit; past the copies held by all open reservations, the storefront takes no more until you confirm or reject some.',
    lowStockLegend: 'Low stock',
    // Issue 44: the counter register's tax and discounts.
    registerLegend: 'Register',
    taxRateLabel: 'Sales tax (%)',
    taxRateHint:
      'Added to each sale at the register on what it comes to after discounts, rounded once to the cent; 0 for none.',
    pricesIncludeTax: 'Shelf prices already include the tax',
    pricesIncludeTaxHint: 'The register then takes the shelf price and shows on the receipt the part that was tax.',
    discountLimitLabel: 'Employee discount limit (%)',
    discountLimitHint:
      'How much of a sale an Employee may discount at the register; Owners and Managers may give more.',
    returnPolicyLabel: 'Return policy (printed on receipts)',
    returnPolicyHint: 'For example: “Returns within 14 days with the receipt; singles must be in the same condition.”',
    lowStockLabel: 'Low-stock threshold (copies)',
    lowStockHint:
      'Statistics list the rows and sealed products holding this many or fewer; 0 lists only the sold-out ones.',
    loading: 'Loading shop settings...',
    loadFailed: 'Failed to load shop settings',
    notAuthenticated: 'Not authenticated',
    saveFailed: 'Failed to save shop settings',
    saved: 'Shop settings saved successfully!',
    saving: 'Saving...',
    reset: 'Settings reset to last saved values',
    makePublic: 'Make shop inventory publicly visible',
    notAllowed: 'Only the Owner or a Manager can change shop settings.',
    dataTitle: 'Your shop’s data',
    dataText:
      'Download everything Cardstock holds about your shop (shop details, team, stock, orders, devices, subscription and history) as one JSON file.',
    dataDownload: 'Download all data',
    dataPreparing: 'Preparing download...',
    dataSaved: (file: string) => `Saved ${file}`,
    dataFailed: (reason: string) => `Download failed: ${reason}`,
  },
  ordering: {
    unknownCard: 'Unknown Card',
    noResults: 'No cards found for your search',
    noInventory: 'No inventory available',
    onlyAvailable: (n: number) => `Only ${n} available in stock`,
    cannotAddMore: (n: number) => `Cannot add more. Only ${n} available in stock`,
    cartEmpty: 'Cart is empty',
    placing: 'Placing Order...',
    failed: 'Failed to place order',
    network: 'Network error. Please try again.',
    placed: (orderNumber: string) => `Order placed successfully! Order number: ${orderNumber}`,
    browseOnly: 'You can browse the stock here. Orders are placed by an Owner, a Manager or an Employee.',
  },
  billing: {
    loading: 'Loading Stripe data...',
    heading: 'Stripe Management',
    noSubscription: 'No active subscription found.',
    noPayments: 'No payments found.',
    authRequired: 'Authentication required',
    loadFailed: 'Failed to load Stripe data',
    confirmCancel: 'Are you sure you want to cancel your subscription?',
    ownerOnly: 'Only the shop Owner manages the subscription.',
    trialRenews: (date: string) => `Free trial until ${date}. After that the plan renews every month.`,
    trialEnds: (date: string) => `Free trial until ${date}. Upgrade before then to keep your storefront online.`,
    cancelling: (date: string) =>
      `Your subscription is cancelled. Everything keeps working until ${date}; after that your public storefront goes offline. Nothing is deleted.`,
    ended:
      'Your subscription has ended, so your public storefront is offline. You and your team keep full access to inventory, orders and exports, and nothing is deleted. Upgrade to bring the storefront back.',
    cancelEffect: (date: string) =>
      `You keep full access until ${date}. After that your public storefront goes offline; your inventory, orders and team stay as they are.`,
    refundNote: (days: number) =>
      `Payments can be refunded within ${days} days of the first or a renewal payment (Terms of Service). Contact support to ask for a refund.`,
    localPaymentMethods:
      'This Cardstock server keeps subscriptions and payments itself: no card is stored, so there is no card to change. To pay by card, the operator connects Stripe (BILLING_PROVIDER=stripe). For questions about a payment or a refund, contact support.',
    checkoutReturned: 'Thank you! Stripe is confirming your payment; the new plan shows here as soon as it arrives.',
  },
  billingServer: {
    upgraded: (plan: string) => `Your plan is now ${plan}.`,
    checkout: 'Continue on Stripe Checkout to finish the upgrade.',
    topPlan: 'This shop is already on the highest plan.',
    cancelled: (date: string) => `Subscription cancelled. Access continues until ${date}.`,
    alreadyCancelled: 'This subscription is already cancelled.',
    resumed: (date: string) => `Subscription resumed. It renews on ${date}.`,
    resumedTrial: (date: string) => `Cancellation undone. Your free trial runs until ${date}.`,
    notCancelled: 'This subscription is not cancelled: it renews as usual.',
    ended: 'This subscription has already ended.',
    portalLocal: 'Billing is kept by this server, with no card on file: there is no payment method to change.',
    stripeDisabled: 'Stripe billing is not enabled on this server.',
    badSignature: 'The Stripe-Signature header is missing or does not match this payload.',
    stripeUnavailable: 'Stripe could not be reached. Please try again in a moment.',
    changedMeanwhile: 'The subscription changed a moment ago. Reload the page to see it.',
  },
  shopHome: {
    cardInventory: 'Card Inventory',
    goToPage: 'Go to page',
    searchPages: 'Search pages…',
    noPageMatches: 'No page matches',
    firstPageOnly: (shown: number) => `Showing the first ${shown} cards.`,
    seeAll: 'See them all in Inventory Management',
    loadFailed: 'Failed to load shop inventory',
  },
  storefront: storefrontMessages,
  storefrontCart: storefrontCartMessages,
  buylist: buylistMessages,
  customers: customerMessages,
  catalog: {
    cardNotFound: 'Card not found.',
  },
  cardDetails: {
    noId: 'Scryfall ID not found in URL',
    fetchFailed: 'Failed to fetch card details',
  },
  admin: {
    deleteStoreTitle: 'Delete this store',
    deleteStoreText:
      'Deletes the store and everything of it for good: its team, stock, orders, devices, subscription and history (privacy policy). To keep it but shut it, deactivate it instead.',
    deleteStoreButton: 'Delete Store…',
    deleteStoreConfirm: 'Delete Store',
    deleteStoreBusy: 'Deleting...',
    deleteStoreWarning: (name: string) => `This deletes ${name} and everything of it. It cannot be undone.`,
    deleteStoreType: 'Type the store’s name to confirm',
    storeIdRequired: 'Store ID required',
    storeNotFound: 'Store not found',
    orderManagementSoon: 'Order management coming soon',
    dashboardTitle: 'Admin Dashboard',
    goToLogin: 'Go to Login',
    accessTitle: 'Access denied',
    backToAdmin: 'Back to Admin Dashboard',
    loading: 'Loading...',
    loadFailed: 'Failed to load data.',
    saveFailed: 'Failed to save.',
    noStores: 'No stores found.',
    noItems: 'No inventory items found.',
    noUsers: 'No users found.',
    noOrders: 'This store has no orders yet.',
    confirmBulk: (percent: number, n: number) =>
      `${percent > 0 ? 'Increase' : 'Decrease'} the price of ${n} item${n === 1 ? '' : 's'} by ${Math.abs(percent)}%?`,
    confirmDeleteItem: (name: string, store: string) => `Delete ${name} from ${store}? This cannot be undone.`,
    confirmDeleteUser: (email: string) =>
      `Delete the user ${email}? Their sessions end at once. This cannot be undone.`,
    superadminLocked: 'A superadmin’s role cannot be changed.',
  },
  adminServer: {
    staffOnly: 'The admin area is for Cardstock platform staff only.',
    storeActivated: (name: string) => `${name} is active again: its staff can log in and its storefront is back.`,
    storeDeactivated: (name: string) =>
      `${name} is deactivated: its staff cannot log in and its storefront is hidden. Nothing was deleted.`,
    storeDeleted: (name: string) =>
      `${name} and everything of it (team, stock, orders, devices, subscription, history) were deleted.`,
    storeDeleteName: 'The name typed does not match the shop’s name: nothing was deleted.',
    storeCreated: (name: string, email: string) => `${name} was created; an invitation was sent to ${email}.`,
    storeSaved: (name: string) => `${name} saved.`,
    subdomainRequired: 'Subdomain is required.',
    ownerEmailTaken: 'That owner e-mail address already has a Cardstock account.',
    settingsSaved: 'System settings saved.',
    userNotFound: 'User not found.',
    userUpdated: (email: string) => `${email} saved.`,
    userDeleted: (email: string) => `${email} was deleted.`,
    superadminProtected: 'A superadmin cannot be deleted, deactivated or have its role changed.',
    onlySuperadminGrants: 'Only a superadmin can make another superadmin.',
    notYourself: 'You cannot change or delete your own account here.',
    ownerDelete: (shop: string) =>
      `This user owns ${shop}. Deactivate the shop instead; a shop cannot be left without its owner.`,
    itemNotFound: 'Inventory item not found.',
    itemUpdated: (name: string) => `${name} updated.`,
    itemDeleted: (name: string) => `${name} deleted.`,
    bulkPriceChanged: (n: number, percent: number) =>
      `${percent > 0 ? 'Raised' : 'Lowered'} the asking price of ${n} item${n === 1 ? '' : 's'} by ${Math.abs(percent)}%.`,
    inviteCreated: 'Invite code created.',
  },
} as const;
