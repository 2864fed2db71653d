import { describe, expect, it } from 'vitest';
import {
  listedCents,
  soldCents,
  amountText,
  centsText,
  centsToDollars,
  dollarsToCents,
  finishOf,
  formatUsd,
  formatUsdPlain,
  marketPriceOf,
  qualityOf,
  wholeCents,
} from './money.ts';

describe('centsToDollars', () => {
  it('is exact to the cent', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(30)).toBe(0.3);
    expect(centsToDollars(10) + centsToDollars(20)).not.toBe(0.3); // why sums stay in cents
    expect(centsToDollars(1999.0000000001)).toBe(19.99);
  });
  it('keeps zero, negatives and null', () => {
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(-250)).toBe(-2.5);
    expect(centsToDollars(null)).toBeNull();
  });
});

describe('dollarsToCents', () => {
  it('rounds to the nearest cent', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(0.125)).toBe(13);
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(-2.5)).toBe(-250);
    expect(dollarsToCents(null)).toBeNull();
  });
});

describe('wholeCents', () => {
  it('takes a hair off a cent as that cent', () => {
    expect(wholeCents(19.99)).toBe(1999);
    expect(wholeCents(0.1 + 0.2)).toBe(30);
    expect(wholeCents(0)).toBe(0);
    expect(wholeCents(-1.5)).toBe(-150);
  });
  it('refuses fractions of a cent', () => {
    expect(wholeCents(0.125)).toBeNull();
    expect(wholeCents(1.001)).toBeNull();
  });
});

describe('text', () => {
  it('writes plain amounts with two decimals', () => {
    expect(amountText(12.5)).toBe('12.50');
    expect(amountText(0)).toBe('0.00');
    expect(centsText(125)).toBe('1.25');
    expect(centsText(123456)).toBe('1234.56');
    expect(centsText(null)).toBeNull();
  });
  it('formats plain prices with a dash for none', () => {
    expect(formatUsdPlain(12)).toBe('$12.00');
    expect(formatUsdPlain(1234.5)).toBe('$1234.50');
    expect(formatUsdPlain(0.1 + 0.2)).toBe('$0.30');
    expect(formatUsdPlain(null)).toBe('—');
  });
  it('formats grouped prices', () => {
    expect(formatUsd(3.5)).toBe('$3.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
    expect(formatUsd(-2.5)).toBe('-$2.50');
  });
});

describe('marketPriceOf', () => {
  const card = { price_usd: 100, price_usd_foil: 250, price_usd_etched: 400 };
  it('reads the column of each finish', () => {
    expect(marketPriceOf(card, 'nonfoil')).toBe(100);
    expect(marketPriceOf(card, 'foil')).toBe(250);
    expect(marketPriceOf(card, 'etched')).toBe(400);
  });
  it('is null when the finish has no price, never another finish’s', () => {
    const foilOnly = { price_usd: null, price_usd_foil: 250, price_usd_etched: null };
    expect(marketPriceOf(foilOnly, 'nonfoil')).toBeNull();
    expect(marketPriceOf(foilOnly, 'etched')).toBeNull();
    expect(marketPriceOf({ ...card, price_usd_foil: null }, 'foil')).toBeNull();
  });
});

describe('finishOf and qualityOf', () => {
  it('read stored text, unknown as nonfoil and NM', () => {
    expect(finishOf('foil')).toBe('foil');
    expect(finishOf('etched')).toBe('etched');
    expect(finishOf('glossy')).toBe('nonfoil');
    expect(qualityOf('HP')).toBe('HP');
    expect(qualityOf('mint')).toBe('NM');
  });
});

describe('listedCents', () => {
  it('is the shop’s price by the channel’s percent and currency rate, to the cent', () => {
    expect(listedCents(1250, 100_000, 1_000_000)).toBe(1250);
    // 12.50 × 95 % × 0.92 = 10.925 → 10.93.
    expect(listedCents(1250, 95_000, 920_000)).toBe(1093);
    // 0.25 × 110.5 % × 1.35 = 0.3729… → 0.37.
    expect(listedCents(25, 110_500, 1_350_000)).toBe(37);
  });
});

describe('soldCents', () => {
  it('is a marketplace price back in the shop’s currency by the channel’s rate, to the cent', () => {
    expect(soldCents(1250, 1_000_000)).toBe(1250);
    // 10.93 EUR ÷ 0.92 = 11.880… → 11.88.
    expect(soldCents(1093, 920_000)).toBe(1188);
    // 0.37 ÷ 1.35 = 0.274… → 0.27.
    expect(soldCents(37, 1_350_000)).toBe(27);
  });
});
