import { describe, expect, it } from 'vitest';
import { gtinForms, gtinOf, labelCodeOf, readScanCode } from './scan-code.ts';

describe('a GTIN (UPC/EAN) is read with its GS1 check digit', () => {
  it('takes real codes of every length, stored as digits', () => {
    expect(gtinOf('036000291452')).toBe('036000291452'); // UPC-A
    expect(gtinOf('4006381333931')).toBe('4006381333931'); // EAN-13
    expect(gtinOf('96385074')).toBe('96385074'); // EAN-8
    expect(gtinOf('10036000291459')).toBe('10036000291459'); // GTIN-14 of a case of the UPC-A above
    expect(gtinOf('0 36000 29145 2')).toBe('036000291452'); // as printed under the bars
    expect(gtinOf('400-6381-33393-1')).toBe('4006381333931');
  });

  it('refuses a wrong check digit, a wrong length and anything not a digit', () => {
    expect(gtinOf('036000291453')).toBeNull();
    expect(gtinOf('4006381333932')).toBeNull();
    expect(gtinOf('96385075')).toBeNull();
    expect(gtinOf('03600029145')).toBeNull(); // 11 digits
    expect(gtinOf('123456789012345')).toBeNull(); // 15 digits
    expect(gtinOf('03600029145X')).toBeNull();
    expect(gtinOf('')).toBeNull();
  });

  it('knows a UPC-A and its zero-padded EAN-13 and GTIN-14 as one product, and an EAN-8 as itself', () => {
    expect(gtinForms('036000291452')).toEqual(['036000291452', '0036000291452', '00036000291452']);
    expect(gtinForms('0036000291452')).toEqual(['036000291452', '0036000291452', '00036000291452']);
    expect(gtinForms('4006381333931')).toEqual(['4006381333931', '04006381333931']);
    expect(gtinForms('96385074')).toEqual(['96385074']);
  });
});

describe('a scanned code', () => {
  it('is a Scryfall id in any case', () => {
    expect(readScanCode(' 0E386888-57F5-4EB6-88E8-5679BB8EB290 ')).toEqual({
      kind: 'scryfall_id',
      scryfall_id: '0e386888-57f5-4eb6-88e8-5679bb8eb290',
    });
  });

  it('is a set code and collector number, any case, one or more spaces', () => {
    const mh3 = { kind: 'set_number', set_code: 'mh3', collector_number: '241' };
    expect(readScanCode('MH3 241')).toEqual(mh3);
    expect(readScanCode('mh3 241')).toEqual(mh3);
    expect(readScanCode('  Mh3    241 ')).toEqual(mh3);
    expect(readScanCode('2XM 1a')).toEqual({ kind: 'set_number', set_code: '2xm', collector_number: '1a' });
    expect(readScanCode('PLST 2XM-1')).toEqual({ kind: 'set_number', set_code: 'plst', collector_number: '2xm-1' });
  });

  it('is a stock row’s label code, any case, when its check character is right', () => {
    expect(labelCodeOf(12345)).toBe('CS9IXO');
    for (const id of [1, 35, 36, 12345, 999_999, 2_147_483_647]) {
      const code = labelCodeOf(id);
      expect(readScanCode(code), code).toEqual({ kind: 'label', row: id });
      expect(readScanCode(` ${code.toLowerCase()} `), code).toEqual({ kind: 'label', row: id });
    }
    // Every code of the first 5,000 rows is its own, and a typo in one character is caught (not read as a label).
    const codes = new Set(Array.from({ length: 5000 }, (_, i) => labelCodeOf(i + 1)));
    expect(codes.size).toBe(5000);
    expect(readScanCode('CS9IXP')).toBeUndefined();
    expect(readScanCode('CS9JXO')).toBeUndefined();
    expect(readScanCode('CS09IXO')).toBeUndefined();
    // Words that start with "cs" are names, not labels, unless their last letter happens to check.
    expect(['csx', 'csv', 'cs'].map(readScanCode)).toEqual([undefined, undefined, undefined]);
  });

  it('is a UPC/EAN when its digits check', () => {
    expect(readScanCode('036000291452')).toEqual({ kind: 'gtin', gtin: '036000291452' });
    expect(readScanCode('9638 5074')).toEqual({ kind: 'gtin', gtin: '96385074' });
  });

  it('is nothing when it is none of them', () => {
    for (const text of ['', '   ', 'MH3', 'MH3241', '036000291453', '1234 5678', 'Lightning Bolt', 'mh3 241 foil'])
      expect(readScanCode(text), text).toBeUndefined();
    // Two-word card names, searched as names: a collector number has a digit.
    for (const text of ['Shivan Dragon', 'Sol Ring', 'Grizzly Bears', 'ELD Giant'])
      expect(readScanCode(text), text).toBeUndefined();
  });
});
