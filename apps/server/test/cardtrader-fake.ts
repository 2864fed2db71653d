import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface CardTraderRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface CardTraderAccount {
  /** The app's name, as GET /info answers it (`<user> App <date>` on CardTrader). */
  name: string;
  userId: number;
}

/** A blueprint of the stand-in's catalog: a printing, and the conditions and languages it takes (null: none). */
export interface FakeBlueprint {
  id: number;
  scryfall_id: string;
  conditions?: string[];
  languages?: string[];
}

/** A product of an account, as GET /products/export answers it. */
export interface FakeProduct {
  id: number;
  blueprint_id: number;
  quantity: number;
  price_cents: number;
  price_currency: string;
  properties_hash: Record<string, unknown>;
  user_data_field: string;
}

/** An order of an account as seller, as GET /orders answers it (the fields Cardstock reads, and a few beside). */
export interface FakeOrder {
  id: number;
  code: string;
  transaction_code: string;
  order_as: 'seller';
  state: string;
  via_cardtrader_zero: boolean;
  paid_at: string;
  cancelled_at: string | null;
  size: number;
  buyer: { id: number; username: string };
  seller_total: { cents: number; currency: string };
  order_items: {
    id: number;
    product_id: number;
    blueprint_id: number;
    name: string;
    expansion: string;
    quantity: number;
    seller_price: { cents: number; currency: string };
    properties: Record<string, unknown>;
    user_data_field: string;
    hub_pending_order_id: number | null;
  }[];
}

export interface CardTraderFake {
  url: string;
  /** The Magic expansions CardTrader has (its codes are Scryfall's set codes), each with its blueprints. */
  catalog(expansions: { id: number; code: string; name: string; blueprints: FakeBlueprint[] }[]): void;
  /** The products a token's account lists now. */
  products(token: string): FakeProduct[];
  /** The account holder takes products down by hand on CardTrader (the products' list is only read or edited in place). */
  takeDown(token: string, productIds: readonly number[]): void;
  /** A product the account holder lists by hand on CardTrader (no Cardstock tag). */
  listByHand(token: string, product: Omit<FakeProduct, 'id' | 'price_currency'>): FakeProduct;
  /** The next request to `path` is done, then answered `status` as if the answer were lost on the way. */
  loseAnswer(path: string, status: number): void;
  requests: CardTraderRequest[];
  /** A token CardTrader accepts, naming `account`. */
  issue(token: string, account: CardTraderAccount): void;
  /** The account holder revokes a token: from now on it is refused with 401. */
  revoke(token: string): void;
  /** The next `times` requests to `path` answer `status` (429 with CardTrader's rate-limit body, others its error). */
  fail(path: string, status: number, times?: number): void;
  /** From now on a job answers `running` when first asked, `completed` after, as a real one may. */
  jobsRunAWhile(): void;
  /** Every answer waits `ms` first (0: none). */
  slow(ms: number): void;
  /**
   * A buyer pays for copies of products (a CardTrader Zero sale when `zero`: `hub_pending`): the order, and the
   * products' quantities lowered as CardTrader lowers them (a product at 0 is gone).
   */
  sell(
    token: string,
    lines: { product_id: number; quantity: number; price_cents?: number }[],
    options?: { zero?: boolean; paidAt?: string },
  ): FakeOrder;
  /** The order is cancelled there (`canceled`); its copies are listed again. */
  cancel(token: string, orderId: number): void;
  /** CardTrader Zero's weekly order: one `paid` order of every `hub_pending` sale's lines, those set to `closed`. */
  mergeZero(token: string): FakeOrder;
  /** From now on GET /orders leaves out the lines' prices (GET /orders/:id has them). */
  listOrdersWithoutPrices(): void;
  /** Requests refused for going over CardTrader's limit (200 in any 10 s per token), as CardTrader refuses them. */
  rateLimited(): number;
  close(): Promise<void>;
}

/** CardTrader's error body (its API reference, "Errors"). */
const ctError = (code: string, message: string) => ({
  error_code: code,
  errors: [],
  extra: { message },
  request_id: randomUUID(),
});

/**
 * A local stand-in for CardTrader's REST API v2 (issue 42), speaking its documented wire for the calls Cardstock
 * makes: bearer tokens, `GET /info`, its error body (401 `unauthorized`, 404 `not_found`), and the rate limit's
 * own body on 429; orders as seller (`GET /orders`, a bare list by pages; `GET /orders/:id`) in CardTrader's states,
 * a paid sale lowering its products' quantities, CardTrader Zero's `hub_pending` sales and their weekly merged order. Faults on demand: a revoked token, a status for the next calls to a path, slow answers.
 */
