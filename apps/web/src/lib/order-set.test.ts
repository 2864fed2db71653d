import { describe, expect, it } from 'vitest';
import { orderSetChanged } from './order-set.ts';

describe('orderSetChanged', () => {
  it('never counts the first load as a change', () => {
    expect(orderSetChanged(undefined, ['a', 'b'])).toBe(false);
    expect(orderSetChanged(undefined, [])).toBe(false);
  });

  it('ignores the order of the numbers', () => {
    expect(orderSetChanged(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(orderSetChanged([], [])).toBe(false);
  });

  it('sees an order added, removed or replaced', () => {
    expect(orderSetChanged(['a'], ['a', 'b'])).toBe(true);
    expect(orderSetChanged(['a', 'b'], ['a'])).toBe(true);
    expect(orderSetChanged(['a', 'b'], ['a', 'c'])).toBe(true);
    expect(orderSetChanged([], ['a'])).toBe(true);
  });
});
