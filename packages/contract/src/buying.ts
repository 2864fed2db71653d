import type { Language, Quality } from './constants.ts';
import { byPercent, shareOf } from './percent.ts';

/** Rarities a target stock can be set for, as Scryfall writes them. */
export const buyRarities = ['common', 'uncommon', 'rare', 'mythic'] as const;
export type BuyRarity = (typeof buyRarities)[number];

/** How a shop prices the cards it buys from customers (issue 25): shares of the market price, in percent. */
export interface BuyRules {
  /** Offered in cash, in percent of the market price (near mint, English). */
  cash_percent: number;
  /** Offered in store credit, in percent of the market price. */
  credit_percent: number;
  /** Hotlist cards: the cash and credit shares instead of the two above. */
  hotlist_cash_percent: number;
  hotlist_credit_percent: number;
  /** Share of the near-mint offer for each condition, in percent. */
  condition_percent: Record<Quality, number>;
  /** Share of the English offer per language, in percent; a language left out is 100. */
  language_percent: Partial<Record<Language, number>>;
  /** An offer under this many cents is no offer (0: the shop does not buy bulk at pennies). */
  min_offer_cents: number;
  /** Offers round down to a multiple of this many cents. */
  rounding_cents: number;
  /**
   * Copies of a printing (every finish, condition and language together) the shop wants to hold, by rarity; once
   * it holds that many it buys no more. A rarity left out has no target. A printing's own target wins.
   */
  target_by_rarity: Partial<Record<BuyRarity, number>>;
  /** An Employee accepts buy orders paying out up to this many cents; Owners and Managers have no limit. */
  employee_accept_limit_cents: number;
}

export const defaultBuyRules: BuyRules = {
  cash_percent: 50,
  credit_percent: 65,
  hotlist_cash_percent: 65,
  hotlist_credit_percent: 80,
  condition_percent: { NM: 100, LP: 85, MP: 70, HP: 50, D: 30 },
  language_percent: {},
  min_offer_cents: 10,
  rounding_cents: 5,
  target_by_rarity: { common: 20, uncommon: 12, rare: 8, mythic: 6 },
  employee_accept_limit_cents: 100_00,
};

/** A shop's own word on one printing: a fixed offer (near mint, cents), not buying it, the hotlist, a target. */
export interface BuyCardSetting {
  fixed_cash_cents: number | null;
  fixed_credit_cents: number | null;
  not_buying: boolean;
  hotlist: boolean;
  /** Copies to hold; null: the rarity's target. */
  target_stock: number | null;
}

/** Why a line is offered nothing; `null` when it has an offer. */
export type NoOfferReason = 'not_buying' | 'target_reached' | 'no_price' | 'below_minimum';

export interface BuyOffer {
  /** Per copy, in cents. */
  cash_cents: number;
  credit_cents: number;
  /** How many of the line's copies the shop buys at that offer (0 with a reason). */
  wanted: number;
  reason: NoOfferReason | null;
}

const none = (reason: NoOfferReason): BuyOffer => ({ cash_cents: 0, credit_cents: 0, wanted: 0, reason });

/**
 * One offer per copy: the fixed offer, else the market price's share, scaled and rounded down to the step (on whole
 * thousandths of a cent first, so 1234.9999999 is not taken for 1234); null without either. Not a closure inside
 * buyOffer: a sell list prices 200 lines at every card added.
 */
function offerCents(fixed: number | null, market: number | null, percent: number, scale: number, step: number) {
  const cents = fixed !== null ? fixed * scale : market === null ? null : byPercent(market, percent) * scale;
  return cents === null ? null : Math.floor(Math.round(cents * 1000) / 1000 / step) * step;
}

/**
 * What a shop offers for `quantity` copies of a printing in one condition and language, per copy: the fixed offer
 * when the shop set one, otherwise the market price times the cash (or credit) share — the hotlist's when the card
 * is on it — scaled by condition and language and rounded down to the step. Nothing under the minimum, nothing
 * without a market price or fixed offer (never a guess), nothing past the target stock: `held` is how many copies
 * of the printing the shop holds (and has already bought on this list), so only `target - held` are wanted.
 */
export function buyOffer(input: {
  marketCents: number | null;
  quality: Quality;
  language?: Language;
  rarity: string;
  held: number;
  quantity: number;
  card?: BuyCardSetting | null;
  rules?: BuyRules;
}): BuyOffer {
  const rules = input.rules ?? defaultBuyRules;
  const card = input.card ?? null;
  if (card?.not_buying) return none('not_buying');
  const target = card?.target_stock ?? rules.target_by_rarity[input.rarity as BuyRarity] ?? null;
  const room = target === null ? input.quantity : Math.max(0, target - input.held);
  if (room === 0) return none('target_reached');
  const scale =
    shareOf(rules.condition_percent[input.quality] ?? 100) *
    shareOf(rules.language_percent[input.language ?? 'en'] ?? 100);
  const step = Math.max(1, Math.round(rules.rounding_cents));
  const hot = card?.hotlist ?? false;
  const cash = offerCents(
    card?.fixed_cash_cents ?? null,
    input.marketCents,
    hot ? rules.hotlist_cash_percent : rules.cash_percent,
    scale,
    step,
  );
  const credit = offerCents(
    card?.fixed_credit_cents ?? null,
    input.marketCents,
    hot ? rules.hotlist_credit_percent : rules.credit_percent,
    scale,
    step,
  );
  if (cash === null || credit === null) return none('no_price');
  if (Math.max(cash, credit) < Math.max(1, rules.min_offer_cents)) return none('below_minimum');
  return {
    cash_cents: cash < rules.min_offer_cents ? 0 : cash,
    credit_cents: credit < rules.min_offer_cents ? 0 : credit,
    wanted: Math.min(input.quantity, room),
    reason: null,
  };
}

/** A shop's buy rules as stored (JSON of any of its fields, or null): its settings over the defaults. */
export function buyRulesOf(stored: string | null): BuyRules {
  if (!stored) return defaultBuyRules;
  const rules = JSON.parse(stored) as Partial<BuyRules>;
  return {
    ...defaultBuyRules,
    ...rules,
    condition_percent: { ...defaultBuyRules.condition_percent, ...rules.condition_percent },
    language_percent: { ...rules.language_percent },
    target_by_rarity: rules.target_by_rarity ?? defaultBuyRules.target_by_rarity,
  };
}
