import { centsToDollars } from '@cardstock/contract';
import type { ListingKind, MarketItem, StockCopy } from '../modules/channels/listing-plan.ts';
import {
  MarketplaceRefused,
  MarketplaceUnavailable,
  type Marketplace,
  type MarketOrder,
  type MarketProduct,
  type Outcome,
} from '../modules/channels/marketplace.ts';

/** A call waits this long for CardTrader before it counts as unavailable: a marketplace never holds up a screen. */
/**
 * CardTrader's limit: 200 calls in any 10 s per account (its API reference, "Rate limits"); Cardstock keeps under it
 * with room for the account holder's own tools, so a push of thousands of products is paced rather than refused.
 */
const RATE_CALLS = 180;
const RATE_WINDOW_MS = 10_000;
/** Times a call is made when CardTrader answers 429 (or 5xx, to a read) before it counts as unavailable. */
const ATTEMPTS = 3;

/**
 * How long to wait before asking again: what CardTrader's Retry-After says (at most 4 s), else 0.5 s, then 1 s.
 * Longer outages are the interval's to wait out (channels.service.ts backs off a channel that keeps failing).
 */
export function retryDelayMs(retryAfter: string | null, attempt: number): number {
  const seconds = Number(retryAfter);
  if (retryAfter !== null && Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 4) * 1000;
  return 500 * 2 ** (attempt - 1);
}

/**
 * Cardstock's conditions in CardTrader's words (its `condition` property): TCGplayer's scale onto CardTrader's, whose
 * "Played" between Moderately and Heavily Played no Cardstock condition names.
 */
const conditions: Record<string, string> = {
  NM: 'Near Mint',
  LP: 'Slightly Played',
  MP: 'Moderately Played',
  HP: 'Heavily Played',
  D: 'Poor',
};

/** Scryfall's language codes where CardTrader's `mtg_language` spells them otherwise; the rest are the same. */
const languageCodes: Record<string, string> = { ja: 'jp', ko: 'kr', zhs: 'zh-CN', zht: 'zh-TW' };

/**
 * A copy's properties on a CardTrader blueprint (its API reference, "Products"): `condition`, `mtg_language`,
 * `mtg_foil` (an etched foil is a foil there), `signed` and `altered`; refused when the blueprint does not take the
 * copy's condition or language (a blueprint without `mtg_language` is sold in English only).
 */
export function cardTraderListing(copy: StockCopy, blueprint: MarketItem): ListingKind {
  const condition = conditions[copy.quality];
  if (!condition || (blueprint.conditions && !blueprint.conditions.includes(condition)))
    return { unlisted: 'condition' };
  const language = languageCodes[copy.language] ?? copy.language;
  if (blueprint.languages ? !blueprint.languages.includes(language) : language !== 'en')
    return { unlisted: 'language' };
  return {
    properties: {
      condition,
      // Sent only where the blueprint has the property: CardTrader refuses one it does not have.
      ...(blueprint.languages ? { mtg_language: language } : {}),
      mtg_foil: copy.finish !== 'nonfoil',
      signed: copy.signed,
      altered: copy.altered,
    },
  };
}

/** CardTrader's error body (its API reference, "Errors"); a 429 sends only `error`. */
interface CardTraderError {
  error_code?: string;
  error?: string;
  extra?: { message?: string };
}

/**
 * CardTrader's REST API v2 (https://www.cardtrader.com/docs/api/full/reference), at `CARDTRADER_API_URL`: CardTrader
 * itself, or the local stand-in the tests run (test/fake-cardtrader.ts). Every call sends the shop's token as a
 * bearer token; 401 and 403 are the token refused, 429, 5xx, a timeout or no answer are CardTrader unavailable.
 */
