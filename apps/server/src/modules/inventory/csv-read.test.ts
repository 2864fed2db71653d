import { describe, expect, it } from 'vitest';
import { parseInventoryCsv, type CsvLine, type CsvProblem } from './csv-formats.ts';
import { readCsv } from './csv-read.ts';

/** Everything the import's reader hands on, batches joined. */
async function readAll(file: Buffer) {
  const lines: CsvLine[] = [];
  const problems: CsvProblem[] = [];
  let format: string | undefined;
  for await (const batch of readCsv([file], file.length)) {
    if ('format' in batch) format = batch.format;
    else {
      lines.push(...batch.lines);
      problems.push(...batch.problems);
    }
  }
  return { format, lines, problems };
}

/**
 * A file of `rows` lines in `newline` style whose names carry a character of several bytes, so slice
 * boundaries (16 KB) fall inside a `\r\n` and inside a character somewhere along it.
 */
function file(rows: number, newline: string): string {
  const header = 'Quantity,Card Name,Foil,Condition,Edition Code,Scryfall ID';
  const line = (i: number) =>
    `${(i % 4) + 1},"Æther Vial, ${'é'.repeat(i % 7)}${i}",${i % 2 ? 'foil' : ''},NM,MMA,${'0'.repeat(8)}-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return [header, ...Array.from({ length: rows }, (_, i) => line(i))].join(newline) + newline;
}

describe('readCsv (the import’s reader, a slice at a time)', () => {
  it.each([
    ['\n', 'Unix'],
    ['\r\n', 'Windows'],
    ['\r', 'old Mac'],
  ])('reads a large file with %j line ends (%s) exactly as the whole-text parser does', async (newline) => {
    const text = file(3000, newline);
    expect(Buffer.byteLength(text)).toBeGreaterThan(8 * 16 * 1024);
    const read = await readAll(Buffer.from(text, 'utf8'));
    const whole = parseInventoryCsv(text);
    expect(read.format).toBe(whole.format);
    expect(read.problems).toEqual(whole.problems);
    expect(read.lines).toHaveLength(3000);
    expect(read.lines).toEqual(whole.lines);
    expect(read.lines.at(-1)).toMatchObject({ line: 3001, name: `Æther Vial, ${'é'.repeat(2999 % 7)}2999` });
  });

  it('reads a \\r\\n that a slice boundary splits as one line end', async () => {
    const header = 'Quantity,Card Name,Edition Code,Collector Number\r\n';
    const tail = ',neo,1';
    // The first row's name is as long as it takes for its `\r` to be the slice's last byte (16 KB).
    const name = 'x'.repeat(16 * 1024 - 1 - header.length - '1,'.length - tail.length);
    const text = `${header}1,${name}${tail}\r\n2,Opt,xln,65\r\n3,Shock,m19,156\r\n`;
    expect(text.indexOf('\r\n2,')).toBe(16 * 1024 - 1);
    const read = await readAll(Buffer.from(text, 'utf8'));
    expect(read.lines.map((l) => [l.line, l.quantity])).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
  });

  it('cuts no character in two, whichever byte a slice ends on', async () => {
    // Names of three-byte characters only: every slice boundary that falls in a name falls inside a character.
    const header = 'Quantity,Card Name,Edition Code,Collector Number';
    const rows = Array.from({ length: 2000 }, (_, i) => `1,${'語'.repeat(20 + (i % 3))},neo,${i + 1}`);
    const read = await readAll(Buffer.from([header, ...rows].join('\r\n'), 'utf8'));
    expect(read.lines.map((l) => l.name)).toEqual(rows.map((r) => r.split(',')[1]));
  });
});
