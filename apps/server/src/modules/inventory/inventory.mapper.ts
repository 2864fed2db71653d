import {
  finishes,
  priceCents,
  qualities,
  type Finish,
  type InventoryRow,
  type PricingRule,
  type Quality,
} from '@cardstock/contract';
import type { InventoryJoinedRow } from './inventory.repository.ts';

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const asFinish = (f: string): Finish => (finishes.includes(f as Finish) ? (f as Finish) : 'nonfoil');
const asQuality = (q: string): Quality => (qualities.includes(q as Quality) ? (q as Quality) : 'NM');

export function marketCents(row: InventoryJoinedRow): number | null {
  if (row.finish === 'foil') return row.price_usd_foil;
  if (row.finish === 'etched') return row.price_usd_etched;
  return row.price_usd;
}

/** A joined row as the spec's shop inventory row, priced by the shop's rule. */
export function toInventoryRow(row: InventoryJoinedRow, rule: PricingRule): InventoryRow {
  const quality = asQuality(row.quality);
  return {
    inv_pkey: row.id,
    inv_card_id: row.card_id,
    inv_shop_id: row.shop_id,
    inv_finish: asFinish(row.finish),
    inv_quantity: row.quantity,
    inv_quality: quality,
    inv_asking_price: dollars(row.asking_price),
    price: dollars(priceCents({ askingCents: row.asking_price, marketCents: marketCents(row), quality, rule })),
    card_name: row.name,
    card_setCode: row.set_code.toUpperCase(),
    card_set_name: row.set_name,
    card_collector_number: row.collector_number,
    card_scryfallid: row.card_id,
    card_artist: row.artist,
    card_finishes: row.finishes.split(',').filter(Boolean).map(asFinish),
    card_flavor: row.flavor_text,
    card_manaCost: row.mana_cost,
    card_price_eur: dollars(row.price_eur),
    card_price_eur_foil: dollars(row.price_eur_foil),
    card_price_usd: dollars(row.price_usd),
    card_price_usd_etched: dollars(row.price_usd_etched),
    card_price_usd_foil: dollars(row.price_usd_foil),
    card_tcg_code: row.tcgplayer_id === null ? null : String(row.tcgplayer_id),
    card_types: row.type_line,
    card_uuid: row.oracle_id ?? row.card_id,
    card_volatillty: null,
    card_image_small: row.image_small,
    card_image_normal: row.image_normal,
    card_rarity: row.rarity,
  };
}
