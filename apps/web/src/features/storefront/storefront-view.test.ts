import { describe, expect, it } from 'vitest';
import { pageParam, priceText, requestedPage, shopTitle, stockText } from './storefront-view.ts';

describe('requestedPage', () => {
  it('takes a whole number from 1 to the last page that is not the current one', () => {
    expect(requestedPage('2', 1, 3)).toBe(2);
    expect(requestedPage(' 3 ', 1, 3)).toBe(3);
    expect(requestedPage('1', 2, 3)).toBe(1);
  });
  it('ignores the current page, out-of-range, fractional and non-numeric input', () => {
    expect(requestedPage('1', 1, 3)).toBeUndefined();
    expect(requestedPage('0', 1, 3)).toBeUndefined();
    expect(requestedPage('4', 1, 3)).toBeUndefined();
    expect(requestedPage('1.5', 1, 3)).toBeUndefined();
    expect(requestedPage('-2', 3, 3)).toBeUndefined();
    expect(requestedPage('', 1, 3)).toBeUndefined();
    expect(requestedPage('two', 1, 3)).toBeUndefined();
    expect(requestedPage('1e0', 2, 3)).toBeUndefined();
  });
});

describe('pageParam', () => {
  it('treats a missing, empty or malformed parameter as page 1, as the server does', () => {
    expect(pageParam(null)).toBe('1');
    expect(pageParam('')).toBe('1');
    expect(pageParam('4')).toBe('4');
    for (const odd of ['abc', '0', '-2', '1e1', '0x2', '2.5']) expect(pageParam(odd), odd).toBe('1');
  });
});

describe('price and stock', () => {
  it('shows two decimals, or a dash without a price', () => {
    expect(priceText(3)).toBe('$3.00');
    expect(priceText(0.5)).toBe('$0.50');
    expect(priceText(12.5)).toBe('$12.50');
    expect(priceText(null)).toBe('No price yet — ask staff');
  });
  it('says N in stock, or Out of stock at zero', () => {
    expect(stockText(4)).toEqual({ text: '4 in stock', inStock: true });
    expect(stockText(0)).toEqual({ text: 'Out of stock', inStock: false });
  });
});

describe('shopTitle', () => {
  it('falls back to the subdomain, then Shop', () => {
    expect(shopTitle('Owl Games', 'owl')).toBe('Owl Games');
    expect(shopTitle('', 'owl')).toBe('owl');
    expect(shopTitle(undefined, undefined)).toBe('Shop');
  });
});
