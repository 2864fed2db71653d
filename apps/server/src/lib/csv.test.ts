import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { catalogText, csvStream, csvText, neutralised } from './csv.ts';

const formulas = ['=HYPERLINK("http://x","y")', '+2 Mace', '-1/-1', '@SUM(A1)', '\tx', '\rx'];

describe('the one CSV writer of every export', () => {
  it('writes a cell a spreadsheet would run as a formula after a quote, and leaves numbers and text alone', () => {
    for (const cell of formulas) expect(neutralised(cell)).toBe(`'${cell}`);
    expect(neutralised('Lightning Bolt')).toBe('Lightning Bolt');
    expect(neutralised(-1)).toBe(-1);
    expect(neutralised(null)).toBe('');
  });

  it('writes catalog text (a card named "+2 Mace") bare, and every other cell of its row neutralised', () => {
    const rows: string[][] = parse(csvText(['Name', 'Note'], [[catalogText('+2 Mace'), '+2 Mace']]));
    expect(rows[1]).toEqual(['+2 Mace', "'+2 Mace"]);
    expect(neutralised(catalogText('=HYPERLINK("x")'))).toBe('=HYPERLINK("x")');
  });

  it('neutralises every cell of a whole file, header included', () => {
    const text = csvText(
      ['Name', '=bad header'],
      formulas.map((cell, i) => [cell, i]),
    );
    const rows: string[][] = parse(text);
    expect(rows[0]).toEqual(['Name', "'=bad header"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(formulas.map((cell) => `'${cell}`));
    expect(rows.slice(1).map((row) => row[1])).toEqual(formulas.map((_, i) => String(i)));
  });

  it('neutralises every cell of a streamed file', async () => {
    const stream = csvStream(['Name', 'Quantity']);
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
    const done = new Promise((resolve) => stream.on('end', resolve));
    for (const cell of formulas) stream.writeRow([cell, -1]);
    stream.end();
    await done;
    const rows: string[][] = parse(chunks.join(''));
    expect(rows[0]).toEqual(['Name', 'Quantity']);
    expect(rows.slice(1)).toEqual(formulas.map((cell) => [`'${cell}`, '-1']));
  });
});
