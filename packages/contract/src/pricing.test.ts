import { describe, expect, it } from 'vitest';
import { defaultPricingRule, priceCents } from './pricing.ts';

describe('priceCents', () => {
  it('uses the asking price when the shop set one, whatever the market', () => {
    expect(priceCents({ askingCents: 999, marketCents: 100, quality: 'HP' })).toBe(999);
    expect(priceCents({ askingCents: 0, marketCents: 100, quality: 'NM' })).toBe(0);
  });

  it('marks the market price up by 45% for near mint', () => {
    expect(priceCents({ askingCents: null, marketCents: 1000, quality: 'NM' })).toBe(1450);
  });

  it('scales by condition', () => {
    const at = (quality: 'NM' | 'LP' | 'MP' | 'HP' | 'D') =>
      priceCents({ askingCents: null, marketCents: 1000, quality });
    expect([at('NM'), at('LP'), at('MP'), at('HP'), at('D')]).toEqual([1450, 1305, 1088, 870, 580]);
  });

  it('never goes under the floor', () => {
    expect(priceCents({ askingCents: null, marketCents: 3, quality: 'D' })).toBe(25);
  });

  it('rounds up to the step', () => {
    const rule = { ...defaultPricingRule, rounding_cents: 25 };
    expect(priceCents({ askingCents: null, marketCents: 1000, quality: 'MP', rule })).toBe(1100);
    expect(priceCents({ askingCents: null, marketCents: 1000, quality: 'NM', rule })).toBe(1450);
  });

  it('has no price without a market or asking price', () => {
    expect(priceCents({ askingCents: null, marketCents: null, quality: 'NM' })).toBeNull();
  });

  it('does not round a price that is already whole up by a cent', () => {
    const rule = { ...defaultPricingRule, markup_percent: 10 };
    expect(priceCents({ askingCents: null, marketCents: 1000, quality: 'NM', rule })).toBe(1100);
  });
});
