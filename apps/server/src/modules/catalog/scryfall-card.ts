import { dollarsToCents } from '@cardstock/contract';
import { z } from 'zod';
import type { CardTable } from '../../db/schema.ts';

const price = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .nullish();
const imageUris = z.object({ small: z.string().optional(), normal: z.string().optional() }).partial().nullish();

const face = z.object({
  name: z.string(),
  mana_cost: z.string().nullish(),
  type_line: z.string().nullish(),
  oracle_text: z.string().nullish(),
  flavor_text: z.string().nullish(),
  power: z.string().nullish(),
  toughness: z.string().nullish(),
  artist: z.string().nullish(),
  image_uris: imageUris,
});

/** The part of a Scryfall card object the catalog keeps; everything else is ignored. */
export const ZScryfallCard = z.object({
  id: z.uuid(),
  oracle_id: z.string().nullish(),
  name: z.string().min(1),
  lang: z.string().default('en'),
  layout: z.string().default('normal'),
  released_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  set: z.string().min(1),
  set_name: z.string().min(1),
  collector_number: z.string().min(1),
  rarity: z.string().min(1),
  mana_cost: z.string().nullish(),
  cmc: z.number().nullish(),
  type_line: z.string().nullish(),
  oracle_text: z.string().nullish(),
  flavor_text: z.string().nullish(),
  power: z.string().nullish(),
  toughness: z.string().nullish(),
  colors: z.array(z.string()).nullish(),
  finishes: z.array(z.string()).optional(),
  foil: z.boolean().optional(),
  nonfoil: z.boolean().optional(),
  prices: z.object({ usd: price, usd_foil: price, usd_etched: price, eur: price, eur_foil: price }).partial().nullish(),
  image_uris: imageUris,
  artist: z.string().nullish(),
  tcgplayer_id: z.number().int().nullish(),
  mtgo_id: z.number().int().nullish(),
  mtgo_foil_id: z.number().int().nullish(),
  cardmarket_id: z.number().int().nullish(),
  legalities: z.record(z.string(), z.string()).nullish(),
  card_faces: z.array(face).nullish(),
});
export type ScryfallCard = z.infer<typeof ZScryfallCard>;

/** What a price refresh reads of a card object: its id and prices, nothing else checked. */
export const ZScryfallPrices = ZScryfallCard.pick({ id: true, prices: true });

/** A printing's market prices in cents, as a refresh writes them into the catalog. */
export interface PriceRow {
  id: string;
  price_usd: number | null;
  price_usd_foil: number | null;
  price_usd_etched: number | null;
  price_eur: number | null;
  price_eur_foil: number | null;
}

export function toPriceRow(card: z.infer<typeof ZScryfallPrices>): PriceRow {
  return {
    id: card.id,
    price_usd: cents(card.prices?.usd),
    price_usd_foil: cents(card.prices?.usd_foil),
    price_usd_etched: cents(card.prices?.usd_etched),
    price_eur: cents(card.prices?.eur),
    price_eur_foil: cents(card.prices?.eur_foil),
  };
}

/** Lower case without accents or punctuation: "Æther Vial" and "aether vial" compare equal. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9\s/]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const cents = (value: string | null | undefined): number | null =>
  value == null ? null : dollarsToCents(Number.parseFloat(value));

/** Older bulk files have only the foil/nonfoil flags; newer ones list finishes. */
function finishesOf(card: ScryfallCard): string[] {
  if (card.finishes?.length) return card.finishes;
  return [...(card.nonfoil ? ['nonfoil'] : []), ...(card.foil ? ['foil'] : [])];
}

/** A Scryfall card object as a catalog row. Double-faced cards take their front face's image. */
export function toCardRow(card: ScryfallCard, updatedAt: string): CardTable {
  const front = card.card_faces?.[0];
  const images = card.image_uris ?? front?.image_uris;
  return {
    id: card.id,
    oracle_id: card.oracle_id ?? null,
    name: card.name,
    sort_name: normalizeName(card.name),
    lang: card.lang,
    layout: card.layout,
    released_at: card.released_at,
    set_code: card.set.toLowerCase(),
    set_name: card.set_name,
    collector_number: card.collector_number,
    rarity: card.rarity,
    mana_cost: card.mana_cost ?? front?.mana_cost ?? null,
    cmc: card.cmc ?? null,
    type_line: card.type_line ?? front?.type_line ?? null,
    oracle_text: card.oracle_text ?? null,
    flavor_text: card.flavor_text ?? front?.flavor_text ?? null,
    power: card.power ?? front?.power ?? null,
    toughness: card.toughness ?? front?.toughness ?? null,
    colors: (card.colors ?? []).join(''),
    finishes: finishesOf(card).join(','),
    price_usd: cents(card.prices?.usd),
    price_usd_foil: cents(card.prices?.usd_foil),
    price_usd_etched: cents(card.prices?.usd_etched),
    price_eur: cents(card.prices?.eur),
    price_eur_foil: cents(card.prices?.eur_foil),
    image_small: images?.small ?? null,
    image_normal: images?.normal ?? null,
    artist: card.artist ?? front?.artist ?? null,
    tcgplayer_id: card.tcgplayer_id ?? null,
    mtgo_id: card.mtgo_id ?? null,
    mtgo_foil_id: card.mtgo_foil_id ?? null,
    cardmarket_id: card.cardmarket_id ?? null,
    legalities: JSON.stringify(card.legalities ?? {}),
    card_faces: card.card_faces?.length
      ? JSON.stringify(
          card.card_faces.map((f) => ({
            name: f.name,
            mana_cost: f.mana_cost ?? null,
            type_line: f.type_line ?? null,
            oracle_text: f.oracle_text ?? null,
            power: f.power ?? null,
            toughness: f.toughness ?? null,
            image_small: f.image_uris?.small ?? null,
            image_normal: f.image_uris?.normal ?? null,
          })),
        )
      : null,
    updated_at: updatedAt,
  };
}
