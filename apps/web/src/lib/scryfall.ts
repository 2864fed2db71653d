/**
 * A line's card on Scryfall. Order lines carry no collector number, so this
 * is the exact-name search within the line's set, which Scryfall answers
 * with the card's own page when the set has one such printing.
 */
export const cardPageUrl = (name: string, setCode: string): string =>
  `https://scryfall.com/search?q=${encodeURIComponent(`!"${name}" set:${setCode.toLowerCase()}`)}`;
