import { createHash } from 'node:crypto';
import {
  buyLimits,
  buyOffer,
  buyRulesOf,
  centsToDollars,
  dollarsToCents,
  finishOf,
  languageOf,
  marketPriceOf,
  messages,
  qualityOf,
  type BuyCard,
  type BuyCardSetting,
  type BuyOffer,
  type BuyOrder,
  type BuyRules,
  type Finish,
  type OfferLine,
  type Quality,
  type SellLine,
} from '@cardstock/contract';
import {
  isUniqueViolation,
  withTransaction,
  writeCounterOf,
  type Db,
  type Executor,
  type Tx,
} from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { RowCache } from '../../lib/row-cache.ts';
import { JsonText } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { isStorefrontOnline } from '../billing/billing-rules.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import { creditRepository, customersRepository, type CustomerInput } from '../customers/customers.repository.ts';
import { toCustomer } from '../customers/customers.mapper.ts';
import type { InventoryReadModel, StockChange } from '../inventory/read-model.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import {
  buylistRepository as repo,
  EMPLOYEE_LIMIT_WINDOW_MS,
  type BuyCardInfo,
  type BuyCardRow,
  type BuyLineRow,
  type BuyOrderRow,
  type CustomerRow,
} from './buylist.repository.ts';

const server = messages.buylist.server;

/** A line as the offer rule reads it: copies of a printing in one finish, condition and language. */
interface LineInput {
  card_id: string;
  finish: string;
  quality: string;
  language: string;
  quantity: number;
}

/** Everything the offer rule needs of a shop for some printings. */
interface Pricing {
  cards: Map<string, BuyCardInfo>;
  held: Map<string, number>;
  /** The shop's word on a printing; null (or absent): none, the rules alone. */
  settings: Map<string, BuyCardSetting | null>;
  rules: BuyRules;
}

type LineOffer = BuyOffer & { hotlist: boolean };

// Written out rather than spread: a list of 200 lines is read on every offer, and spread copies of the parsed
// request's objects are several times larger and slower to read.
const lineOf = (line: SellLine): LineInput => ({
  card_id: line.scryfall_id,
  finish: line.finish,
  quality: line.quality,
  language: line.language,
  quantity: line.quantity,
});

const settingOf = (row: BuyCardRow): BuyCardSetting => ({
  fixed_cash_cents: row.fixed_cash_cents,
  fixed_credit_cents: row.fixed_credit_cents,
  not_buying: row.not_buying === 1,
  hotlist: row.hotlist === 1,
  target_stock: row.target_stock,
});

const byId = (cards: BuyCardInfo[]) => new Map(cards.map((c) => [c.id, c]));

/** The shop's word on each of `ids`, null for a printing it has none on (so that it is not asked for again). */
async function settingsFor(db: Executor, shopId: number, ids: readonly string[]) {
  const found = new Map((await repo.settingsOf(db, shopId, ids)).map((s) => [s.card_id, settingOf(s)]));
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}

/** What the offer rule needs, read in four batched queries (in a transaction: submitting, grading, accepting). */
async function pricingFor(db: Executor, shopId: number, cardIds: readonly string[]): Promise<Pricing> {
  const ids = [...new Set(cardIds)];
  return {
    cards: byId(await repo.cardsByIds(db, ids)),
    held: await repo.heldOf(db, shopId, ids),
    settings: await settingsFor(db, shopId, ids),
    rules: buyRulesOf(await repo.rulesOf(db, shopId)),
  };
}

/**
 * Values looked up by id, kept for one version of what they come from (a new version drops them all): read again
 * only for the ids not kept, at most `max` of them, the first kept out first. Not least recently used: moving every
 * id of a 200-line list to the end of a map of 20,000 on each offer churns the map's table, which the garbage
 * collector then copies, for a difference only a shop asked about for more printings than it keeps would see.
 */
export class KeptByVersion<V> {
  private version: string | undefined;
  private readonly kept = new Map<string, V>();

  constructor(private readonly max: number) {}

  async get(version: string, ids: readonly string[], read: (missing: string[]) => Promise<Map<string, V>>) {
    if (version !== this.version) {
      this.kept.clear();
      this.version = version;
    }
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const id of ids) {
      const value = this.kept.get(id);
      if (value === undefined) missing.push(id);
      else found.set(id, value);
    }
    if (missing.length === 0) return found;
    for (const [id, value] of await read(missing)) {
      found.set(id, value);
      // Read after the version was, never older than it; kept only if the version has not moved on meanwhile.
      if (this.version !== version) continue;
      this.kept.set(id, value);
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    return found;
  }
}

/** A `KeptByVersion` per shop, for the `maxShops` shops asked about last. */
class PerShop<V> {
  private readonly shops = new Map<number, KeptByVersion<V>>();

