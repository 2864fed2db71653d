import { describe, expect, it } from 'vitest';
import { cardPageUrl } from './scryfall.ts';

describe('cardPageUrl', () => {
  it('searches the exact name within the set', () => {
    expect(cardPageUrl('Lightning Bolt', 'M11')).toBe(
      'https://scryfall.com/search?q=!%22Lightning%20Bolt%22%20set%3Am11',
    );
  });
});
