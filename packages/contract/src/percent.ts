/*
 * Percentages, once, for the server and the web: shares shown as percents and percents applied to amounts. Money's
 * own conversions (cents, dollars, price texts) are in money.ts; lint keeps `* 100` and `/ 100` to these two files.
 */

/** `part` as a percentage of `whole`, to one decimal (1 of 3 → 33.3); the caller keeps `whole` from being 0. */
export const percentage = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10;

/** A share as a percentage, unrounded (0.25 → 25). */
export const asPercent = (share: number): number => share * 100;

/** A percentage as a share, unrounded (25 → 0.25). */
export const shareOf = (percent: number): number => percent / 100;

/** `percent` of `amount`, unrounded (45 % of 200 → 90). */
export const byPercent = (amount: number, percent: number): number => (amount * percent) / 100;
