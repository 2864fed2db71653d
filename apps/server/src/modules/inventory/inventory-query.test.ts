import { describe, expect, it } from 'vitest';
import { parseInventoryQuery, QueryError } from './inventory-query.ts';

describe('parseInventoryQuery', () => {
  it('lists everything for * or nothing', () => {
    expect(parseInventoryQuery('*').words).toEqual([]);
    expect(parseInventoryQuery('  ').words).toEqual([]);
  });

  it('turns plain words into normalized name words', () => {
    expect(parseInventoryQuery('Æther  VIAL').words).toEqual(['aether', 'vial']);
    expect(parseInventoryQuery('"Jace, the"').words).toEqual(['jace', 'the']);
  });

  it('reads every supported term', () => {
    const q = parseInventoryQuery(
      'bolt set:m10 is:foil q>2 q<=10 c:r t:instant r:c usd>1.5 usd<$20 cond:lp s:2xm lang:de language:Japanese is:signed loc:A-04 bin:"Binder  3"',
    );
    expect(q).toEqual({
      words: ['bolt'],
      sets: ['m10', '2xm'],
      finishes: ['foil'],
      quantity: [
        { op: '>', value: 2 },
        { op: '<=', value: 10 },
      ],
      colors: ['r'],
      types: ['instant'],
      rarities: ['common'],
      usd: [
        { op: '>', cents: 150 },
        { op: '<', cents: 2000 },
      ],
      qualities: ['LP'],
      languages: ['de', 'ja'],
      flags: ['signed'],
      locations: ['a-04', 'binder  3'],
      rows: [],
    });
  });

  it('reads a label code as that one row, and a near miss as a word', () => {
    expect(parseInventoryQuery('CS9IXO')).toMatchObject({ rows: [12345], words: [] });
    expect(parseInventoryQuery('cs9ixo bolt')).toMatchObject({ rows: [12345], words: ['bolt'] });
    // One character off: the check fails, and it is a name word like any other.
    expect(parseInventoryQuery('CS9IXP')).toMatchObject({ rows: [], words: ['cs9ixp'] });
  });

  it('reads a quoted location as one term, and a quoted phrase as words', () => {
    expect(parseInventoryQuery('loc:"Binder 3 p12" bolt').locations).toEqual(['binder 3 p12']);
    expect(parseInventoryQuery('"lightning bolt"').words).toEqual(['lightning', 'bolt']);
  });

  it('treats q=3 and q:3 alike', () => {
    expect(parseInventoryQuery('q=3').quantity).toEqual([{ op: '=', value: 3 }]);
    expect(parseInventoryQuery('q:3').quantity).toEqual([{ op: '=', value: 3 }]);
  });

  it.each([
    ['pow>3', /Unknown search term "pow>"/],
    ['is:shiny', /Unknown "is:" value "shiny"/],
    ['r:legendary', /Unknown rarity "legendary"/],
    ['cond:mint', /Unknown condition "mint"/],
    ['lang:xx', /Unknown language "xx"/],
    ['usd>cheap', /Price needs a number/],
    ['c:purple', /Colours are w, u, b, r, g/],
    ['-set:m10', /Negated terms are not supported/],
    ['loc:""', /Say which location/],
  ])('refuses %s with a clear message', (q, message) => {
    expect(() => parseInventoryQuery(q)).toThrow(QueryError);
    expect(() => parseInventoryQuery(q)).toThrow(message);
  });
});