  constructor(
    private readonly maxShops: number,
    private readonly maxPerShop: number,
  ) {}

  of(shopId: number): KeptByVersion<V> {
    let kept = this.shops.get(shopId);
    if (kept) this.shops.delete(shopId);
    else kept = new KeptByVersion<V>(this.maxPerShop);
    this.shops.set(shopId, kept);
    if (this.shops.size > this.maxShops) this.shops.delete(this.shops.keys().next().value!);
    return kept;
  }
}

/** The versions an offer's kept reads are checked against, and the shop's buy rules (read with them). */
interface OfferState {
  catalog: string;
  inventory: string;
  buy: string;
  rules: BuyRules;
}

/**
 * What offers keep, so a customer's sell list, priced again at every card added, costs little more than its own
 * arithmetic: the printings' catalog data (name, rarity, finishes, market prices) under the catalog's version, which
 * every write to card data moves; per shop the copies held of each printing under the shop's inventory version,
 * which every stock write moves, and its word on each printing under its buy version, which every write of its buy
 * rules or word moves. The versions and rules are one row, kept until this process writes, at most a second, on
 * either engine (as a storefront's shop): an offer is a quote another server's change reaches within a second, and
 * submitting, grading and accepting read the database in their transaction.
 */
class OfferKeeps {
  private readonly states: RowCache<number, OfferState>;
  private readonly cards = new KeptByVersion<BuyCardInfo>(20_000);
  private readonly held = new PerShop<number>(100, 20_000);
  private readonly settings = new PerShop<BuyCardSetting | null>(100, 20_000);

  constructor(private readonly db: Db) {
    this.states = new RowCache(writeCounterOf(db));
  }

  async pricing(shopId: number, cardIds: readonly string[]): Promise<Pricing> {
    const state = await this.states.get(shopId, async () => {
      const row = await repo.offerStateOf(this.db, shopId);
      return {
        catalog: row?.catalog_version ?? '',
        inventory: String(row?.inventory_version ?? 0),
        buy: String(row?.buy_version ?? 0),
        rules: buyRulesOf(row?.buy_rules ?? null),
      };
    });
    const ids = [...new Set(cardIds)];
    const cards = await this.cards.get(state.catalog, ids, async (missing) =>
      byId(await repo.cardsByIds(this.db, missing)),
    );
    // A printing the shop holds none of is kept as 0, so it is not asked for again.
    const held = await this.held.of(shopId).get(state.inventory, ids, async (missing) => {
      const found = await repo.heldOf(this.db, shopId, missing);
      return new Map(missing.map((id) => [id, found.get(id) ?? 0]));
    });
    const settings = await this.settings
      .of(shopId)
      .get(state.buy, ids, (missing) => settingsFor(this.db, shopId, missing));
    return { cards, held, settings, rules: state.rules };
  }
}

/** A 404 naming every id the catalog does not know, in the list's order. */
function requireKnown(pricing: Pricing, cardIds: readonly string[]) {
  if (cardIds.every((id) => pricing.cards.has(id))) return;
  const unknown = [...new Set(cardIds.filter((id) => !pricing.cards.has(id)))];
  throw new AppError('NOT_FOUND', unknown.map((id) => server.noSuchCard(id)).join(' '));
}

/** Whether a printing comes in `finish`, read from its list as the catalog keeps it (`nonfoil,foil`) without a copy. */
const finishIn = {
  nonfoil: /(?:^|,)nonfoil(?:,|$)/,
  foil: /(?:^|,)foil(?:,|$)/,
  etched: /(?:^|,)etched(?:,|$)/,
} satisfies Record<Finish, RegExp>;

/**
 * Each line's offer, in the list's order. What the shop holds of a printing grows with the copies earlier lines of the
 * same list are wanted for, so a list of 10 copies in two lines stops at the same target as one line of 10. A line of
 * a finish the printing does not come in has no price; a line graded to no copies keeps its per-copy offer, wanted 0.
 */
function offersOf(lines: readonly LineInput[], pricing: Pricing): LineOffer[] {
  const wantedSoFar = new Map<string, number>();
  return lines.map((line) => {
    const card = pricing.cards.get(line.card_id);
    const setting = pricing.settings.get(line.card_id) ?? null;
    const hotlist = setting?.hotlist ?? false;
    const finish = finishOf(line.finish);
    if (!card || !finishIn[finish].test(card.finishes))
      return { cash_cents: 0, credit_cents: 0, wanted: 0, reason: 'no_price', hotlist };
    const earlier = wantedSoFar.get(line.card_id) ?? 0;
    const offer = buyOffer({
      marketCents: marketPriceOf(card, finish),
      quality: qualityOf(line.quality),
      language: languageOf(line.language),
      rarity: card.rarity,
      held: (pricing.held.get(line.card_id) ?? 0) + earlier,
      quantity: Math.max(1, line.quantity),
      card: setting,
      rules: pricing.rules,
    });
    const wanted = Math.min(offer.wanted, line.quantity);
    wantedSoFar.set(line.card_id, earlier + wanted);
    return { cash_cents: offer.cash_cents, credit_cents: offer.credit_cents, wanted, reason: offer.reason, hotlist };
  });
}

