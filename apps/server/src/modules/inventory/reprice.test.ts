import { defaultPricingRule } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { planReprice, sampleOf, type RepriceRow } from './reprice.ts';

const row = (id: number, asking_price: number | null, market: number | null, quality = 'NM'): RepriceRow => ({
  id,
  name: `Card ${id}`,
  set_code: 'lea',
  finish: 'nonfoil',
  quality,
  language: 'en',
  signed: 0,
  altered: 0,
  asking_price,
  market,
});
const rule = defaultPricingRule;

describe('planReprice', () => {
  it('moves the price customers pay by a percentage into the asking price, skipping rows with no price', () => {
    // Rule price of a 100-cent card: 145 cents; LP at 90 %: 131 (rounded up).
    const rows = [row(1, null, 100), row(2, 200, null), row(3, null, null), row(4, null, 100, 'LP')];
    const { changes, unpriced } = planReprice(rows, 'percent', 10, rule);
    expect(unpriced).toBe(1);
    expect(changes.map((c) => [c.row.id, c.before, c.asking, c.after])).toEqual([
      [1, 145, 160, 160],
      [2, 200, 220, 220],
      [4, 131, 144, 144],
    ]);
  });

  it('lowers a price, never below zero, and leaves a price a cent’s rounding would not move', () => {
    const { changes } = planReprice([row(1, 1000, null), row(2, 1, null), row(3, 0, null)], 'percent', -10, rule);
    expect(changes.map((c) => [c.row.id, c.asking])).toEqual([[1, 900]]);
    expect(planReprice([row(1, 5, null)], 'percent', -90, rule).changes[0]!.asking).toBe(1);
  });

  it('sets one asking price on every row, even those without a market price; a row already at it is no change', () => {
    const { changes, unpriced } = planReprice(
      [row(1, null, 100), row(2, 250, null), row(3, null, null)],
      'set',
      2.5,
      rule,
    );
    expect(unpriced).toBe(0);
    expect(changes.map((c) => [c.row.id, c.before, c.after])).toEqual([
      [1, 145, 250],
      [3, null, 250],
    ]);
  });

  it('clears asking prices back to the rule; a row with no market price is left without a price', () => {
    const { changes } = planReprice([row(1, 300, 100), row(2, null, 100), row(3, 300, null)], 'clear', undefined, rule);
    expect(changes.map((c) => [c.row.id, c.before, c.asking, c.after])).toEqual([
      [1, 300, null, 145],
      [3, 300, null, null],
    ]);
  });

  it('shows a change in dollars, with the row’s flags', () => {
    const signed = { ...row(1, null, 100), signed: 1 };
    const { changes } = planReprice([signed, row(2, 5, null), row(3, null, 100)], 'set', 1, rule);
    expect(sampleOf(changes[0]!)).toEqual({
      card_name: 'Card 1',
      set_code: 'LEA',
      finish: 'nonfoil',
      quality: 'NM',
      language: 'en',
      signed: true,
      altered: false,
      before: 1.45,
      after: 1,
    });
  });
});
