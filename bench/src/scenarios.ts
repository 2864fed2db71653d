import { limits } from '@cardstock/contract';

/** A load scenario: request shapes replayed by autocannon (in turn) against a running server. */
export interface Scenario {
  name: string;
  description: string;
  connections: number;
  /**
   * What the server must hold first: the catalog, or a shop with 100,000 rows
   * (whose token replaces $TOKEN, the Scryfall id of a row with 100,000
   * copies in stock replaces $CARD, and a 200-line sell list of its printings
   * replaces "$SELL"), or that shop with a year of decided
   * orders as well (bench/src/orders.ts).
   */
  needs?: 'catalog' | 'shop' | 'orders';
  /** The shop's pending orders are made exactly this many before the run (earlier order runs leave thousands). */
  pending?: number;
  /**
   * Run against a server of its own logging warnings only, rather than the one the other scenarios share, which runs
   * with the server's default settings as `npm start` does (a log line per request, to a file).
   */
  tuned?: boolean;
  /**
   * Sent as a client that asks for no compression would (no `Accept-Encoding`): the identity variant kept beside
   * a browser-header scenario. Every other scenario sends what a browser sends (`browserHeaders`).
   */
  identity?: boolean;
  requests: { method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> }[];
  /**
   * Writes that in life come from different people: connection i sends its first request with the body of
   * `perConnection[i]` (by turns when there are more connections), the others as written.
   */
  perConnection?: unknown[];
  /**
   * Each connection goes through the requests in turn from a place of its own (connection i from request
   * i × requests ÷ connections), as stations scanning different cards do, rather than all in step from the first.
   */
  staggered?: boolean;
}

/**
 * What Chromium sends with the web app's `fetch` calls (issue 43): compressed answers accepted, its user agent, the
 * page's origin. The load scenarios send these unless they are an identity variant, so the figures are the ones a
 * customer's browser gets.
 */
export const browserHeaders: Record<string, string> = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-dest': 'empty',
};

/** The scenario again as a client without compression would ask it, named `<name>-identity`. */
function identityOf(s: Scenario): Scenario {
  return { ...s, name: `${s.name}-identity`, description: `${s.description}, no Accept-Encoding`, identity: true };
}

/** Queries a shop assistant types while looking a card up, prefix by prefix. */
const typedQueries = [
  'li',
  'lig',
  'light',
  'lightning b',
  'dra',
  'drag',
  'dragon',
  'sheol',
  'elem',
  'bolt',
  'gob',
  'goblin gu',
];

export const scenarios: Scenario[] = [
  {
    name: 'health',
    description: 'GET /api/health: the floor of the framework (routing, hooks, headers)',
    connections: 50,
    requests: [{ method: 'GET', path: '/api/health' }],
  },
  {
    name: 'card-search',
    description: 'GET /api/cards/search over 100,000 printings, as typed',
    connections: 200,
    needs: 'catalog',
    requests: typedQueries.map((q) => ({
      method: 'GET' as const,
      path: `/api/cards/search?q=${encodeURIComponent(q)}`,
    })),
  },
  {
    name: 'suggest',
    description: 'GET /api/search/suggest over 100,000 printings, as typed',
    connections: 200,
    needs: 'catalog',
    requests: typedQueries.map((q) => ({
      method: 'GET' as const,
      path: `/api/search/suggest?q=${encodeURIComponent(q)}`,
    })),
  },
  {
    name: 'inventory-list',
    description: 'POST /api/shop/inventory, page 3 of a 100,000-row shop',
    connections: 50,
    needs: 'shop',
    requests: [
      { method: 'POST', path: '/api/shop/inventory', body: { Authorization: '$TOKEN', page: '3', filter: '' } },
    ],
  },
  {
    name: 'inventory-search',
    description: 'POST /api/search (live search) in a 100,000-row shop, as typed',
    connections: 50,
    needs: 'shop',
    requests: ['dra', 'dragon', 'bolt', 'sheol', 'goblin gu', 'set:mh3 is:foil', 'q>2 r:rare'].map((q) => ({
      method: 'POST' as const,
      path: '/api/search',
      body: { token: '$TOKEN', q },
    })),
  },
];

// Appended to the scenarios: each order takes one copy of the well-stocked row.
scenarios.push({
  name: 'order-place',
  description: 'POST /api/device/order, one copy each, stock reserved in the transaction',
  connections: 50,
  needs: 'shop',
  requests: [
    {
      method: 'POST',
      path: '/api/device/order',
      body: { token: '$TOKEN', items: [{ scryfall_id: '$CARD', finish: 'nonfoil', quantity: 1 }] },
    },
  ],
});

