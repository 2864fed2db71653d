import { describe, expect, it } from 'vitest';
import { buyOffer, buyRulesOf, defaultBuyRules, type BuyCardSetting, type BuyRules } from './buying.ts';

const base = { marketCents: 1000, quality: 'NM' as const, rarity: 'rare', held: 0, quantity: 1 };
const setting = (over: Partial<BuyCardSetting>): BuyCardSetting => ({
  fixed_cash_cents: null,
  fixed_credit_cents: null,
  not_buying: false,
  hotlist: false,
  target_stock: null,
  ...over,
});
const noTargets: BuyRules = { ...defaultBuyRules, target_by_rarity: {} };

describe('buyOffer', () => {
  it('offers 50% of the market price in cash and 65% in store credit, per copy', () => {
    expect(buyOffer(base)).toEqual({ cash_cents: 500, credit_cents: 650, wanted: 1, reason: null });
  });

  it('follows the shop’s shares', () => {
    const rules = { ...defaultBuyRules, cash_percent: 40, credit_percent: 70 };
    expect(buyOffer({ ...base, rules })).toMatchObject({ cash_cents: 400, credit_cents: 700 });
  });

  it('scales by condition', () => {
    const at = (quality: 'NM' | 'LP' | 'MP' | 'HP' | 'D') => buyOffer({ ...base, quality }).cash_cents;
    expect([at('NM'), at('LP'), at('MP'), at('HP'), at('D')]).toEqual([500, 425, 350, 250, 150]);
  });

  it('scales by language, a language left out counting as English', () => {
    const rules = { ...defaultBuyRules, language_percent: { ja: 50, de: 120 } };
    const at = (language: 'en' | 'ja' | 'de' | 'fr') => buyOffer({ ...base, language, rules }).credit_cents;
    expect([at('en'), at('ja'), at('de'), at('fr')]).toEqual([650, 325, 780, 650]);
  });

  it('buys hotlist cards at the hotlist’s shares', () => {
    expect(buyOffer({ ...base, card: setting({ hotlist: true }) })).toMatchObject({
      cash_cents: 650,
      credit_cents: 800,
    });
  });

  it('offers a fixed offer instead of the market’s share, still scaled by condition', () => {
    const card = setting({ fixed_cash_cents: 300, fixed_credit_cents: 450 });
    expect(buyOffer({ ...base, card })).toMatchObject({ cash_cents: 300, credit_cents: 450, reason: null });
    expect(buyOffer({ ...base, quality: 'LP', card })).toMatchObject({ cash_cents: 255, credit_cents: 380 });
    // A fixed offer needs no market price; one fixed side takes the other from the market.
    expect(buyOffer({ ...base, marketCents: null, card })).toMatchObject({ cash_cents: 300, wanted: 1 });
    const cashOnly = setting({ fixed_cash_cents: 300 });
    expect(buyOffer({ ...base, card: cashOnly })).toMatchObject({ cash_cents: 300, credit_cents: 650 });
    expect(buyOffer({ ...base, marketCents: null, card: cashOnly }).reason).toBe('no_price');
  });

  it('offers nothing for a card the shop is not buying, whatever else is set', () => {
    const card = setting({ not_buying: true, hotlist: true, fixed_cash_cents: 500 });
    expect(buyOffer({ ...base, quantity: 4, card })).toEqual({
      cash_cents: 0,
      credit_cents: 0,
      wanted: 0,
      reason: 'not_buying',
    });
  });

  it('wants only the copies up to the rarity’s target stock, counting what the shop holds', () => {
    // Rares: 8 by default.
    expect(buyOffer({ ...base, held: 5, quantity: 10 })).toMatchObject({ wanted: 3, cash_cents: 500 });
    expect(buyOffer({ ...base, held: 8, quantity: 1 })).toEqual({
      cash_cents: 0,
      credit_cents: 0,
      wanted: 0,
      reason: 'target_reached',
    });
    expect(buyOffer({ ...base, rarity: 'common', held: 15, quantity: 10 }).wanted).toBe(5);
    expect(buyOffer({ ...base, rarity: 'mythic', held: 6 }).reason).toBe('target_reached');
  });

  it('has no target for a rarity left out, or an unknown rarity', () => {
    expect(buyOffer({ ...base, held: 500, quantity: 40, rules: noTargets }).wanted).toBe(40);
    expect(buyOffer({ ...base, rarity: 'special', held: 500, quantity: 3 }).wanted).toBe(3);
  });

  it('takes a printing’s own target over its rarity’s', () => {
    expect(buyOffer({ ...base, held: 5, quantity: 10, card: setting({ target_stock: 20 }) }).wanted).toBe(10);
    expect(buyOffer({ ...base, held: 1, card: setting({ target_stock: 1 }) }).reason).toBe('target_reached');
    expect(buyOffer({ ...base, held: 0, card: setting({ target_stock: 0 }) }).reason).toBe('target_reached');
    expect(
      buyOffer({ ...base, held: 500, quantity: 2, rules: noTargets, card: setting({ target_stock: 501 }) }).wanted,
    ).toBe(1);
  });

  it('lets held copies accumulate over a list: the next line of the same printing sees the earlier ones', () => {
    // Two lines of one rare, 5 held: the first takes 2, the second sees 7 held and takes 1.
    const first = buyOffer({ ...base, held: 5, quantity: 2 });
    const second = buyOffer({ ...base, held: 5 + first.wanted, quantity: 4 });
    const third = buyOffer({ ...base, held: 5 + first.wanted + second.wanted, quantity: 1 });
    expect([first.wanted, second.wanted, third.wanted, third.reason]).toEqual([2, 1, 0, 'target_reached']);
  });

  it('offers nothing under the minimum, and 0 on the side under it when the other side reaches it', () => {
    expect(buyOffer({ ...base, marketCents: 10 })).toEqual({
      cash_cents: 0,
      credit_cents: 0,
      wanted: 0,
      reason: 'below_minimum',
    });
    // 16 cents: cash 8 → 5 (under 10), credit 10.4 → 10.
    expect(buyOffer({ ...base, marketCents: 16 })).toEqual({
      cash_cents: 0,
      credit_cents: 10,
      wanted: 1,
      reason: null,
    });
    const rules = { ...defaultBuyRules, min_offer_cents: 0, rounding_cents: 1 };
    expect(buyOffer({ ...base, marketCents: 2, rules, quantity: 3 })).toMatchObject({ cash_cents: 1, wanted: 3 });
  });

  it('rounds down to the step, never up, and not a whole offer down by a step', () => {
    expect(buyOffer({ ...base, marketCents: 1299 })).toMatchObject({ cash_cents: 645, credit_cents: 840 });
    const rules = { ...defaultBuyRules, rounding_cents: 25 };
    expect(buyOffer({ ...base, quality: 'MP', rules })).toMatchObject({ cash_cents: 350, credit_cents: 450 });
    expect(buyOffer({ ...base, marketCents: 1999, rules })).toMatchObject({ cash_cents: 975, credit_cents: 1275 });
    // 65 % of $10 at 70 % (MP) is 454.99999999999994 in floating point: still 455 cents, not 454.
    const exact = { ...defaultBuyRules, rounding_cents: 1 };
    expect(buyOffer({ ...base, quality: 'MP', rules: exact }).credit_cents).toBe(455);
  });

  it('offers nothing without a market price or a fixed offer: never a guess', () => {
    expect(buyOffer({ ...base, marketCents: null })).toEqual({
      cash_cents: 0,
      credit_cents: 0,
      wanted: 0,
      reason: 'no_price',
    });
  });
});