export async function startCardTraderFake(): Promise<CardTraderFake> {
  const requests: CardTraderRequest[] = [];
  const accounts = new Map<string, CardTraderAccount & { id: number }>();
  const failures = new Map<string, { status: number; times: number }>();
  const lost = new Map<string, number>();
  let delayMs = 0;
  let runningFirst = false;
  let expansions: { id: number; code: string; name: string; blueprints: FakeBlueprint[] }[] = [];
  const productsOf = new Map<string, FakeProduct[]>();
  const jobs = new Map<string, { results: unknown[]; polled: number }>();
  let nextProduct = 1000;
  const ordersOf = new Map<string, FakeOrder[]>();
  const callsOf = new Map<string, number[]>();
  let overLimit = 0;
  const soldFrom = new Map<number, { product: FakeProduct; quantity: number }[]>();
  let nextOrder = 500;
  let nextOrderItem = 9000;
  let pricesInList = true;
  const ordersFor = (token: string) => {
    let list = ordersOf.get(token);
    if (!list) ordersOf.set(token, (list = []));
    return list;
  };
  const money = (cents: number) => ({ cents, currency: 'USD' });
  const newOrder = (state: string, zero: boolean, items: FakeOrder['order_items'], paidAt: string): FakeOrder => {
    const id = ++nextOrder;
    return {
      id,
      code: `2026${String(id).padStart(6, '0')}`,
      transaction_code: `T${id}`,
      order_as: 'seller',
      state,
      via_cardtrader_zero: zero,
      paid_at: paidAt,
      cancelled_at: null,
      size: items.reduce((n, i) => n + i.quantity, 0),
      buyer: { id: 77, username: 'a_buyer' },
      seller_total: money(items.reduce((n, i) => n + i.seller_price.cents * i.quantity, 0)),
      order_items: items,
    };
  };

  /** A product's blueprint and properties, as CardTrader tells products apart. */
  const sameKey = (blueprintId: number, properties: unknown) => `${blueprintId}|${JSON.stringify(properties)}`;
  const shelf = (token: string) => {
    let list = productsOf.get(token);
    if (!list) productsOf.set(token, (list = []));
    return list;
  };
  /** Each account's products by id and by blueprint and properties (as CardTrader tells them apart), kept as they change. */
  const indexes = new Map<string, { byId: Map<number, FakeProduct>; byKey: Map<string, FakeProduct> }>();
  const indexOf = (token: string) => {
    let index = indexes.get(token);
    if (!index) indexes.set(token, (index = { byId: new Map(), byKey: new Map() }));
    return index;
  };
  const addProduct = (token: string, product: FakeProduct) => {
    shelf(token).push(product);
    indexOf(token).byId.set(product.id, product);
    indexOf(token).byKey.set(sameKey(product.blueprint_id, product.properties_hash), product);
  };
  /** Takes products off the account's list, in one pass. */
  const dropProducts = (token: string, gone: ReadonlySet<FakeProduct>) => {
    if (!gone.size) return;
    const list = shelf(token);
    const kept = list.filter((p) => !gone.has(p));
    list.length = 0;
    for (const p of kept) list.push(p);
    const { byId, byKey } = indexOf(token);
    for (const p of gone) {
      byId.delete(p.id);
      byKey.delete(sameKey(p.blueprint_id, p.properties_hash));
    }
  };
  const blueprint = (id: number) => expansions.flatMap((e) => e.blueprints).find((b) => b.id === id);
  /** A job run at once, its results kept for GET /jobs/:uuid (answered `running` the first time if told to). */
  const job = (results: unknown[]) => {
    const uuid = randomUUID();
    jobs.set(uuid, { results, polled: 0 });
    return { job: uuid };
  };
  /** Why CardTrader's strict mode refuses these properties on `b`, or null. */
  const wrongProperties = (b: FakeBlueprint, properties: Record<string, unknown>): string | null => {
    const condition = properties.condition;
    if (b.conditions && typeof condition === 'string' && !b.conditions.includes(condition))
      return `condition: ${condition} is not a possible value`;
    if ('mtg_language' in properties && !b.languages) return 'mtg_language: not a property of this blueprint';
    if (b.languages && !b.languages.includes(String(properties.mtg_language)))
      return 'mtg_language: not a possible value';
    return null;
  };
  const editable = (b: FakeBlueprint) => [
    ...(b.conditions
      ? [{ name: 'condition', type: 'string', default_value: b.conditions[0], possible_values: b.conditions }]
      : []),
    ...(b.languages
      ? [{ name: 'mtg_language', type: 'string', default_value: 'en', possible_values: b.languages }]
      : []),
    { name: 'mtg_foil', type: 'boolean', default_value: 'false', possible_values: [true, false] },
    { name: 'signed', type: 'boolean', default_value: 'false', possible_values: [true, false] },
    { name: 'altered', type: 'boolean', default_value: 'false', possible_values: [true, false] },
  ];

  /**
   * A bulk create's products, each made or (CardTrader's rule) added to the product of the same blueprint and
   * properties; the account's products are looked up once per job, so a push of thousands stays quick.
   */
  function createAll(token: string, items: Record<string, unknown>[]) {
    const { byKey } = indexOf(token);
    return items.map((item, job_index) => {
      const b = blueprint(Number(item.blueprint_id));
      if (!b) return { result: 'error', job_index, errors: { blueprint_id: ['Blueprint cant be blank'] } };
      const properties = (item.properties ?? {}) as Record<string, unknown>;
      const wrong = wrongProperties(b, properties);
      if (wrong) return { result: 'error', job_index, errors: { properties: [wrong] } };
      const same = byKey.get(sameKey(b.id, properties));
      if (same) {
        same.quantity += Number(item.quantity);
        return { result: 'ok', job_index, product_id: same.id };
      }
      const product: FakeProduct = {
        id: ++nextProduct,
        blueprint_id: b.id,
        quantity: Number(item.quantity),
        price_cents: Math.round(Number(item.price) * 100),
        price_currency: 'USD',
        properties_hash: properties,
        user_data_field: typeof item.user_data_field === 'string' ? item.user_data_field : '',
      };
      addProduct(token, product);
      return { result: 'ok', job_index, product_id: product.id };
    });
  }

  /** A bulk update's or destroy's products, each found by id (looked up once per job). */
  function changeAll(token: string, items: Record<string, unknown>[], destroy: boolean) {
    const { byId } = indexOf(token);
    const destroyed = new Set<FakeProduct>();
    const results = items.map((item, job_index) => {
      const product = byId.get(Number(item.id));
      if (!product || destroyed.has(product))
        return { result: 'error', job_index, errors: { id: ['Product not found'] } };
      if (destroy) destroyed.add(product);
      else {
        if (item.quantity !== undefined) product.quantity = Number(item.quantity);
        if (item.price !== undefined) product.price_cents = Math.round(Number(item.price) * 100);
      }
      return { result: 'ok', job_index, product_id: Number(item.id) };
    });
    dropProducts(token, destroyed);
    return results;
  }

  type Body = { products?: Record<string, unknown>[] } | null;
  function answer(method: string, path: string, query: URLSearchParams, token: string, body: Body): [number, unknown] {
    const account = accounts.get(token);
    if (!account) return [401, ctError('unauthorized', 'You are not authorized to access this page')];
    const list = shelf(token);
    const items = body?.products ?? [];
    const route = `${method} ${path}`;
    if (route === 'GET /info')
      return [
        200,
        { id: account.id, name: account.name, shared_secret: 'fake-shared-secret', user_id: account.userId },
      ];
    if (route === 'GET /expansions')
      return [200, expansions.map(({ id, code, name }) => ({ id, game_id: 1, code, name }))];
    if (route === 'GET /blueprints/export') {
      const id = Number(query.get('expansion_id'));
      const expansion = expansions.find((e) => e.id === id);
      if (!expansion) return [404, ctError('not_found', 'Expansion not found')];
      return [
        200,
        expansion.blueprints.map((b) => ({
          id: b.id,
          name: `Blueprint ${b.id}`,
          version: null,
          game_id: 1,
          category_id: 1,
          expansion_id: id,
          scryfall_id: b.scryfall_id,
          editable_properties: editable(b),
        })),
      ];
    }
    if (route === 'GET /products/export') return [200, list];
    if (route === 'GET /orders') {
      // A bare list, a page at a time (page, limit), filtered by the day paid (from, to) and sorted (sort).
      const from = query.get('from') ?? '1970-01-01';
      const limit = Number(query.get('limit') ?? 20);
      const page = Number(query.get('page') ?? 1);
      const sorted = ordersFor(token)
        .filter((o) => o.paid_at.slice(0, 10) >= from)
        .sort((a, b) => (query.get('sort') === 'id.asc' ? a.id - b.id : b.id - a.id));
      const shown = sorted.slice((page - 1) * limit, page * limit);
      return [
        200,
        pricesInList
          ? shown
          : shown.map((o) => ({ ...o, order_items: o.order_items.map(({ seller_price: _, ...item }) => item) })),
      ];
    }
    if (method === 'GET' && path.startsWith('/orders/')) {
      const found = ordersFor(token).find((o) => o.id === Number(path.slice('/orders/'.length)));
      return found ? [200, found] : [404, ctError('not_found', 'Order not found')];
    }
    if (route === 'POST /products/bulk_create') return [200, job(createAll(token, items))];
    if (route === 'POST /products/bulk_update') return [200, job(changeAll(token, items, false))];
    if (route === 'POST /products/bulk_destroy') return [200, job(changeAll(token, items, true))];
    if (method === 'GET' && path.startsWith('/jobs/')) {
      const uuid = path.slice('/jobs/'.length);
      const found = jobs.get(uuid);
      if (!found) return [200, { uuid: null, state: 'unknown', spawned_children: null }];
      found.polled++;
      const done = !runningFirst || found.polled > 1;
      return [
        200,
        {
          uuid,
          state: done ? 'completed' : 'running',
          spawned_children: found.results.length,
          ...(done ? { stats: { ok: found.results.length, warning: 0, error: 0 }, results: found.results } : {}),
        },
      ];
    }
    return [404, ctError('not_found', `No route matches ${route}`)];
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://cardtrader.test');
      const method = req.method ?? 'GET';
      // Served under /api/v2 as CardTrader is, so the base URL's path is part of what is tested.
      const path = url.pathname.replace(/^\/api\/v2/, '');
      const authorization = req.headers.authorization;
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      requests.push({ method, path, authorization, body });
      const send = (status: number, value: unknown) =>
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        }, delayMs);
      const failure = failures.get(path);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        if (failure.status === 429) return send(429, { error: 'Too many requests: max 200 requests per 10 seconds' });
        return send(failure.status, ctError('internal_server_error', 'Something went wrong'));
      }
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
      // CardTrader's limit: 200 requests in any 10 s.
      const now = Date.now();
      const calls = (callsOf.get(token) ?? []).filter((at) => at > now - 10_000);
      calls.push(now);
      callsOf.set(token, calls);
      if (calls.length > 200) {
        overLimit++;
        return send(429, { error: 'Too many requests: max 200 requests per 10 seconds' });
      }
      const [status, value] = answer(method, path, url.searchParams, token, body as Body);
      const lostStatus = lost.get(path);
      if (lostStatus !== undefined) {
        lost.delete(path);
        return send(lostStatus, ctError('internal_server_error', 'Something went wrong'));
      }
      send(status, value);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    requests,
    issue: (token, account) => accounts.set(token, { ...account, id: accounts.size + 1 }),
    revoke: (token) => accounts.delete(token),
    fail: (path, status, times = 1) => failures.set(path, { status, times }),
    loseAnswer: (path, status) => lost.set(path, status),
    jobsRunAWhile: () => (runningFirst = true),
    catalog: (list) => (expansions = list),
    products: (token) => shelf(token),
    listByHand(token, product) {
      const made = { ...product, id: ++nextProduct, price_currency: 'USD' };
      addProduct(token, made);
      return made;
    },
    takeDown(token, productIds) {
      const { byId } = indexOf(token);
      dropProducts(token, new Set(productIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))));
    },
    slow: (ms) => (delayMs = ms),
    sell(token, lines, { zero = false, paidAt = new Date().toISOString() } = {}) {
      const list = shelf(token);
      const items = lines.map((line) => {
        const product = list.find((p) => p.id === line.product_id);
        if (!product || product.quantity < line.quantity)
          throw new Error(`product ${line.product_id} has too few copies`);
        product.quantity -= line.quantity;
        if (product.quantity === 0) dropProducts(token, new Set([product]));
        return {
          id: ++nextOrderItem,
          product_id: product.id,
          blueprint_id: product.blueprint_id,
          name: `Blueprint ${product.blueprint_id}`,
          expansion: 'An expansion',
          quantity: line.quantity,
          seller_price: money(line.price_cents ?? product.price_cents),
          properties: product.properties_hash,
          user_data_field: product.user_data_field,
          hub_pending_order_id: null as number | null,
          product,
        };
      });
      const order = newOrder(
        zero ? 'hub_pending' : 'paid',
        zero,
        items.map(({ product: _, ...item }) => item),
        paidAt,
      );
      if (zero) for (const item of order.order_items) item.hub_pending_order_id = order.id;
      // Kept to be listed again on a cancellation.
      soldFrom.set(
        order.id,
        items.map(({ product, quantity }) => ({ product, quantity })),
      );
      ordersFor(token).push(order);
      return order;
    },
    cancel(token, orderId) {
      const order = ordersFor(token).find((o) => o.id === orderId)!;
      order.state = 'canceled';
      order.cancelled_at = new Date().toISOString();
      for (const { product, quantity } of soldFrom.get(orderId) ?? []) {
        product.quantity += quantity;
        if (!indexOf(token).byId.has(product.id)) addProduct(token, product);
      }
    },
    mergeZero(token) {
      const pending = ordersFor(token).filter((o) => o.state === 'hub_pending');
      for (const o of pending) o.state = 'closed';
      const merged = newOrder(
        'paid',
        true,
        pending.flatMap((o) => o.order_items.map((item) => ({ ...item, id: ++nextOrderItem }))),
        new Date().toISOString(),
      );
      ordersFor(token).push(merged);
      return merged;
    },
    listOrdersWithoutPrices: () => (pricesInList = false),
    rateLimited: () => overLimit,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
