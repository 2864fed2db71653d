import { describe, expect, it } from 'vitest';
import { labelStockOf, onPages, productBarcodeFormat } from './label-sheets.ts';

describe('label sheets', () => {
  it('fills pages in order, after the blank positions of a used sheet', () => {
    expect(onPages([1, 2, 3, 4, 5], 3)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(onPages([1, 2, 3], 3, 2)).toEqual([
      [null, null, 1],
      [2, 3],
    ]);
    // A whole sheet skipped is no sheet: at most all but one position.
    expect(onPages([1], 3, 7)).toEqual([[null, null, 1]]);
    expect(onPages([], 30)).toEqual([]);
  });

  it('knows Avery 5160 (30 a Letter page), L7160 (21 an A4 page) and the thermal roll, 5160 by default', () => {
    expect(labelStockOf('avery-l7160').columns * labelStockOf('avery-l7160').rows).toBe(21);
    expect(labelStockOf(null).id).toBe('avery-5160');
    expect(labelStockOf('avery-5160').columns * labelStockOf('avery-5160').rows).toBe(30);
    expect(labelStockOf('thermal-225x125').page).toBe('2.25in 1.25in');
  });

  it('prints a sealed box’s code in its own symbology when its check digit is right, else in Code 128', () => {
    // A UPC-A, an EAN-13 and an EAN-8 with their check digits.
    expect(productBarcodeFormat('195166231891')).toBe('UPC');
    expect(productBarcodeFormat('4006381333931')).toBe('EAN13');
    expect(productBarcodeFormat('96385074')).toBe('EAN8');
    // One digit wrong, a length no symbology has, letters: Code 128, which a scanner reads back as printed.
    expect(productBarcodeFormat('195166231892')).toBe('CODE128');
    expect(productBarcodeFormat('12345')).toBe('CODE128');
    expect(productBarcodeFormat('19516623189A')).toBe('CODE128');
  });
});
