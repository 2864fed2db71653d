import { stringify as stringifyStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/** Characters a spreadsheet reads as the start of a formula (CSV injection): such a cell is written after a `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text the card catalog holds (a card's name, its set's name or code, its collector number), written as it is even
 * when it starts like a formula: the card "+2 Mace" is named so, and the tools that read an export take a `'` as
 * part of the name. The catalog comes from Scryfall's data, not from a shop or a customer.
 */
export class CatalogText {
  constructor(readonly text: string) {}
}

/** `text` as catalog text: written bare. */
export const catalogText = (text: string) => new CatalogText(text);

export type CsvCell = string | number | CatalogText | null | undefined;

/**
 * A cell as written: text a spreadsheet would run as a formula ("=HYPERLINK(…)", "@SUM(…)") starts with a `'`,
 * which Excel, LibreOffice and Google Sheets show as text; catalog text is written bare. Numbers are numbers: -1
 * stays -1.
 */
export const neutralised = (cell: CsvCell): string | number =>
  cell instanceof CatalogText
    ? cell.text
    : typeof cell === 'string' && FORMULA_START.test(cell)
      ? `'${cell}`
      : (cell ?? '');

/** A whole CSV file (header first) of rows a spreadsheet opens without running anything. Every export writes here. */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  { delimiter = ',' }: { delimiter?: string } = {},
): string {
  return stringify([header.map(neutralised), ...rows.map((row) => row.map(neutralised))], { delimiter });
}

/** The same, streamed: write rows with `write(cells)` (false when full: wait for 'drain'), then `end()`. */
export function csvStream(header: readonly string[], { delimiter = ',' }: { delimiter?: string } = {}) {
  const stream = stringifyStream({ header: true, delimiter, columns: header.map((c) => String(neutralised(c))) });
  return Object.assign(stream, {
    writeRow: (cells: readonly CsvCell[]) => stream.write(cells.map(neutralised)),
  });
}
