import { describe, expect, it } from 'vitest';
import { addressOf, filtersOf, noFilters, queryOfFilters, searchOf, typedSearch } from './storefront-search.ts';

describe('addressOf and searchOf', () => {
  it('reads q, sort and page as the server does, anything unknown as the default', () => {
    expect(addressOf('q=bolt+is%3Afoil&sort=price_desc&page=2')).toEqual({
      q: 'bolt is:foil',
      sort: 'price_desc',
      page: 2,
    });
    expect(addressOf('')).toEqual({ q: '', sort: 'name', page: 1 });
    expect(addressOf('sort=cheap&page=abc&q=%20%20')).toEqual({ q: '', sort: 'name', page: 1 });
    expect(addressOf(`q=${'x'.repeat(201)}`).q).toBe('');
  });
  it('writes an address with the page, and the search and order unless they are the defaults, keeping other parameters', () => {
    expect(searchOf({ q: '', sort: 'name', page: 1 })).toBe('page=1');
    expect(searchOf({ q: 'bolt is:foil', sort: 'price_asc', page: 2 })).toBe('q=bolt+is%3Afoil&sort=price_asc&page=2');
    expect(searchOf({ q: 'bolt', sort: 'name', page: 1 }, 'ref=mail&page=3')).toBe('ref=mail&q=bolt&page=1');
    const address = { q: 'lightning bolt cond:nm', sort: 'newest', page: 4 } as const;
    expect(addressOf(searchOf(address))).toEqual(address);
  });
});

describe('filtersOf and queryOfFilters', () => {
  it('turns the filters’ terms into control values and leaves everything else as text', () => {
    expect(filtersOf('bolt SET:M10 c:r is:foil cond:lp q>0 t:instant')).toEqual({
      text: 'bolt t:instant',
      set: 'm10',
      color: 'r',
      finish: 'foil',
      condition: 'LP',
      inStock: true,
    });
    expect(filtersOf('"is:foil" c:wu usd<5')).toEqual({ ...noFilters, text: '"is:foil" c:wu usd<5' });
    // A second term of a kind stays text: the control shows the first.
    expect(filtersOf('cond:nm cond:lp')).toEqual({ ...noFilters, text: 'cond:lp', condition: 'NM' });
  });
  it('writes the controls back as terms the server knows, and reads them back the same', () => {
    const filters = {
      text: 'lightning bolt',
      set: ' 2X2 ',
      color: 'r',
      finish: 'foil',
      condition: 'NM',
      inStock: true,
    } as const;
    const q = queryOfFilters(filters);
    expect(q).toBe('lightning bolt set:2x2 c:r is:foil cond:nm q>0');
    expect(filtersOf(q)).toEqual({ ...filters, set: '2x2' });
    expect(queryOfFilters(noFilters)).toBe('');
  });
  it('lets terms typed in the box take their controls, keeping the others', () => {
    const shown = { ...noFilters, text: 'shock', condition: 'NM' as const, color: 'r' };
    expect(typedSearch('bolt is:foil', shown)).toEqual({ ...shown, text: 'bolt', finish: 'foil' });
    expect(typedSearch('cond:lp', shown)).toEqual({ ...shown, text: '', condition: 'LP' });
  });
});