describe('buyRulesOf', () => {
  it('is the defaults without stored rules', () => {
    expect(buyRulesOf(null)).toEqual(defaultBuyRules);
    expect(buyRulesOf('')).toEqual(defaultBuyRules);
  });

  it('lays stored fields over the defaults, condition shares one by one', () => {
    const rules = buyRulesOf(JSON.stringify({ cash_percent: 40, condition_percent: { LP: 90 } }));
    expect(rules).toMatchObject({ cash_percent: 40, credit_percent: 65 });
    expect(rules.condition_percent).toEqual({ NM: 100, LP: 90, MP: 70, HP: 50, D: 30 });
  });

  it('takes stored targets and languages as they are: a rarity left out has no target', () => {
    const rules = buyRulesOf(JSON.stringify({ target_by_rarity: { rare: 3 }, language_percent: { ja: 50 } }));
    expect(rules.target_by_rarity).toEqual({ rare: 3 });
    expect(rules.language_percent).toEqual({ ja: 50 });
    expect(buyOffer({ ...base, rarity: 'common', held: 999, rules }).wanted).toBe(1);
  });

  it('round-trips rules saved whole', () => {
    const saved: BuyRules = { ...defaultBuyRules, hotlist_cash_percent: 70, target_by_rarity: { mythic: 2 } };
    expect(buyRulesOf(JSON.stringify(saved))).toEqual(saved);
  });
});
