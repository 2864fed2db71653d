import { describe, expect, it } from 'vitest';
import { sanitizeSubdomain } from './subdomain.ts';

describe('sanitizeSubdomain', () => {
  it('lower-cases and strips everything but a-z, 0-9 and hyphens', () => {
    expect(sanitizeSubdomain('My Shop!')).toBe('myshop');
    expect(sanitizeSubdomain('Owl_&_Goblin-Games 2')).toBe('owlgoblin-games2');
    expect(sanitizeSubdomain('café.ÉTÉ')).toBe('caft');
    expect(sanitizeSubdomain('')).toBe('');
  });
});
