/**
 * Texts of the marketplace channels (issue 42): the server's refusals and the Channels screen's words. Kept apart
 * from the spec's catalogue, as the drawer's are.
 */
export const channelMessages = {
  server: {
    /** Turned on with no token saved and none sent. */
    tokenFirst: (marketplace: string) => `Paste the API token from your ${marketplace} settings to connect it first.`,
    /** The marketplace did not answer the token check: nothing was saved. */
    unavailable: (marketplace: string) =>
      `${marketplace} did not answer, so the token could not be checked and nothing was saved. Try again in a minute.`,
    /** A production server started without CHANNEL_SECRET_KEY over a database that keeps sealed tokens. */
    keyMissingAtStart:
      'CHANNEL_SECRET_KEY is not set, but marketplace channels keep API tokens sealed under it: set it to the key they were sealed with (64 hex characters) and start again.',
    /** Production without CHANNEL_SECRET_KEY: no token can be kept (503). */
    noKey: 'This server cannot keep marketplace tokens yet: its operator must set CHANNEL_SECRET_KEY.',
    /** A sync asked of a channel that is paused or never turned on (409). */
    paused: (marketplace: string) => `${marketplace} is paused: turn it on to list there.`,
    /** Another server (or tab) is pushing the channel right now (409). */
    busy: (marketplace: string) => `${marketplace} is being updated right now. Try again in a minute.`,
    /** The marketplace stopped answering during a sync: what was sent is finished by the next one (503). */
    syncUnavailable: (marketplace: string) =>
      `${marketplace} did not answer. Nothing is lost: the next sync finishes what this one started.`,
    /** The marketplace refused the saved token: the channel is paused until the owner gives another. */
    revoked: (marketplace: string, why: string) =>
      `${why} The channel is paused: paste a new API token from your ${marketplace} settings to turn it on again.`,
    synced: (marketplace: string, created: number, updated: number, removed: number, taken = 0, cancelled = 0) => {
      const orders = [
        taken ? `${taken} new order${taken === 1 ? '' : 's'} taken from stock` : '',
        cancelled ? `${cancelled} cancelled order${cancelled === 1 ? '' : 's'} put back` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const listed =
        created + updated + removed === 0
          ? `${marketplace} already lists your stock as it is.`
          : `${marketplace} updated: ${created} listed, ${updated} changed, ${removed} taken down.`;
      return orders ? `${listed} ${orders[0]!.toUpperCase()}${orders.slice(1)}.` : listed;
    },
    /** What a reconciliation (issue 42) found, as its answer says it. */
    reconciled: (marketplace: string, corrections: number, handListed: number) =>
      `${
        corrections === 0
          ? `${marketplace} lists exactly what Cardstock expects.`
          : `${corrections} difference${corrections === 1 ? '' : 's'} with ${marketplace} put right.`
      }${handListed ? ` ${handListed} product${handListed === 1 ? '' : 's'} listed there by hand ${handListed === 1 ? 'is' : 'are'} left alone.` : ''}`,
  },
  /** The mail to the shop's Owners when a marketplace refuses the channel's token. */
  revokedMail: {
    subject: (marketplace: string) => `${marketplace} stopped accepting Cardstock's API token`,
    text: (shopName: string, marketplace: string, why: string, channelsUrl: string) =>
      `${marketplace} refused the API token ${shopName} connected to Cardstock: ${why}\n\n` +
      `The ${marketplace} channel is paused: Cardstock no longer lists your stock there or takes its orders, so ` +
      `what sells there from now on does not leave your stock in Cardstock.\n\n` +
      `Paste a new API token from your ${marketplace} settings on the Marketplace Channels screen to turn it on again:\n` +
      `${channelsUrl}\n`,
  },
  /** Why a stock row is not listed on a marketplace, as the Channels screen counts them. */
  unlisted: {
    noPrinting: (marketplace: string) => `${marketplace} has no listing for the printing`,
    noPrice: 'No price: no asking price and no market price',
    kept: 'All its copies are kept for the counter',
    language: (marketplace: string) => `${marketplace} does not sell the card in its language`,
    condition: (marketplace: string) => `${marketplace} does not take its condition for the card`,
  },
  screen: {
    title: 'Marketplace Channels',
    notAllowed: 'Only the Owner and Managers manage marketplace channels.',
    notAuthenticated: 'Please log in to manage marketplace channels.',
    loading: 'Loading channels…',
    loadFailed: 'The channels could not be loaded. Check your connection and try again.',
    saveFailed: 'The channel could not be saved. Check your connection and try again.',
    syncFailed: 'The channel could not be synced. Check your connection and try again.',
    saved: (marketplace: string) => `${marketplace} settings saved.`,
    connectedAs: (account: string) => `Connected as ${account}`,
    notConnected: 'Not connected',
    tokenHint: (marketplace: string) =>
      `Find it in your ${marketplace} profile's settings, under API. It is checked with ${marketplace} when you save and never shown again.`,
    tokenSaved: 'A token is saved: paste a new one only to replace it.',
    nothingListed: 'Nothing is listed yet.',
    reconcileButton: (marketplace: string) => `Check against ${marketplace}`,
    reconcileRunning: 'Checking…',
    reconcileFailed: 'The check could not be run. Check your connection and try again.',
    lastCheck: (marketplace: string, when: string, corrections: number) =>
      `Last compared with ${marketplace}’s own listings ${when}: ${
        corrections === 0 ? 'no differences.' : `${corrections} difference${corrections === 1 ? '' : 's'} put right.`
      }`,
    correctionsCaption: 'Put right',
    correctionActions: {
      listed_again: 'Gone there: listed again',
      corrected: 'Copies or price set back',
      taken_down: 'Not in the stock: taken down',
    },
    handListedCaption: (marketplace: string, total: number) =>
      `Listed by hand on ${marketplace} (left alone): ${total} product${total === 1 ? '' : 's'}`,
    moreNotShown: (more: number) => `…and ${more} more.`,
  },
} as const;