// A public shop's page as every visitor gets it (the bench makes the shop public as `bench-shop`).
scenarios.push({
  name: 'storefront-page',
  description: 'POST /api/public/shop/inventory, page 3 of a public 100,000-row shop, no login',
  connections: 50,
  needs: 'shop',
  requests: [{ method: 'POST', path: '/api/public/shop/inventory', body: { subdomain: 'bench-shop', page: '3' } }],
});

// The same page from a server logging warnings only: how far request logging falls from the tuned figure.
scenarios.push({
  name: 'storefront-page-tuned',
  description: 'storefront-page against a server logging warnings only (no line per request)',
  connections: 50,
  needs: 'shop',
  tuned: true,
  requests: [{ method: 'POST', path: '/api/public/shop/inventory', body: { subdomain: 'bench-shop', page: '3' } }],
});

// Customers searching a public shop (issue 24): words, terms and orders, each a kept answer after its first.
scenarios.push({
  name: 'storefront-search',
  description: 'POST /api/public/shop/inventory with searches and orders in a public 100,000-row shop, no login',
  connections: 50,
  needs: 'shop',
  requests: [
    { q: 'bolt', sort: 'name', page: '1' },
    { q: 'is:foil c:r', sort: 'price_desc', page: '1' },
    { q: 't:creature usd<5', sort: 'price_asc', page: '1' },
    { q: 'dragon', sort: 'newest', page: '2' },
    { q: 'cond:nm set:mh3', sort: 'price_asc', page: '1' },
    { q: '', sort: 'price_desc', page: '3' },
  ].map((body) => ({
    method: 'POST' as const,
    path: '/api/public/shop/inventory',
    body: { subdomain: 'bench-shop', ...body },
  })),
});

// Every staff screen and tablet on the Orders page polls the queue (every 10 s each); a counter's queue is short.
scenarios.push({
  name: 'orders-poll',
  description: 'POST /api/pending by 100 polling staff screens, 20 orders pending in a 100,000-row shop',
  connections: 100,
  needs: 'shop',
  pending: 20,
  requests: [{ method: 'POST', path: '/api/pending', body: { token: '$TOKEN' } }],
});

// The statistics screen fires its seven calls together; in turn here, over a year of orders.
scenarios.push({
  name: 'stats',
  description: 'the statistics screen’s seven calls in turn, a year of orders in a 100,000-row shop',
  connections: 50,
  needs: 'orders',
  requests: [
    { method: 'POST', path: '/api/shop/stats/total-cards', body: { token: '$TOKEN' } },
    { method: 'POST', path: '/api/shop/stats/orders-over-time', body: { token: '$TOKEN' } },
    {
      method: 'POST',
      path: '/api/shop/stats/top-selling-cards',
      body: { token: '$TOKEN', limit: limits.topSellingLimit },
    },
    {
      method: 'POST',
      path: '/api/shop/stats/latest-cards-sold',
      body: { token: '$TOKEN', limit: limits.latestSoldLimit },
    },
    { method: 'POST', path: '/api/shop/stats/summary', body: { token: '$TOKEN' } },
    { method: 'POST', path: '/api/shop/stats/inventory-value', body: { token: '$TOKEN' } },
    { method: 'POST', path: '/api/shop/stats/low-stock', body: { token: '$TOKEN' } },
  ],
});

// A customer's sell list at the counter or the kiosk (issue 25): 200 lines priced against the shop's stock, rules and
// its word on each printing ($SELL: bench/src/buylist.ts sellList).
scenarios.push({
  name: 'buylist-offer',
  description: 'POST /api/buylist/offer, a 200-line sell list priced against a 100,000-row shop',
  connections: 20,
  needs: 'shop',
  requests: [{ method: 'POST', path: '/api/buylist/offer', body: { token: '$TOKEN', items: '$SELL' } }],
});

