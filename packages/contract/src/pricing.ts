import type { Language, Quality } from './constants.ts';

/** How a shop prices a card that has no asking price of its own (DESIGN §4). */
export interface PricingRule {
  /** Added to the market price, in percent (the spec's upcharge, 45). */
  markup_percent: number;
  /** Share of the near-mint price asked for each condition, in percent. */
  condition_percent: Record<Quality, number>;
  /**
   * Share of the English price asked for a card in each language, in percent; a language left out is 100 (a
   * Japanese foil may be worth more, a Russian common less).
   */
  language_percent: Partial<Record<Language, number>>;
  /** No card sells for less, in cents. */
  floor_cents: number;
  /** Prices round up to a multiple of this many cents (1 = to the cent). */
  rounding_cents: number;
}

export const defaultPricingRule: PricingRule = {
  markup_percent: 45,
  condition_percent: { NM: 100, LP: 90, MP: 75, HP: 60, D: 40 },
  language_percent: {},
  floor_cents: 25,
  rounding_cents: 1,
};

/**
 * The price a customer pays for one copy, in cents: the row's asking price
 * when the shop set one; otherwise the market price for the finish, marked
 * up, scaled by condition and language, rounded up to the step, never under the floor.
 * No market price and no asking price: no price (null), never a guess.
 */
export function priceCents(input: {
  askingCents: number | null;
  marketCents: number | null;
  quality: Quality;
  /** English when left out. */
  language?: Language;
  rule?: PricingRule;
}): number | null {
  if (input.askingCents !== null) return input.askingCents;
  if (input.marketCents === null) return null;
  const rule = input.rule ?? defaultPricingRule;
  const languagePercent = rule.language_percent[input.language ?? 'en'] ?? 100;
  const raw =
    (input.marketCents *
      (100 + rule.markup_percent) *
      (rule.condition_percent[input.quality] ?? 100) *
      languagePercent) /
    1_000_000;
  const step = Math.max(1, Math.round(rule.rounding_cents));
  // Rounding happens on whole cents first so 1234.0000001 does not become 1235.
  const rounded = Math.ceil(Math.round(raw * 1000) / 1000 / step) * step;
  return Math.max(rule.floor_cents, rounded);
}

/** A shop's pricing rule as stored (JSON of any of its fields, or null): its settings over the defaults. */
export function pricingRuleOf(stored: string | null): PricingRule {
  if (!stored) return defaultPricingRule;
  const rule = JSON.parse(stored) as Partial<PricingRule>;
  return {
    ...defaultPricingRule,
    ...rule,
    condition_percent: { ...defaultPricingRule.condition_percent, ...rule.condition_percent },
    language_percent: { ...defaultPricingRule.language_percent, ...rule.language_percent },
  };
}
