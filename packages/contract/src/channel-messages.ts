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
    /** Production without CHANNEL_SECRET_KEY: no token can be kept (503). */
    noKey: 'This server cannot keep marketplace tokens yet: its operator must set CHANNEL_SECRET_KEY.',
  },
} as const;
