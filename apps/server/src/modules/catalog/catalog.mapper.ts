import {
  scryfallCardUrl,
  type CardDetails,
  type CardPrinting,
  type CardSearchHit,
  centsText,
} from '@cardstock/contract';
import type { CardTable } from '../../db/schema.ts';
import type { CardSummaryRow } from './catalog.repository.ts';

type Finish = CardPrinting['finishes'][number];
const finishList = (finishes: string): Finish[] =>
  finishes.split(',').filter((f): f is Finish => f === 'nonfoil' || f === 'foil' || f === 'etched');

export function toSearchHit(row: CardSummaryRow): CardSearchHit {
  const finishes = finishList(row.finishes);
  return {
    id: row.id,
    oracle_id: row.oracle_id,
    name: row.name,
    set: row.set_code,
    set_name: row.set_name,
    // Etched is a foil treatment: a card that comes only etched still has no non-foil copy.
    foil: finishes.includes('foil') || finishes.includes('etched'),
    nonfoil: finishes.includes('nonfoil'),
    image_uris: { small: row.image_small, normal: row.image_normal },
  };
}

export function toPrinting(row: CardSummaryRow): CardPrinting {
  return {
    ...toSearchHit(row),
    collector_number: row.collector_number,
    released_at: row.released_at,
    lang: row.lang,
    finishes: finishList(row.finishes),
  };
}

interface StoredFace {
  name: string;
  mana_cost: string | null;
  type_line: string | null;
  oracle_text: string | null;
  power: string | null;
  toughness: string | null;
  image_small: string | null;
  image_normal: string | null;
}

export function toCardDetails(row: CardTable): CardDetails {
  const faces = row.card_faces ? (JSON.parse(row.card_faces) as StoredFace[]) : [];
  return {
    ...toPrinting(row),
    rarity: row.rarity,
    mana_cost: row.mana_cost,
    cmc: row.cmc,
    type_line: row.type_line,
    oracle_text: row.oracle_text,
    flavor_text: row.flavor_text,
    power: row.power,
    toughness: row.toughness,
    colors: row.colors.split(''),
    artist: row.artist,
    tcgplayer_id: row.tcgplayer_id,
    prices: {
      usd: centsText(row.price_usd),
      usd_foil: centsText(row.price_usd_foil),
      usd_etched: centsText(row.price_usd_etched),
      eur: centsText(row.price_eur),
      eur_foil: centsText(row.price_eur_foil),
    },
    legalities: JSON.parse(row.legalities) as Record<string, string>,
    card_faces: faces.map((f) => ({
      name: f.name,
      mana_cost: f.mana_cost,
      type_line: f.type_line,
      oracle_text: f.oracle_text,
      power: f.power,
      toughness: f.toughness,
      image_uris: { small: f.image_small, normal: f.image_normal },
    })),
    scryfall_uri: scryfallCardUrl({ set: row.set_code, collector_number: row.collector_number, name: row.name }),
  };
}
