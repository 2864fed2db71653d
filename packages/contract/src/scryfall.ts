/** Links to the public card database (Scryfall), as its documented URL shapes have them. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The card's page: `https://scryfall.com/card/{set}/{number}/{name-slug}`. */
export const scryfallCardUrl = (card: { set: string; collector_number: string; name: string }): string =>
  `https://scryfall.com/card/${card.set.toLowerCase()}/${encodeURIComponent(card.collector_number)}/${slug(card.name)}`;

/** When only the name is known: Scryfall's exact-name search. */
export const scryfallNameSearchUrl = (name: string): string =>
  `https://scryfall.com/search?q=${encodeURIComponent(`!"${name}"`)}`;
