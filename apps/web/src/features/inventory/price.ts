import { amountText, formatUsdPlain, maxAskingPrice, messages, wholeCents } from '@cardstock/contract';

const m = messages.inventory;

/** An asking price as the Edit dialog's field holds it: two decimals, or empty for none. */
export const askingPriceText = (dollars: number | null): string => (dollars === null ? '' : amountText(dollars));

/**
 * What the asking price field says: null when empty (the pricing rule prices the row), the price in dollars, or
 * undefined when it is not a price (a word, below 0, above the most a shop may ask, fractions of a cent).
 */
export function askingPriceOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return undefined;
  const dollars = Number(trimmed);
  // Under a cent is no price (the server refuses it: it would sell for $0); empty is the pricing rule.
  if (dollars < 0.01 || dollars > maxAskingPrice || wholeCents(dollars) === null) return undefined;
  return dollars;
}

/** A row's price as staff see it: what customers pay and where it comes from. */
export function priceWithSource(price: number | null, asking: number | null): { text: string; source: string } {
  if (price === null) return { text: m.noPrice, source: '' };
  return { text: formatUsdPlain(price), source: asking === null ? m.priceRule : m.priceOwn };
}