/** The names a line is shown with: the catalog's, or as a buy line kept them. */
interface LineNames {
  name: string;
  set_code: string;
  collector_number: string;
}

function toOfferLine(line: LineInput, card: LineNames | undefined, offer: LineOffer): OfferLine {
  return {
    scryfall_id: line.card_id,
    card_name: card?.name ?? '',
    set_code: (card?.set_code ?? '').toUpperCase(),
    collector_number: card?.collector_number ?? '',
    finish: finishOf(line.finish),
    quality: qualityOf(line.quality),
    language: languageOf(line.language),
    quantity: line.quantity,
    cash: centsToDollars(offer.cash_cents),
    credit: centsToDollars(offer.credit_cents),
    wanted: offer.wanted,
    hotlist: offer.hotlist,
    reason: offer.reason,
  };
}

/** A printing's part of an offer line as JSON text, written once per kept catalog row. */
const offerHeads = new WeakMap<BuyCardInfo, string>();
function offerHead(card: BuyCardInfo): string {
  let head = offerHeads.get(card);
  if (head === undefined) {
    const { id, name, set_code, collector_number } = card;
    head = `{"scryfall_id":${JSON.stringify(id)},"card_name":${JSON.stringify(name)},"set_code":${JSON.stringify(set_code.toUpperCase())},"collector_number":${JSON.stringify(collector_number)}`;
    offerHeads.set(card, head);
  }
  return head;
}

/**
 * The offer's answer as JSON text, written as toOfferLine and JSON.stringify would write it (ZBuyOfferResponse's
 * fields in its order): for 200 lines, building the answer's objects and stringifying them was a quarter of the call.
 * The codes and numbers need no escaping; the route's test holds the text to the schema's, byte for byte.
 */
function offerAnswerText(lines: readonly LineInput[], cards: Map<string, BuyCardInfo>, offers: readonly LineOffer[]) {
  const totals = totalsOf(offers);
  let text = '{"success":true,"data":{"items":[';
  for (const [i, line] of lines.entries()) {
    const offer = offers[i]!;
    const reason = offer.reason === null ? 'null' : `"${offer.reason}"`;
    text +=
      `${i === 0 ? '' : ','}${offerHead(cards.get(line.card_id)!)},"finish":"${finishOf(line.finish)}",` +
      `"quality":"${qualityOf(line.quality)}","language":"${languageOf(line.language)}","quantity":${line.quantity},` +
      `"cash":${centsToDollars(offer.cash_cents)},"credit":${centsToDollars(offer.credit_cents)},` +
      `"wanted":${offer.wanted},"hotlist":${offer.hotlist},"reason":${reason}}`;
  }
  return `${text}],"total_cash":${centsToDollars(totals.cash)},"total_credit":${centsToDollars(totals.credit)}}}`;
}

const totalsOf = (offers: readonly BuyOffer[]) => ({
  cash: offers.reduce((n, o) => n + o.cash_cents * o.wanted, 0),
  credit: offers.reduce((n, o) => n + o.credit_cents * o.wanted, 0),
  items: offers.reduce((n, o) => n + o.wanted, 0),
});

/** A line's offer as stored (submitting, grading, accepting wrote it). */
const storedOffer = (l: BuyLineRow): LineOffer => ({
  cash_cents: l.cash_cents,
  credit_cents: l.credit_cents,
  wanted: l.wanted,
  reason: l.reason as BuyOffer['reason'],
  hotlist: l.hotlist === 1,
});

const storableOffer = (o: LineOffer) => ({
  cash_cents: o.cash_cents,
  credit_cents: o.credit_cents,
  wanted: o.wanted,
  hotlist: Number(o.hotlist),
  reason: o.reason,
});

function toBuyOrder(order: BuyOrderRow, lines: BuyLineRow[], offers: LineOffer[], customer: CustomerRow | null) {
  const totals = totalsOf(offers);
  return {
    buy_number: order.buy_number,
    callout: String(order.callout),
    status: order.status as BuyOrder['status'],
    timestamp: order.created_at,
    source: order.source_name,
    source_kind: order.source_kind as BuyOrder['source_kind'],
    customer: customer && toCustomer(customer),
    items: lines.map((l, i) => ({
      ...toOfferLine(l, { ...l, name: l.card_name }, offers[i]!),
      line_id: l.id,
      graded: l.graded === 1,
    })),
    total_items: totals.items,
    total_cash: centsToDollars(totals.cash),
    total_credit: centsToDollars(totals.credit),
    payout: order.payout as BuyOrder['payout'],
    paid: centsToDollars(order.paid_cents),
    decided_by: order.decided_by,
    decided_timestamp: order.decided_at,
    reason: order.reason,
  } satisfies BuyOrder;
}

