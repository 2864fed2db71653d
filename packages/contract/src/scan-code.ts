/**
 * What a barcode scanner (or a person at the counter) types at the register: a stock row's label code, a sealed
 * product's UPC/EAN, a card's set code and collector number ("MH3 241"), or a Scryfall id. Pure: the server resolves what it reads against a shop.
 */

/** The lengths of a GTIN: EAN-8, UPC-A (12), EAN-13, GTIN-14. */
const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

/** The GS1 check digit of a GTIN's other digits: weights 3 and 1 from the right, to the next multiple of 10. */
function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A GTIN (UPC/EAN) as stored: its digits, when `text` is 8, 12, 13 or 14 digits (spaces and dashes ignored) whose last
 * is the GS1 check digit of the others; null otherwise.
 */
export function gtinOf(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.includes(digits.length)) return null;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1)) ? digits : null;
}

/**
 * The ways one product's GTIN is written: a UPC-A (12 digits) is the same number as the EAN-13 and GTIN-14 with leading
 * zeros, and scanners send either. An EAN-8 has no other form (a UPC-E is not its padded twin).
 */
export function gtinForms(gtin: string): string[] {
  if (gtin.length === 8) return [gtin];
  const core = gtin.replace(/^0+/, '');
  return [12, 13, 14].filter((n) => n >= core.length).map((n) => core.padStart(n, '0'));
}

/** The alphabet of a label code's id and check character: base 36, upper-case when printed. */
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A label code's check character: the id's base-36 digits weighted 1, 2, 3... from the right, modulo 36. */
function labelCheck(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += BASE36.indexOf(digits[digits.length - 1 - i]!) * (i + 1);
  return BASE36[sum % 36]!;
}

/**
 * A stock row's label code (issue 41, decision 040): `CS`, the row's id in base 36, a check character; upper-case, as
 * printed under its Code 128 barcode ("CS9IXO" for row 12345). The id never changes, so the code is stable across
 * edits, sales and reprices, and unique per row across every shop; whoever scans it is checked against the row's shop.
 */
export function labelCodeOf(rowId: number): string {
  const digits = rowId.toString(36);
  return `CS${digits}${labelCheck(digits)}`.toUpperCase();
}

/** A code as the register reads it; see {@link readScanCode}. */
export type ScanCode =
  | { kind: 'label'; row: number }
  | { kind: 'gtin'; gtin: string }
  | { kind: 'set_number'; set_code: string; collector_number: string }
  | { kind: 'scryfall_id'; scryfall_id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `cs`, an id of 1 to 7 base-36 digits (a row id below 36⁷, some 78 billion), its check character. */
const LABEL = /^cs([0-9a-z]{1,7})([0-9a-z])$/;
/** A set code (2 to 6 letters and digits, as Scryfall's), one or more spaces, a collector number ("241", "1a", "2★"). */
const SET_NUMBER = /^([a-z0-9]{2,6}) +([^\s]{1,12})$/;

/**
 * What a scanned or typed code names, or undefined when it is none of them: a stock row's label code (its check
 * character right, any case); a Scryfall id (a uuid, any case); a
 * GTIN with a valid check digit (spaces and dashes ignored); a set code and collector number, separated by one or more
 * spaces, any case (read lower-case, as the catalog keeps them). Surrounding spaces are ignored.
 */
export function readScanCode(text: string): ScanCode | undefined {
  const code = text.trim().toLowerCase();
  if (UUID.test(code)) return { kind: 'scryfall_id', scryfall_id: code };
  const label = LABEL.exec(code);
  if (label && !label[1]!.startsWith('0') && labelCheck(label[1]!) === label[2]) {
    const row = parseInt(label[1]!, 36);
    if (row <= 2_147_483_647) return { kind: 'label', row };
  }
  // A valid GTIN first: "0123 4567" is a code a scanner sends, never a set (no set code is all digits).
  const gtin = gtinOf(code);
  if (gtin) return { kind: 'gtin', gtin };
  const setNumber = SET_NUMBER.exec(code);
  // A set code has a letter (no set code is all digits); a collector number a digit, so a card's two-word name
  // ("Shivan Dragon", "Sol Ring") is a name, never a code.
  if (setNumber && /[a-z]/.test(setNumber[1]!) && /\d/.test(setNumber[2]!))
    return { kind: 'set_number', set_code: setNumber[1]!, collector_number: setNumber[2]! };
  return undefined;
}

/** How long a code the register reads may be (a GTIN-14 with separators, a uuid, a set and number). */
export const scanCodeMaxLength = 64;
