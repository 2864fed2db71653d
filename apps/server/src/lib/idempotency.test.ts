import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { checkIdempotencyKey, fingerprintOf } from './route.ts';

describe('fingerprintOf', () => {
  it('hashes a request as the rows stored before it did (hex sha256 of its JSON), so old keys still match', () => {
    expect(fingerprintOf({ items: [{ scryfall_id: 'a', quantity: 2 }], email: 'x@y.z' })).toBe(
      'cfaf946b4bd252add14c2f7d2db4c7f29ba9c86904870b2e59683860c3a95de2',
    );
  });

  it('tells requests apart by any field and by field order as sent', () => {
    const one = fingerprintOf({ items: [{ scryfall_id: 'a', quantity: 2 }] });
    expect(fingerprintOf({ items: [{ scryfall_id: 'a', quantity: 2 }] })).toBe(one);
    expect(fingerprintOf({ items: [{ scryfall_id: 'a', quantity: 3 }] })).not.toBe(one);
    expect(fingerprintOf({ items: [{ quantity: 2, scryfall_id: 'a' }] })).not.toBe(one);
  });
});

describe('checkIdempotencyKey', () => {
  it('takes no key or 1 to 200 characters, and refuses an empty or longer one', () => {
    expect(() => checkIdempotencyKey(undefined)).not.toThrow();
    expect(() => checkIdempotencyKey('k')).not.toThrow();
    expect(() => checkIdempotencyKey('k'.repeat(200))).not.toThrow();
    expect(() => checkIdempotencyKey('')).toThrow(AppError);
    expect(() => checkIdempotencyKey('k'.repeat(201))).toThrow(AppError);
  });
});
