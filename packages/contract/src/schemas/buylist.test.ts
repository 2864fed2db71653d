import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finishes, languages, qualities } from '../constants.ts';
import { buyLimits, readCanonicalOfferRequest, ZBuyOfferRequest } from './buylist.ts';

const id = '0000579f-7b35-4ed3-b44c-db2a538066fe';
const line = { scryfall_id: id, finish: 'foil', quality: 'LP', language: 'ja', quantity: 3 };

// Values a client might put in a sell line's fields: canonical ones, other spellings the schema makes canonical, and
// wrong ones it refuses.
const text = fc.oneof(
  fc.constantFrom(...finishes, ...qualities, ...languages, 'Foil', ' nm ', 'Japanese', 'non-foil', '', 'X'),
  fc.uuid().map((u) => u),
  fc.uuid().map((u) => ` ${u.toUpperCase()}`),
  fc.string({ maxLength: 8 }),
);
const field = fc.oneof(
  text,
  fc.integer({ min: -2, max: buyLimits.maxQuantity + 2 }),
  fc.constantFrom(1.5, '4', ' 7 ', null, true, [], {}),
);
const sellLine = fc.oneof(
  fc.record(
    {
      scryfall_id: fc.oneof(fc.uuid(), field),
      finish: fc.oneof(fc.constantFrom(...finishes), field),
      quality: fc.oneof(fc.constantFrom(...qualities), field),
      language: fc.oneof(fc.constantFrom(...languages), field),
      quantity: fc.oneof(fc.integer({ min: 1, max: buyLimits.maxQuantity }), field),
      extra: field,
    },
    { requiredKeys: [] },
  ),
  field,
);
const canonicalLine = fc.record(
  {
    scryfall_id: fc.uuid(),
    finish: fc.constantFrom(...finishes),
    quality: fc.constantFrom(...qualities),
    language: fc.constantFrom(...languages),
    quantity: fc.integer({ min: 1, max: buyLimits.maxQuantity }),
  },
  { requiredKeys: ['scryfall_id', 'quality', 'quantity'] },
);
const request = fc.record(
  {
    token: fc.oneof(fc.string({ maxLength: 210 }), field),
    items: fc.oneof(
      fc.array(canonicalLine, { minLength: 1, maxLength: 4 }),
      fc.array(fc.oneof(canonicalLine, sellLine), { maxLength: 4 }),
      field,
    ),
    other: field,
  },
  { requiredKeys: [] },
);

describe('readCanonicalOfferRequest', () => {
  it('reads a canonical sell list in one pass, as the schema parses it', () => {
    const body = { token: 'abc', items: [line, { scryfall_id: id, quality: 'NM', quantity: 1 }] };
    const read = readCanonicalOfferRequest(body);
    expect(read).toStrictEqual({
      token: 'abc',
      items: [line, { scryfall_id: id, finish: 'nonfoil', quality: 'NM', language: 'en', quantity: 1 }],
    });
    expect(read).toStrictEqual(ZBuyOfferRequest.parse(body));
    expect(readCanonicalOfferRequest({ items: [line], note: 'dropped' })).toStrictEqual({ items: [line] });
  });

  it('leaves every other spelling and every refusal to the schema', () => {
    for (const other of [
      { scryfall_id: id.toUpperCase() },
      { finish: 'Foil' },
      { quality: 'nm' },
      { language: 'Japanese' },
      { quantity: '3' },
      { quantity: 0 },
      { quantity: 2.5 },
      { quantity: buyLimits.maxQuantity + 1 },
      { finish: null },
    ])
      expect(readCanonicalOfferRequest({ items: [{ ...line, ...other }] })).toBeUndefined();
    expect(readCanonicalOfferRequest({ items: [] })).toBeUndefined();
    expect(readCanonicalOfferRequest({ items: Array(buyLimits.maxLines + 1).fill(line) })).toBeUndefined();
    expect(readCanonicalOfferRequest({ token: 'x'.repeat(201), items: [line] })).toBeUndefined();
    expect(readCanonicalOfferRequest({ token: 7, items: [line] })).toBeUndefined();
  });

  it('answers what the schema answers for every input it reads', () => {
    let read = 0;
    fc.assert(
      fc.property(request, (body) => {
        const canonical = readCanonicalOfferRequest(body);
        if (canonical === undefined) return;
        read++;
        const parsed = ZBuyOfferRequest.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(canonical).toStrictEqual(parsed.data);
      }),
      { numRuns: 5000 },
    );
    // Enough of the inputs were canonical for the comparison to mean something.
    expect(read).toBeGreaterThan(500);
  });
});
