import { stringify as stringifyStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/** Characters a spreadsheet reads as the start of a formula (CSV injection): such a cell is written after a `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/**
 * A cell as written: text a spreadsheet would run as a formula ("=HYPERLINK(…)", "+2 Mace", "@SUM(…)") starts with
 * a `'`, which Excel, LibreOffice and Google Sheets show as text. Numbers are numbers: -1 stays -1.
 */
export const neutralised = (cell: CsvCell): string | number =>
  typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : (cell ?? '');

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
