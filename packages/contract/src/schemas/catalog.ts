import { z } from 'zod';

export const ZImageUris = z
  .object({ small: z.string().nullable(), normal: z.string().nullable() })
  .describe('Card images on Scryfall’s CDN; null when there is none (the page draws a placeholder)');

export const ZCardQuery = z.object({
  q: z
    .string({ error: 'Type at least 2 characters to search.' })
    .trim()
    .min(2, 'Type at least 2 characters to search.')
    .max(100, 'Search text must be at most 100 characters.'),
});

export const ZCardIdParams = z.object({
  id: z.uuid('That is not a card id.').describe('Scryfall id of a printing'),
});

/** One card in search results: its newest printing (spec 001 §3 card-database search result). */
export const ZCardSearchHit = z.object({
  id: z.string(),
  oracle_id: z.string().nullable(),
  name: z.string(),
  set: z.string(),
  set_name: z.string(),
  foil: z.boolean(),
  nonfoil: z.boolean(),
  image_uris: ZImageUris,
});
export type CardSearchHit = z.infer<typeof ZCardSearchHit>;

export const ZCardSearchResponse = z.object({
  object: z.literal('list'),
  total_cards: z.number().int(),
  data: z.array(ZCardSearchHit),
});

export const ZCardPrinting = ZCardSearchHit.extend({
  collector_number: z.string(),
  released_at: z.string(),
  lang: z.string(),
  finishes: z.array(z.enum(['nonfoil', 'foil', 'etched'])),
});
export type CardPrinting = z.infer<typeof ZCardPrinting>;

export const ZCardPrintsResponse = z.object({ object: z.literal('list'), data: z.array(ZCardPrinting) });

const price = z.string().nullable().describe('US dollars or euros as text, e.g. "1.25", as Scryfall writes them');

export const ZCardFace = z.object({
  name: z.string(),
  mana_cost: z.string().nullable(),
  type_line: z.string().nullable(),
  oracle_text: z.string().nullable(),
  power: z.string().nullable(),
  toughness: z.string().nullable(),
  image_uris: ZImageUris,
});

/** Everything the card-details page shows (spec 001 §2.8). */
export const ZCardDetails = ZCardPrinting.extend({
  rarity: z.string(),
  mana_cost: z.string().nullable(),
  cmc: z.number().nullable(),
  type_line: z.string().nullable(),
  oracle_text: z.string().nullable(),
  flavor_text: z.string().nullable(),
  power: z.string().nullable(),
  toughness: z.string().nullable(),
  colors: z.array(z.string()),
  artist: z.string().nullable(),
  tcgplayer_id: z.number().nullable(),
  prices: z.object({ usd: price, usd_foil: price, usd_etched: price, eur: price, eur_foil: price }),
  legalities: z.record(z.string(), z.string()),
  card_faces: z.array(ZCardFace),
  scryfall_uri: z.string().describe('The card’s page on Scryfall'),
});
export type CardDetails = z.infer<typeof ZCardDetails>;

export const ZSuggestion = z.object({ name: z.string(), set: z.string() });
export const ZSuggestResponse = z.array(ZSuggestion);

/** A printing's US market prices on a day a refresh found them changed (dollars; null: no price). */
export const ZPricePoint = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC): the prices held from this day until the next point'),
  usd: z.number().nullable(),
  usd_foil: z.number().nullable(),
  usd_etched: z.number().nullable(),
});
export type PricePoint = z.infer<typeof ZPricePoint>;

export const ZPriceHistoryResponse = z.object({
  object: z.literal('list'),
  data: z.array(ZPricePoint).describe('Oldest first, the last 180 days; a point only where a price moved'),
});
