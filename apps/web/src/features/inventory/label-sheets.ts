/**
 * The label stock Cardstock prints on (issue 41), through the browser's print dialog: two common sheets and a thermal
 * roll. Sizes are the makers' own; a sheet's labels fill it row by row from the top left.
 */
export interface LabelStock {
  id: 'avery-5160' | 'avery-l7160' | 'thermal-225x125';
  name: string;
  /** The CSS `@page` size. */
  page: string;
  /** Labels across and down a page; a roll has one label a page. */
  columns: number;
  rows: number;
  /** One label, and where the first sits, in CSS lengths; the gaps between labels. */
  width: string;
  height: string;
  top: string;
  left: string;
  gapX: string;
  gapY: string;
}

export const labelStocks: readonly LabelStock[] = [
  {
    id: 'avery-5160',
    name: 'Avery 5160 (US Letter, 30 labels, 2⅝″ × 1″)',
    page: '8.5in 11in',
    columns: 3,
    rows: 10,
    width: '2.625in',
    height: '1in',
    top: '0.5in',
    left: '0.1875in',
    gapX: '0.125in',
    gapY: '0in',
  },
  {
    id: 'avery-l7160',
    name: 'Avery L7160 (A4, 21 labels, 63.5 × 38.1 mm)',
    page: '210mm 297mm',
    columns: 3,
    rows: 7,
    width: '63.5mm',
    height: '38.1mm',
    top: '15.15mm',
    left: '7.25mm',
    gapX: '2.5mm',
    gapY: '0mm',
  },
  {
    id: 'thermal-225x125',
    name: 'Thermal roll (2¼″ × 1¼″, one label a page)',
    page: '2.25in 1.25in',
    columns: 1,
    rows: 1,
    width: '2.25in',
    height: '1.25in',
    top: '0in',
    left: '0in',
    gapX: '0in',
    gapY: '0in',
  },
];

export const labelStockOf = (id: string | null): LabelStock => labelStocks.find((s) => s.id === id) ?? labelStocks[0]!;

/**
 * Labels on pages: `skip` positions left blank at the start of the first sheet (a sheet used before), then the
 * labels in order, `perPage` a page. Each page lists its slots: a label, or null for a blank one.
 */
export function onPages<T>(labels: readonly T[], perPage: number, skip = 0): (T | null)[][] {
  const slots: (T | null)[] = [...Array<null>(Math.min(Math.max(0, skip), perPage - 1)).fill(null), ...labels];
  const pages: (T | null)[][] = [];
  for (let i = 0; i < slots.length; i += perPage) pages.push(slots.slice(i, i + perPage));
  return pages;
}

/** The react-query key of the labels-to-reprint list (the inventory's button): printing labels invalidates it. */
export const labelsOutdatedQueryKey = ['labels-outdated'] as const;

/** A barcode's symbology: Code 128 for a row's label code; a sealed product's own UPC-A, EAN-13 or EAN-8. */
export type BarcodeFormat = 'CODE128' | 'UPC' | 'EAN13' | 'EAN8';

/**
 * The symbology a sealed product's UPC/EAN prints in, as the box carries it: 12 digits UPC-A, 13 EAN-13, 8 EAN-8, when
 * the last digit is the code's check digit; anything else (a shop's own number) Code 128, which reads back the same.
 */
export function productBarcodeFormat(digits: string): BarcodeFormat {
  const format = ({ 12: 'UPC', 13: 'EAN13', 8: 'EAN8' } as const)[digits.length];
  if (!format || !/^\d+$/.test(digits)) return 'CODE128';
  // GS1's check digit: from the right, the digits before it weighted 3, 1, 3, …
  const body = [...digits.slice(0, -1)].reverse().map(Number);
  const sum = body.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1)) ? format : 'CODE128';
}
