import {
  buyOffer,
  buyRulesOf,
  finishOf,
  languageOf,
  marketPriceOf,
  messages,
  qualityOf,
  type BuyCardSetting,
  type BuyOffer,
  type BuyRules,
  type Finish,
  type SellLine,
} from '@cardstock/contract';
import { writeCounterOf, type Db, type Executor } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { KeptByVersion, PerShop } from '../../lib/kept-by-version.ts';
import { RowCache } from '../../lib/row-cache.ts';
import { buylistRepository as repo, type BuyCardInfo, type BuyCardRow, type BuyLineRow } from './buylist.repository.ts';

/*
 * The offer rule applied to a sell list: what it reads of the shop (its stock, its word on each printing, its rules),
 * kept between offers, and each line's offer in the list's order.
 */

const server = messages.buylist.server;
/** A line as the offer rule reads it: copies of a printing in one finish, condition and language. */
export interface LineInput {
  card_id: string;
  finish: string;
  quality: string;
  language: string;
  quantity: number;
}

/** Everything the offer rule needs of a shop for some printings. */
export interface Pricing {
  cards: Map<string, BuyCardInfo>;
  held: Map<string, number>;
  /** The shop's word on a printing; null (or absent): none, the rules alone. */
  settings: Map<string, BuyCardSetting | null>;
  rules: BuyRules;
}

export type LineOffer = BuyOffer & { hotlist: boolean };

// Written out rather than spread: a list of 200 lines is read on every offer, and spread copies of the parsed
// request's objects are several times larger and slower to read.
export const lineOf = (line: SellLine): LineInput => ({
  card_id: line.scryfall_id,
  finish: line.finish,
  quality: line.quality,
  language: line.language,
  quantity: line.quantity,
});

export const settingOf = (row: BuyCardRow): BuyCardSetting => ({
  fixed_cash_cents: row.fixed_cash_cents,
  fixed_credit_cents: row.fixed_credit_cents,
  not_buying: row.not_buying === 1,
  hotlist: row.hotlist === 1,
  target_stock: row.target_stock,
});

export const byId = (cards: BuyCardInfo[]) => new Map(cards.map((c) => [c.id, c]));

/** The shop's word on each of `ids`, null for a printing it has none on (so that it is not asked for again). */
export async function settingsFor(db: Executor, shopId: number, ids: readonly string[]) {
  const found = new Map((await repo.settingsOf(db, shopId, ids)).map((s) => [s.card_id, settingOf(s)]));
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}

/** What the offer rule needs, read in four batched queries (in a transaction: submitting, grading, accepting). */
export async function pricingFor(db: Executor, shopId: number, cardIds: readonly string[]): Promise<Pricing> {
  const ids = [...new Set(cardIds)];
  return {
    cards: byId(await repo.cardsByIds(db, ids)),
    held: await repo.heldOf(db, shopId, ids),
    settings: await settingsFor(db, shopId, ids),
    rules: buyRulesOf(await repo.rulesOf(db, shopId)),
  };
}

interface BuyState {
  buy: string;
  rules: BuyRules;
}

/** The versions of the shop's stock and the catalog a quote is kept under: the inventory read model's. */
export type QuoteState = (shopId: number) => Promise<{ inventory: number; catalog: string }>;

/**
 * What offers keep, so a customer's sell list, priced again at every card added, costs little more than its own
 * arithmetic: the printings' catalog data (name, rarity, finishes, market prices) under the catalog's version, which
 * every write to card data moves; per shop the copies held of each printing under the shop's inventory version,
 * which every stock write moves, and its word on each printing under its buy version, which every write of its buy
 * rules or word moves. The stock's and catalog's versions are the inventory read model's (`quoteState`); the buy
 * version and rules one row, kept as they are: until this process writes, at most a second, on either engine (as a
 * storefront's shop). An offer is a quote another server's change reaches within a second; submitting, grading and
 * accepting read the database in their transaction.
 */
export class OfferKeeps {
  private readonly states: RowCache<number, BuyState>;
  private readonly cards = new KeptByVersion<BuyCardInfo>(20_000);
  private readonly held = new PerShop<number>(100, 20_000);
  private readonly settings = new PerShop<BuyCardSetting | null>(100, 20_000);

  constructor(
    private readonly db: Db,
    private readonly quoteState: QuoteState,
  ) {
    this.states = new RowCache(writeCounterOf(db));
  }

  async pricing(shopId: number, cardIds: readonly string[]): Promise<Pricing> {
    const [stock, state] = await Promise.all([
      this.quoteState(shopId),
      this.states.get(shopId, async () => {
        const row = await repo.offerStateOf(this.db, shopId);
        return { buy: String(row?.buy_version ?? 0), rules: buyRulesOf(row?.buy_rules ?? null) };
      }),
    ]);
    const ids = [...new Set(cardIds)];
    const cards = await this.cards.get(stock.catalog, ids, async (missing) =>
      byId(await repo.cardsByIds(this.db, missing)),
    );
    // A printing the shop holds none of is kept as 0, so it is not asked for again.
    const held = await this.held.of(shopId).get(String(stock.inventory), ids, async (missing) => {
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
export function requireKnown(pricing: Pricing, cardIds: readonly string[]) {
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
export function offersOf(lines: readonly LineInput[], pricing: Pricing): LineOffer[] {
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

export const totalsOf = (offers: readonly BuyOffer[]) => ({
  cash: offers.reduce((n, o) => n + o.cash_cents * o.wanted, 0),
  credit: offers.reduce((n, o) => n + o.credit_cents * o.wanted, 0),
  items: offers.reduce((n, o) => n + o.wanted, 0),
});

/** A line's offer as stored (submitting, grading, accepting wrote it). */
export const storedOffer = (l: BuyLineRow): LineOffer => ({
  cash_cents: l.cash_cents,
  credit_cents: l.credit_cents,
  wanted: l.wanted,
  reason: l.reason as BuyOffer['reason'],
  hotlist: l.hotlist === 1,
});

export const storableOffer = (o: LineOffer) => ({
  cash_cents: o.cash_cents,
  credit_cents: o.credit_cents,
  wanted: o.wanted,
  hotlist: Number(o.hotlist),
  reason: o.reason,
});
