/**
 * The storefront's pure rules (spec 001 §2.7, §9): the page box, and how a card's price and stock read.
 */
import { formatUsdPlain, storefrontMessages, storefrontPageOf } from '@cardstock/contract';

/**
 * The page the page box asks for, or undefined when Go should do nothing:
 * a whole number from 1 to `totalPages` that is not the current page.
 */
export function requestedPage(text: string, current: number, totalPages: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= totalPages && n !== current ? n : undefined;
}

/** The `page` query parameter as the server takes it: anything but a page number from 1 means page 1. */
export const pageParam = (value: string | null): string => String(storefrontPageOf(value));

/** A price in dollars with two decimals; a card without one is not for sale yet, and says so. */
export const priceText = (dollars: number | null): string =>
  dollars === null ? storefrontMessages.noPrice : formatUsdPlain(dollars);

/** 'N in stock' or 'Out of stock', and whether the card is in stock (blue) or not (red). */
export function stockText(quantity: number): { text: string; inStock: boolean } {
  return quantity > 0
    ? { text: storefrontMessages.inStock(quantity), inStock: true }
    : { text: storefrontMessages.outOfStock, inStock: false };
}

/**
 * The card's page on Scryfall. The public answer carries no collector number,
 * so this is the exact-name search within the printing's set, which Scryfall
 * opens as that card's page when it finds a single printing.
 */
export const scryfallPrintingUrl = (name: string, setCode: string): string =>
  `https://scryfall.com/search?q=${encodeURIComponent(`!"${name}" set:${setCode.toLowerCase()}`)}`;

/** The banner's name: the shop's name, else its subdomain, else 'Shop'. */
export const shopTitle = (shopName: string | undefined, subdomain: string | undefined): string =>
  shopName || subdomain || 'Shop';