// Issue 44: twenty counter registers ringing up at once, each sale five lines paid by card and cash (change due).
// Each register sells printings of its own ("$REGISTER" is register i's five lines on connection i): twenty
// customers at twenty counters, not twenty hands on the same five copies (the race for the last copies is a test).
scenarios.push({
  name: 'register-sale',
  description: 'POST /api/register/sale, a 5-line sale paid by card and cash, 20 registers at once, each its own cards',
  connections: 20,
  needs: 'shop',
  requests: [
    {
      method: 'POST',
      path: '/api/register/sale',
      body: {
        token: '$TOKEN',
        items: '$REGISTER',
        tenders: [
          { kind: 'card', amount: 0.01, reference: 'bench' },
          { kind: 'cash', amount: 100_000 },
        ],
      },
    },
  ],
});

// Issue 41: scanner stations adding stock one code at a time, each scan a write transaction. "$CODE" is one request per
// code of bench/src/quick-add.ts (set and number mostly, some Scryfall ids and label codes), each station from a
// place of its own in the rotation; every code was checked to add a copy (200) before the run.
scenarios.push({
  name: 'quick-add',
  description:
    'POST /api/shop/inventory/quick-add, one copy per scanned code into a 100,000-row shop, 4 stations at once',
  connections: 4,
  needs: 'shop',
  staggered: true,
  requests: [{ method: 'POST', path: '/api/shop/inventory/quick-add', body: { token: '$TOKEN', code: '$CODE' } }],
});

// Issue 43: the pages a customer and a shop assistant wait on most, also as a client that asks for no compression.
for (const name of ['storefront-page', 'inventory-list', 'inventory-search', 'suggest'])
  scenarios.push(identityOf(scenarios.find((s) => s.name === name)!));

/** Jobs measured by their own clock and memory rather than by autocannon. */
export const jobs = [
  'catalog-import',
  'price-refresh',
  'csv-import',
  'csv-import-50mb',
  'reprice',
  'reservation-race',
  'buylist-accept-race',
  // Issue 41's push channel (bench/src/push.ts): an order heard across servers, and idle streams' memory.
  'push-fanout',
  'push-idle',
  // Issue 42: the first listing of the shop on CardTrader's stand-in, and the sync's lag both ways.
  'channel-listing',
] as const;

/** Mixed traffic of a busy Saturday, for the soak: staff lists and searches, tablets order, visitors browse. */
export const soakScenario: Scenario = {
  name: 'soak',
  description: 'mixed load at half capacity: inventory list and search, card search, orders, storefront',
  connections: 50,
  needs: 'shop',
  requests: [
    { method: 'POST', path: '/api/shop/inventory', body: { Authorization: '$TOKEN', page: '3', filter: '' } },
    { method: 'POST', path: '/api/search', body: { token: '$TOKEN', q: 'dragon' } },
    { method: 'GET', path: '/api/cards/search?q=goblin%20gu' },
    ...['$CARD', '$CARD2', '$CARD3'].map((card) => ({
      method: 'POST' as const,
      path: '/api/device/order',
      body: { token: '$TOKEN', items: [{ scryfall_id: card, finish: 'nonfoil', quantity: 1 }] },
    })),
    { method: 'POST', path: '/api/public/shop/inventory', body: { subdomain: 'bench-shop', page: '3' } },
    { method: 'POST', path: '/api/shop/inventory', body: { Authorization: '$TOKEN', page: '7', filter: '' } },
    { method: 'POST', path: '/api/public/shop/inventory', body: { subdomain: 'bench-shop', page: '1' } },
    { method: 'POST', path: '/api/search', body: { token: '$TOKEN', q: 'bolt' } },
    { method: 'GET', path: '/api/cards/search?q=dragon' },
    { method: 'POST', path: '/api/search', body: { token: '$TOKEN', q: 'set:mh3 is:foil' } },
  ],
};
export const endurance = ['soak'] as const;

/**
 * Sessions driven in a real browser (Playwright in Debian's Chromium) on the bench shop, timed end to end by their
 * own clock: reported and judged as jobs, but run on the prepared shop as the load scenarios are.
 */
export const browserJobs = ['quick-add-browser'] as const;

/** Pages audited in a real browser (Lighthouse) rather than loaded. */
export const audits = ['home-lighthouse', 'login-lighthouse', 'storefront-lighthouse'] as const;

/** Each audit's page; only the storefront needs the bench shop (public as `bench-shop`). */
export const auditPages: Record<(typeof audits)[number], { path: string; what: string; needs?: 'shop' }> = {
  'home-lighthouse': { path: '/', what: 'the home page' },
  'login-lighthouse': { path: '/login', what: 'the login page' },
  'storefront-lighthouse': { path: '/shop/bench-shop', what: 'the 100,000-row shop’s storefront', needs: 'shop' },
};