/** Who submits a sell list: a staff member or a paired tablet, by name. */
interface BuySource {
  kind: 'staff' | 'device';
  id: number;
  name: string;
}

export function createBuylistService(ctx: AppContext, reads: InventoryReadModel) {
  const now = () => ctx.clock.now().toISOString();
  const keeps = new OfferKeeps(ctx.db);

  /** Public: the shop chose so, and its subscription has not ended (as the storefront's pages). */
  const isPublic = (shop: { shop_hidden: number; billing_ends_at: string | null }) =>
    shop.shop_hidden === 0 && isStorefrontOnline(shop.billing_ends_at, ctx.clock.now());

  /** Buy orders with their lines and customers; pending ones priced as they stand now, decided ones as stored. */
  async function withLines(db: Executor, shopId: number, orders: BuyOrderRow[], recompute: boolean) {
    const lines = await repo.linesOf(
      db,
      orders.map((o) => o.id),
    );
    const customerIds = [...new Set(orders.flatMap((o) => (o.customer_id === null ? [] : [o.customer_id])))];
    const customers = new Map((await repo.customersByIds(db, shopId, customerIds)).map((c) => [c.id, c]));
    const byOrder = new Map<number, BuyLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.buy_order_id);
      if (list) list.push(line);
      else byOrder.set(line.buy_order_id, [line]);
    }
    const pricing = recompute
      ? await pricingFor(
          db,
          shopId,
          lines.map((l) => l.card_id),
        )
      : undefined;
    return orders.map((order) => {
      const own = byOrder.get(order.id) ?? [];
      const offers = pricing ? offersOf(own, pricing) : own.map(storedOffer);
      const customer = order.customer_id === null ? null : (customers.get(order.customer_id) ?? null);
      return toBuyOrder(order, own, offers, customer);
    });
  }

  /** One buy order as it stands after a change: stored offers (the change just wrote them). */
  async function orderNamed(shopId: number, buyNumber: string) {
    const order = await repo.find(ctx.db, shopId, buyNumber);
    if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
    const [view] = await withLines(ctx.db, shopId, [order], false);
    return view!;
  }

  /** The pending buy order named, held for this transaction: 404 unknown, 409 when decided meanwhile. */
  async function pendingOrder(tx: Tx, shopId: number, buyNumber: string) {
    const order = await repo.find(tx, shopId, buyNumber);
    if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
    if (!(await repo.holdPending(tx, order.id))) throw await notPending(tx, shopId, buyNumber, order.status);
    return order;
  }

  async function notPending(db: Executor, shopId: number, buyNumber: string, status: string) {
    const current = await repo.find(db, shopId, buyNumber);
    return new AppError('CONFLICT', server.notPending(buyNumber, current?.status ?? status));
  }

  /** What a printing the shop has its word on offers now, near mint, nonfoil, English. */
  function toBuyCard(card: BuyCardInfo, setting: BuyCardSetting, held: number, rules: BuyRules): BuyCard {
    const offer = buyOffer({
      marketCents: marketPriceOf(card, 'nonfoil'),
      quality: 'NM',
      language: 'en',
      rarity: card.rarity,
      held,
      quantity: 1,
      card: setting,
      rules,
    });
    const target = setting.target_stock ?? rules.target_by_rarity[card.rarity as keyof BuyRules['target_by_rarity']];
    return {
      scryfall_id: card.id,
      card_name: card.name,
      set_code: card.set_code.toUpperCase(),
      collector_number: card.collector_number,
      rarity: card.rarity,
      image_url: card.image_normal ?? card.image_small,
      fixed_cash: centsToDollars(setting.fixed_cash_cents),
      fixed_credit: centsToDollars(setting.fixed_credit_cents),
      not_buying: setting.not_buying,
      hotlist: setting.hotlist,
      target_stock: setting.target_stock,
      held,
      cash: centsToDollars(offer.cash_cents),
      credit: centsToDollars(offer.credit_cents),
      wanted: setting.not_buying ? 0 : target === undefined ? null : Math.max(0, target - held),
    };
  }

  /** A page of the printings the shop has its word on, each with what it offers now. */
  async function cardsPage(
    shopId: number,
    filter: { q: string; hotlistOnly: boolean; buyingOnly?: boolean },
    page: number,
  ) {
    const size = buyLimits.pageSize;
    const { rows, total } = await repo.cardsPage(ctx.db, shopId, filter, { offset: (page - 1) * size, limit: size });
    const pricing = await pricingFor(
      ctx.db,
      shopId,
      rows.map((r) => r.card_id),
    );
    const cards = rows.flatMap((r) => {
      const card = pricing.cards.get(r.card_id);
      return card ? [toBuyCard(card, settingOf(r), pricing.held.get(r.card_id) ?? 0, pricing.rules)] : [];
    });
    return { cards, total, page, total_pages: Math.max(1, Math.ceil(total / size)), rules: pricing.rules };
  }

  return {
    /** What the shop offers for a sell list now, as JSON text (offerAnswerText); nothing is written. */
    async offer(actor: Actor, items: SellLine[]): Promise<JsonText> {
      const { shopId } = requireRole(actor, 'buylist:sell');
      const lines = items.map(lineOf);
      const cardIds = items.map((i) => i.scryfall_id);
      const pricing = await keeps.pricing(shopId, cardIds);
      requireKnown(pricing, cardIds);
      return new JsonText(offerAnswerText(lines, pricing.cards, offersOf(lines, pricing)));
    },

    /**
     * A sell list becomes a pending buy order with the day's next callout, its offers computed now. A kiosk names
     * the seller (found by e-mail or phone, or added); staff may name one of the shop's customers instead, or none.
     * The same Idempotency-Key again answers the first buy order; with another list it is refused.
     */
    async submit(
      actor: Actor,
      input: { items: SellLine[]; customer?: CustomerInput; customer_id?: number },
      idempotencyKey: string | undefined,
    ) {
      const { shopId, email, userId } = requireRole(actor, 'buylist:sell');
      const source: BuySource = actor.device
        ? { kind: 'device', id: actor.device.id, name: actor.device.name }
        : { kind: 'staff', id: userId, name: email };
      if (actor.device && input.customer_id !== undefined)
        throw new AppError('FORBIDDEN', messages.devicesServer.staffOnly);
      if (actor.device && !input.customer) throw new AppError('BAD_REQUEST', server.customerRequired);
      if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 200))
        throw new AppError('BAD_REQUEST', messages.ordersServer.badIdempotencyKey);
      // The list as the server read it (defaults filled): the same list sent again hashes alike.
      const fingerprint = createHash('sha256')
        .update(JSON.stringify({ items: input.items, customer: input.customer, customer_id: input.customer_id }))
        .digest('hex');
      const sameList = (earlier: { buy_number: string; callout: number; idempotency_fingerprint: string | null }) => {
        if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== fingerprint)
          throw new AppError('IDEMPOTENCY_MISMATCH', messages.ordersServer.idempotencyMismatch);
        return {
          message: server.submitted(earlier.buy_number),
          buy_number: earlier.buy_number,
          callout: String(earlier.callout),
        };
      };
      /** The seller: the shop's customer named by id, or found by e-mail or phone, or added; or none. */
      const customerOf = async (tx: Tx, at: string) => {
        if (input.customer_id !== undefined) {
          const customer = await customersRepository.find(tx, shopId, input.customer_id);
          if (!customer) throw new AppError('NOT_FOUND', messages.customers.server.notFound);
          return customer.id;
        }
        return input.customer ? (await customersRepository.findOrCreate(tx, shopId, input.customer, at)).id : null;
      };
      for (let attempt = 1; ; attempt++) {
        const at = now();
        try {
          return await withTransaction(ctx.db, async (tx) => {
            if (idempotencyKey) {
              const earlier = await repo.byIdempotencyKey(tx, shopId, idempotencyKey);
              if (earlier) return sameList(earlier);
            }
            const customerId = await customerOf(tx, at);
            const lines = input.items.map((i) => ({ ...i, card_id: i.scryfall_id }));
            const pricing = await pricingFor(
              tx,
              shopId,
              lines.map((l) => l.card_id),
            );
            requireKnown(
              pricing,
              lines.map((l) => l.card_id),
            );
            const offers = offersOf(lines, pricing);
            const day = at.slice(0, 10).replaceAll('-', '');
            // Buy orders count their own callouts, apart from orders' ("B" days in the same counters).
            const callout = await ordersRepository.nextCallout(tx, shopId, `B${day}`);
            const buyNumber = `B${day}-${shopId}-${source.id}-${callout}`;
            await repo.insert(
              tx,
              {
                shop_id: shopId,
                buy_number: buyNumber,
                callout,
                source_kind: source.kind,
                source_id: source.id,
                source_name: source.name,
                customer_id: customerId,
                status: 'pending',
                idempotency_key: idempotencyKey ?? null,
                idempotency_fingerprint: idempotencyKey ? fingerprint : null,
                created_at: at,
              },
              lines.map((l, position) => {
                const card = pricing.cards.get(l.card_id)!;
                return {
                  shop_id: shopId,
                  position,
                  card_id: l.card_id,
                  card_name: card.name,
                  set_code: card.set_code,
                  collector_number: card.collector_number,
                  finish: l.finish,
                  quality: l.quality,
                  language: l.language,
                  quantity: l.quantity,
                  graded: 0,
                  ...storableOffer(offers[position]!),
                };
              }),
            );
            await auditRepository.record(tx, {
              shop_id: shopId,
              actor: email,
              action: 'buylist.submit',
              subject: buyNumber,
              detail: JSON.stringify({ lines: lines.length, customer_id: customerId }),
              created_at: at,
            });
            return { message: server.submitted(buyNumber), buy_number: buyNumber, callout: String(callout) };
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          // A concurrent retry with the same key committed first (PostgreSQL): answer with its buy order.
          if (idempotencyKey) {
            const earlier = await repo.byIdempotencyKey(ctx.db, shopId, idempotencyKey);
            if (earlier) return sameList(earlier);
          }
          // Two sellers giving the same new e-mail or phone at once (PostgreSQL): the one that lost the race on the
          // unique index finds the customer the other added when it tries again. Nothing of a refusal is kept.
          if (attempt >= 2) throw err;
        }
      }
    },

    async pending(actor: Actor) {
      const { shopId } = requireRole(actor, 'buylist:view');
      const orders = await repo.list(ctx.db, shopId, 'pending', buyLimits.historyLimit);
      return { success: true as const, data: { buy_orders: await withLines(ctx.db, shopId, orders, true) } };
    },

    async history(actor: Actor) {
      const { shopId } = requireRole(actor, 'buylist:view');
      const orders = await repo.list(ctx.db, shopId, 'decided', buyLimits.historyLimit);
      return { success: true as const, data: { buy_orders: await withLines(ctx.db, shopId, orders, false) } };
    },

    /**
     * Grading while pending: each named line's condition and copies as the staff member found them (0 copies drops
     * the line: kept, wanted for none, so it can be raised again), then every line's offer computed again in the
     * list's order. An order decided meanwhile is 409.
     */
    async grade(actor: Actor, buyNumber: string, graded: { line_id: number; quality?: Quality; quantity?: number }[]) {
      const { shopId, email } = requireRole(actor, 'buylist:take');
      const at = now();
      await withTransaction(ctx.db, async (tx) => {
        const order = await pendingOrder(tx, shopId, buyNumber);
        const lines = await repo.linesOf(tx, [order.id]);
        const byId = new Map(lines.map((l) => [l.id, l]));
        for (const change of graded) {
          const line = byId.get(change.line_id);
          if (!line) throw new AppError('NOT_FOUND', server.noSuchLine(change.line_id));
          line.quality = change.quality ?? line.quality;
          line.quantity = change.quantity ?? line.quantity;
          line.graded = 1;
          await repo.gradeLine(tx, line.id, { quality: line.quality, quantity: line.quantity });
        }
        const offers = offersOf(lines, await pricingFor(tx, shopId, [...new Set(lines.map((l) => l.card_id))]));
        for (const [i, line] of lines.entries()) await repo.setOffer(tx, line.id, storableOffer(offers[i]!));
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.grade',
          subject: buyNumber,
          detail: JSON.stringify({ lines: graded }),
          created_at: at,
        });
      });
      return { message: server.graded(buyNumber), buy_order: await orderNamed(shopId, buyNumber) };
    },

    /**
     * Accepting pays once. One conditional update moves the order from pending to accepted, so of any number of
     * accepts at once exactly one goes on (the others hear 409); then, in the same transaction, the offers are
     * computed again as the shop's stock stands, the wanted copies go into the inventory (the same rows, their cost
     * per copy averaged with what was paid) and a store-credit payout goes on the customer's ledger. Anything refused
     * on the way (nothing wanted, over an Employee's limit, credit without a customer) rolls it all back: still pending.
     */
    async accept(actor: Actor, buyNumber: string, payout: 'cash' | 'credit') {
      const { shopId, email, role } = requireRole(actor, 'buylist:take');
      const at = now();
      const paid = await withTransaction(ctx.db, async (tx) => {
        const order = await repo.find(tx, shopId, buyNumber);
        if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
        if (
          !(await repo.decide(tx, order.id, {
            status: 'accepted',
            decided_by: email,
            decided_at: at,
            decided_role: role,
          }))
        )
          throw await notPending(tx, shopId, buyNumber, order.status);
        const lines = await repo.linesOf(tx, [order.id]);
        const pricing = await pricingFor(
          tx,
          shopId,
          lines.map((l) => l.card_id),
        );
        // A line offered nothing for this payout (cash under the minimum while credit is not) is not bought.
        const offers = offersOf(lines, pricing).map((o) =>
          (payout === 'cash' ? o.cash_cents : o.credit_cents) > 0 ? o : { ...o, wanted: 0 },
        );
        const unit = (o: BuyOffer) => (payout === 'cash' ? o.cash_cents : o.credit_cents);
        const total = offers.reduce((n, o) => n + unit(o) * o.wanted, 0);
        if (total <= 0) throw new AppError('CONFLICT', server.nothingWanted);
        const limit = pricing.rules.employee_accept_limit_cents;
        if (role === 'Employee' && total > limit) throw new AppError('FORBIDDEN', server.overLimit(limit));
        if (role === 'Employee') {
          // The limit is a day's, not a sell list's (issue 38): split lists add up, per Employee and per customer,
          // over the last 24 hours, summed while no other Employee accept of the shop can commit.
          await repo.lockEmployeeAccepts(tx, shopId, ctx.engine);
          const since = new Date(Date.parse(at) - EMPLOYEE_LIMIT_WINDOW_MS).toISOString();
          const before = await repo.employeePaidSince(tx, shopId, since, order.id, email, order.customer_id);
          if (before.byEmployee + total > limit)
            throw new AppError('FORBIDDEN', server.overDailyLimit(limit, before.byEmployee));
          if (before.toCustomer + total > limit)
            throw new AppError('FORBIDDEN', server.overCustomerDailyLimit(limit, before.toCustomer));
        }
        if (payout === 'credit' && order.customer_id === null)
          throw new AppError('CONFLICT', server.creditNeedsCustomer);

        // In one order for every purchase (printing, finish, condition, language), so two accepts of different
        // buy orders lock shared rows in the same order and never wait on each other in a circle.
        const bought = lines
          .map((line, i) => ({ line, offer: offers[i]! }))
          .filter(({ offer }) => offer.wanted > 0)
          .sort((a, b) => {
            const ka = `${a.line.card_id}|${a.line.finish}|${a.line.quality}|${a.line.language}`;
            const kb = `${b.line.card_id}|${b.line.finish}|${b.line.quality}|${b.line.language}`;
            return ka < kb ? -1 : ka > kb ? 1 : a.line.position - b.line.position;
          });
        const existing = new Set(
          (
            await repo.rowsOfCards(
              tx,
              shopId,
              bought.map((b) => b.line.card_id),
            )
          )
            .filter((r) => r.signed === 0 && r.altered === 0)
            .map((r) => r.id),
        );
        const quantities = new Map<number, number>();
        const created: { id: number; quantity: number }[] = [];
        const sortNames = new Map(
          (
            await repo.cardsByIds(
              tx,
              bought.map((b) => b.line.card_id),
            )
          ).map((c) => [c.id, c.sort_name]),
        );
        for (const { line, offer } of bought) {
          const row = await repo.addBought(
            tx,
            {
              shop_id: shopId,
              card_id: line.card_id,
              finish: line.finish,
              quality: line.quality,
              language: line.language,
              quantity: offer.wanted,
              sort_name: sortNames.get(line.card_id) ?? normalizeName(line.card_name),
              set_code: line.set_code,
              cost_cents: unit(offer),
            },
            at,
          );
          if (existing.has(row.id)) quantities.set(row.id, row.quantity);
          else {
            existing.add(row.id);
            created.push(row);
          }
        }
        const change: StockChange =
          created.length === 0
            ? { kind: 'quantities', quantities }
            : created.length === 1 && quantities.size === 0
              ? { kind: 'row', ...created[0]! }
              : { kind: 'other' };
        await reads.stockChanged(tx, shopId, change);

        for (const [i, line] of lines.entries()) await repo.setOffer(tx, line.id, storableOffer(offers[i]!));
        let balance: number | undefined;
        if (payout === 'credit') {
          balance = await creditRepository.append(tx, {
            shopId,
            customerId: order.customer_id!,
            kind: 'trade_in',
            amountCents: total,
            reference: buyNumber,
            actor: email,
            at,
          });
          if (balance === undefined) throw new AppError('CONFLICT', server.creditNeedsCustomer);
        }
        await repo.setPaid(tx, order.id, payout, total);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.accept',
          subject: buyNumber,
          detail: JSON.stringify({
            payout,
            amount_cents: total,
            copies: bought.reduce((n, b) => n + b.offer.wanted, 0),
            customer_id: order.customer_id,
            ...(balance === undefined ? {} : { balance_cents: balance }),
          }),
          created_at: at,
        });
        return total;
      });
      return { message: server.accepted(buyNumber, payout, paid), buy_order: await orderNamed(shopId, buyNumber) };
    },

    /** Rejecting ends a pending buy order: nothing bought, nothing paid, the shop's reason kept. */
    async reject(actor: Actor, buyNumber: string, reason?: string) {
      const { shopId, email } = requireRole(actor, 'buylist:take');
      const at = now();
      await withTransaction(ctx.db, async (tx) => {
        const order = await repo.find(tx, shopId, buyNumber);
        if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
        const decided = await repo.decide(tx, order.id, {
          status: 'rejected',
          decided_by: email,
          decided_at: at,
          reason: reason || null,
        });
        if (!decided) throw await notPending(tx, shopId, buyNumber, order.status);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.reject',
          subject: buyNumber,
          detail: reason ? JSON.stringify({ reason }) : '{}',
          created_at: at,
        });
      });
      return { message: server.rejected(buyNumber), buy_order: await orderNamed(shopId, buyNumber) };
    },

    async rules(actor: Actor) {
      const { shopId } = requireRole(actor, 'buylist:view');
      return { success: true as const, data: { rules: buyRulesOf(await repo.rulesOf(ctx.db, shopId)) } };
    },

    async updateRules(actor: Actor, rules: BuyRules) {
      const { shopId, email } = requireRole(actor, 'buylist:rules');
      await withTransaction(ctx.db, async (tx) => {
        await repo.setRules(tx, shopId, JSON.stringify(rules));
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.rules',
          subject: '',
          detail: JSON.stringify(rules),
          created_at: now(),
        });
      });
      return { success: true as const, data: { rules: buyRulesOf(JSON.stringify(rules)) } };
    },

    async cards(actor: Actor, input: { q: string; hotlist?: boolean; page: number }) {
      const { shopId } = requireRole(actor, 'buylist:view');
      const { rules: _rules, ...page } = await cardsPage(
        shopId,
        { q: normalizeName(input.q), hotlistOnly: input.hotlist === true },
        input.page,
      );
      return { success: true as const, data: page };
    },

    /** Sets the shop's word on one printing, every field as sent. */
    async setCard(
      actor: Actor,
      input: {
        scryfall_id: string;
        fixed_cash: number | null;
        fixed_credit: number | null;
        not_buying: boolean;
        hotlist: boolean;
        target_stock: number | null;
      },
    ) {
      const { shopId, email } = requireRole(actor, 'buylist:rules');
      const at = now();
      const setting = {
        shop_id: shopId,
        card_id: input.scryfall_id,
        fixed_cash_cents: dollarsToCents(input.fixed_cash),
        fixed_credit_cents: dollarsToCents(input.fixed_credit),
        not_buying: Number(input.not_buying),
        hotlist: Number(input.hotlist),
        target_stock: input.target_stock,
        updated_at: at,
      };
      const card = await withTransaction(ctx.db, async (tx) => {
        const [card] = await repo.cardsByIds(tx, [input.scryfall_id]);
        if (!card) throw new AppError('NOT_FOUND', server.noSuchCard(input.scryfall_id));
        await repo.setCard(tx, setting);
        const { shop_id: _shop, card_id: _card, updated_at: _at, ...detail } = setting;
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.card',
          subject: card.id,
          detail: JSON.stringify(detail),
          created_at: at,
        });
        return card;
      });
      const pricing = await pricingFor(ctx.db, shopId, [card.id]);
      return {
        message: server.cardSaved(card.name),
        card: toBuyCard(card, settingOf(setting), pricing.held.get(card.id) ?? 0, pricing.rules),
      };
    },

    /** The printing follows the rules again. */
    async removeCard(actor: Actor, scryfallId: string) {
      const { shopId, email } = requireRole(actor, 'buylist:rules');
      const name = await withTransaction(ctx.db, async (tx) => {
        const [card] = await repo.cardsByIds(tx, [scryfallId]);
        if (!card) throw new AppError('NOT_FOUND', server.noSuchCard(scryfallId));
        if (await repo.removeCard(tx, shopId, card.id))
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'buylist.card.remove',
            subject: card.id,
            detail: '{}',
            created_at: now(),
          });
        return card.name;
      });
      return { message: server.cardRemoved(name) };
    },

    /** A public shop's "We buy" page: its shares and the hotlist it buys, near mint, nonfoil, English. */
    async publicBuylist(subdomain: string, page: number) {
      const shop = await reads.publicShop({ subdomain });
      if (!shop || !isPublic(shop)) throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const { cards, rules, ...rest } = await cardsPage(shop.id, { q: '', hotlistOnly: true, buyingOnly: true }, page);
      return {
        shop_name: shop.name,
        cash_percent: rules.cash_percent,
        credit_percent: rules.credit_percent,
        hotlist: cards.map((c) => ({
          scryfall_id: c.scryfall_id,
          card_name: c.card_name,
          set_code: c.set_code,
          collector_number: c.collector_number,
          image_url: c.image_url,
          cash: c.cash,
          credit: c.credit,
          wanted: c.wanted,
        })),
        ...rest,
      };
    },
  };
}