export function cardTrader(apiUrl: string, timeoutMs = 10_000): Marketplace {
  /** When each account's calls of the last window were made: none is made past CardTrader's limit. */
  const sent = new Map<string, number[]>();
  /** Waits until the account may make another call within CardTrader's limit, and counts it. */
  async function slot(apiToken: string): Promise<void> {
    for (;;) {
      const now = Date.now();
      const recent = (sent.get(apiToken) ?? []).filter((at) => at > now - RATE_WINDOW_MS);
      if (recent.length < RATE_CALLS) {
        recent.push(now);
        sent.set(apiToken, recent);
        return;
      }
      sent.set(apiToken, recent);
      await new Promise((resolve) => setTimeout(resolve, recent[0]! + RATE_WINDOW_MS - now));
    }
  }

  async function call<T>(apiToken: string, method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await slot(apiToken);
      let res: Response;
      try {
        res = await fetch(`${apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${apiToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new MarketplaceUnavailable('CardTrader did not answer.');
      }
      if (res.ok) return (await res.json()) as T;
      const refusal = (await res.json().catch(() => ({}))) as CardTraderError;
      const said = refusal.extra?.message ?? refusal.error;
      if (res.status === 401 || res.status === 403)
        throw new MarketplaceRefused(`CardTrader refused the API token${said ? `: ${said}` : '.'}`);
      if (res.status === 429 || res.status >= 500) {
        // Asked again after a pause: a 429 was refused before it was run, and a read changes nothing; a write that
        // failed otherwise may have been done, so the next push's read-back decides it instead (decision 042).
        if (attempt < ATTEMPTS && (res.status === 429 || method === 'GET')) {
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(res.headers.get('retry-after'), attempt)));
          continue;
        }
        throw new MarketplaceUnavailable(`CardTrader is busy or down (HTTP ${res.status}).`);
      }
      throw new Error(`CardTrader answered ${method} ${path} with HTTP ${res.status}${said ? `: ${said}` : ''}`);
    }
  }

  return {
    kind: 'cardtrader',
    async account(apiToken) {
      // GET /info names the token's app, `<user> App <date>` as CardTrader makes it; the account's only name there.
      const info = await call<{ id: number; name: string; user_id?: number }>(apiToken, 'GET', '/info');
      return { name: info.name };
    },
    listingOf: cardTraderListing,

    async items(apiToken, setCodes) {
      const wanted = new Set(setCodes.map((code) => code.toLowerCase()));
      const expansions = await call<Expansion[]>(apiToken, 'GET', '/expansions');
      const found = new Map<string, Map<string, MarketItem>>([...wanted].map((code) => [code, new Map()]));
      for (const expansion of expansions) {
        const items = found.get(expansion.code.toLowerCase());
        if (expansion.game_id !== MAGIC || !items) continue;
        const blueprints = await call<Blueprint[]>(apiToken, 'GET', `/blueprints/export?expansion_id=${expansion.id}`);
        for (const blueprint of blueprints) {
          if (!blueprint.scryfall_id || items.has(blueprint.scryfall_id)) continue;
          const values = (name: string) =>
            blueprint.editable_properties?.find((p) => p.name === name)?.possible_values.map(String) ?? null;
          items.set(blueprint.scryfall_id, {
            id: blueprint.id,
            conditions: values('condition'),
            languages: values('mtg_language'),
          });
        }
      }
      return found;
    },

    async products(apiToken) {
      const products = await call<ExportedProduct[]>(apiToken, 'GET', '/products/export');
      return products.map((p): MarketProduct => ({
        product_id: p.id,
        item_id: p.blueprint_id,
        quantity: p.quantity,
        price_cents: p.price_cents,
        tag: tagOf(p.user_data_field),
      }));
    },

    async orders(apiToken, since) {
      // GET /orders answers a bare list, a page at a time, until an empty page.
      const from = since.toISOString().slice(0, 10);
      const orders: MarketOrder[] = [];
      for (let page = 1; ; page++) {
        const found = await call<CardTraderOrder[]>(
          apiToken,
          'GET',
          `/orders?order_as=seller&sort=id.asc&from=${from}&limit=${ORDERS_PAGE}&page=${page}`,
        );
        for (const order of found) {
          // A list may leave out the lines' prices; the order itself has them.
          const priced = order.order_items?.every((item) => item.seller_price ?? item.buyer_price)
            ? order
            : await call<CardTraderOrder>(apiToken, 'GET', `/orders/${order.id}`);
          orders.push(marketOrderOf(priced));
        }
        if (found.length < ORDERS_PAGE) return orders;
      }
    },

    async apply(apiToken, changes) {
      /** One bulk call per chunk, each job waited for; the outcomes in the order asked. */
      async function bulk<T>(path: string, products: object[], valueOf: (r: JobResult) => T): Promise<Outcome<T>[]> {
        const outcomes: Outcome<T>[] = [];
        for (let start = 0; start < products.length; start += CHUNK) {
          const chunk = products.slice(start, start + CHUNK);
          const { job } = await call<{ job: string }>(apiToken, 'POST', path, { products: chunk });
          const results = await finished(apiToken, job);
          for (let i = 0; i < chunk.length; i++) {
            const result = results.find((r) => r.job_index === i);
            outcomes.push(
              result && result.result !== 'error'
                ? { ok: true, value: valueOf(result) }
                : {
                    ok: false,
                    error: result ? errorsText(result.errors) : 'CardTrader did not say what became of it.',
                  },
            );
          }
        }
        return outcomes;
      }
      return {
        create: await bulk(
          '/products/bulk_create',
          changes.create.map((c) => ({
            blueprint_id: c.item_id,
            price: centsToDollars(c.price_cents),
            quantity: c.quantity,
            properties: c.properties,
            user_data_field: `${TAG_PREFIX}${c.tag}`,
            error_mode: 'strict',
          })),
          (r) => r.product_id ?? 0,
        ),
        update: await bulk(
          '/products/bulk_update',
          changes.update.map((u) => ({ id: u.product_id, quantity: u.quantity, price: centsToDollars(u.price_cents) })),
          () => null,
        ),
        remove: await bulk(
          '/products/bulk_destroy',
          changes.remove.map((r) => ({ id: r.product_id })),
          () => null,
        ),
      };
    },
  };

  /** A job's results once CardTrader has run it: asked at once, then once a second (its limit), for five minutes. */
  async function finished(apiToken: string, uuid: string): Promise<JobResult[]> {
    for (let asked = 0; asked < JOB_WAIT_S; asked++) {
      const job = await call<Job>(apiToken, 'GET', `/jobs/${encodeURIComponent(uuid)}`);
      if (job.state === 'completed') return job.results ?? [];
      if (job.state === 'unprocessable') throw new Error(`CardTrader could not run job ${uuid}.`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new MarketplaceUnavailable(`CardTrader did not finish job ${uuid} in ${JOB_WAIT_S} s.`);
  }
}

/** Cardstock's tag in a product's (or a sold line's) `user_data_field`; null on what was listed by hand. */
const tagOf = (field: string | null | undefined): string | null =>
  field?.startsWith(TAG_PREFIX) ? field.slice(TAG_PREFIX.length) : null;

/**
 * What an order means for the shop's stock (CardTrader's API reference, "Orders", and CardTrader Zero's rules): a
 * direct sale is `paid` (then `sent`, `arrived`, `done`; `request_for_cancel` and `lost` are still sold); a CardTrader
 * Zero sale is its own `hub_pending` order (`closed` once merged), and the week's merged `paid` order that follows
 * repeats copies those already took, so it is passed over, as CardTrader asks; `canceled` undoes a sale.
 */
function marketOrderOf(order: CardTraderOrder): MarketOrder {
  const zero = order.via_cardtrader_zero === true;
  const state =
    order.state === 'canceled'
      ? 'cancelled'
      : zero
        ? order.state === 'hub_pending' || order.state === 'closed'
          ? 'sold'
          : 'other'
        : SOLD_STATES.has(order.state)
          ? 'sold'
          : 'other';
  return {
    id: String(order.id),
    code: order.code,
    state,
    lines: (order.order_items ?? []).map((item) => ({
      product_id: item.product_id,
      tag: tagOf(item.user_data_field),
      name: item.name,
      quantity: item.quantity,
      price_cents: (item.seller_price ?? item.buyer_price)?.cents ?? 0,
    })),
  };
}

/** The states of a direct sale whose copies have left the shop. */
const SOLD_STATES = new Set(['paid', 'sent', 'arrived', 'done', 'request_for_cancel', 'lost']);
/** Orders asked for per page. */
const ORDERS_PAGE = 100;

/** CardTrader's game id of Magic: The Gathering (GET /games). */
const MAGIC = 1;
/** Products per bulk call: CardTrader documents no limit; a push of a large shop goes in slices of this. */
const CHUNK = 500;
/** Seconds a push waits for one bulk job. */
const JOB_WAIT_S = 300;
/** Starts the `user_data_field` of every product Cardstock makes: the rest were listed by hand and are left alone. */
const TAG_PREFIX = 'cardstock:';

interface Expansion {
  id: number;
  game_id: number;
  code: string;
}
interface Blueprint {
  id: number;
  scryfall_id?: string | null;
  editable_properties?: { name: string; possible_values: unknown[] }[];
}
interface ExportedProduct {
  id: number;
  blueprint_id: number;
  quantity: number;
  price_cents: number;
  user_data_field?: string | null;
}
interface Money {
  cents: number;
  currency: string;
}
interface CardTraderOrder {
  id: number;
  code: string;
  state: string;
  via_cardtrader_zero?: boolean;
  order_items?: {
    product_id: number;
    name: string;
    quantity: number;
    seller_price?: Money;
    buyer_price?: Money;
    user_data_field?: string | null;
  }[];
}
interface JobResult {
  job_index: number;
  result: 'ok' | 'warning' | 'error';
  product_id?: number;
  errors?: Record<string, string[]> | string[];
}
interface Job {
  /** pending, running, completed or unprocessable (CardTrader's API reference, "Jobs"). */
  state: string;
  results?: JobResult[];
}

/** A job result's errors (by field, or a list) as one sentence. */
const errorsText = (errors: JobResult['errors']): string =>
  Array.isArray(errors)
    ? errors.join('; ')
    : Object.entries(errors ?? {})
        .map(([field, said]) => `${field}: ${said.join(', ')}`)
        .join('; ') || 'CardTrader refused it.';
