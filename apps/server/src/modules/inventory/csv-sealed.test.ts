import { messages } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { CARDSTOCK_CSV_HEADER, parseInventoryCsv } from './csv-formats.ts';

const header = CARDSTOCK_CSV_HEADER.join(',');
/** A sealed row in Cardstock's columns: name, set, quantity, price, category. */
const sealedRow = (name: string, set: string, quantity: string, price: string, category: string) =>
  `${name},${set},,,,,${quantity},${price},,,,sealed,${category}`;

describe("sealed rows of Cardstock's own file", () => {
  it('reads a sealed row as a product, beside the singles, and a file without Kind as singles only', () => {
    const parsed = parseInventoryCsv(
      [
        header,
        'Opt,xln,65,,nonfoil,NM,2,0.25,en,false,false,single,',
        sealedRow('Play Booster Box', 'BLB', '4', '149.99', 'Booster Box'),
        sealedRow('Starter Kit', '', '6', '', 'starter deck'),
        sealedRow('Gift Bundle', 'fdn', '1', '0.00', 'Bundle'),
      ].join('\n'),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines.map((l) => l.name)).toEqual(['Opt']);
    expect(parsed.sealed).toEqual([
      { line: 3, name: 'Play Booster Box', category: 'Booster Box', setCode: 'blb', quantity: 4, price: 14_999 },
      // No price: the product keeps its own (a new one is not for sale until priced).
      { line: 4, name: 'Starter Kit', category: 'Starter Deck', setCode: '', quantity: 6 },
      { line: 5, name: 'Gift Bundle', category: 'Bundle', setCode: 'fdn', quantity: 1, price: 0 },
    ]);
    const older = parseInventoryCsv(
      `${CARDSTOCK_CSV_HEADER.slice(0, 11).join(',')}\nOpt,xln,65,,nonfoil,NM,2,0.25,en,false,false\n`,
    );
    expect(older.format).toBe('cardstock');
    expect(older.sealed).toBeUndefined();
    expect(older.lines).toHaveLength(1);
  });

  it('refuses a sealed row out of the bounds Add Sealed Product keeps, every reason said, and an unknown kind', () => {
    const parsed = parseInventoryCsv(
      [
        header,
        sealedRow('Box', 'blb', '100001', '100000.01', 'Booster Box'),
        sealedRow('', 'blb', 'two', '1.005', 'Crate'),
        sealedRow('Pack', 'blb', '0', '4.99', 'Booster Pack'),
        'Opt,xln,65,,nonfoil,NM,2,0.25,en,false,false,proxy,',
      ].join('\n'),
    );
    const m = messages.sealed;
    expect(parsed.problems).toEqual([
      { line: 2, reason: `Sealed product: ${m.quantityTooHigh} ${m.priceTooHigh}` },
      {
        line: 3,
        reason: `Sealed product: ${m.nameRequired} ${m.categoryInvalid} ${m.quantityInvalid} ${m.priceCents}`,
      },
      { line: 5, reason: 'Kind "proxy" must be single or sealed.' },
    ]);
    // A product with none left is skipped, as a single row of 0 is, when the import adds.
    expect(parsed.skipped).toBe(1);
    expect(parsed.sealed).toBeUndefined();
  });

  it('reads a UPC/EAN, under UPC, EAN or Barcode, as digits, and refuses a wrong check digit as the row’s problem', () => {
    const parsed = parseInventoryCsv(
      [
        header,
        `${sealedRow('Play Booster Box', 'blb', '4', '149.99', 'Booster Box')},0 36000 29145 2`,
        `${sealedRow('Gift Bundle', 'fdn', '1', '', 'Bundle')},036000291453`,
        `${sealedRow('Starter Kit', '', '2', '', 'Starter Deck')},`,
      ].join('\n'),
    );
    expect(parsed.sealed).toEqual([
      expect.objectContaining({ name: 'Play Booster Box', upc: '036000291452' }),
      // No code: the product keeps its own.
      expect.not.objectContaining({ upc: expect.anything() }),
    ]);
    expect(parsed.problems).toEqual([
      { line: 3, reason: `Sealed product: ${messages.sealed.upcInvalid} ("036000291453")` },
    ]);
    for (const column of ['EAN', 'Barcode']) {
      const spreadsheet = parseInventoryCsv(
        `${[...CARDSTOCK_CSV_HEADER.slice(0, -1), column].join(',')}\n${sealedRow('Box', 'blb', '1', '1', 'Booster Box')},4006381333931\n`,
      );
      expect(spreadsheet.sealed, column).toEqual([expect.objectContaining({ upc: '4006381333931' })]);
    }
  });
});
