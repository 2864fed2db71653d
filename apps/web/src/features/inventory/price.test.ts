import { describe, expect, it } from 'vitest';
import { askingPriceOf, askingPriceText, priceWithSource } from './price.ts';

describe('the asking price field', () => {
  it('reads empty as no asking price, so the pricing rule prices the row', () => {
    expect(askingPriceOf('')).toBeNull();
    expect(askingPriceOf('   ')).toBeNull();
  });

  it('reads dollars with up to two decimals, with or without a dollar sign', () => {
    expect(askingPriceOf('4')).toBe(4);
    expect(askingPriceOf('4.5')).toBe(4.5);
    expect(askingPriceOf('$12.99')).toBe(12.99);
    expect(askingPriceOf('0.01')).toBe(0.01);
    expect(askingPriceOf('.25')).toBe(0.25);
  });

  it('refuses what is not a price', () => {
    for (const text of ['abc', '-1', '0', '0.00', '1.999', '1,50', '1e3', '100000.01', '4.5.1'])
      expect(askingPriceOf(text), text).toBeUndefined();
  });

  it('shows a stored price with two decimals and none as empty', () => {
    expect(askingPriceText(null)).toBe('');
    expect(askingPriceText(4.5)).toBe('4.50');
  });
});

describe('a row’s price as staff see it', () => {
  it('names where the price comes from', () => {
    expect(priceWithSource(4.5, 4.5)).toEqual({ text: '$4.50', source: 'own price' });
    expect(priceWithSource(1.45, null)).toEqual({ text: '$1.45', source: 'pricing rule' });
    expect(priceWithSource(null, null)).toEqual({ text: 'No price', source: '' });
  });
});
