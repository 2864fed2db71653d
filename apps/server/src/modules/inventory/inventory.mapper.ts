import {
  centsToDollars,
  finishOf,
  labelCodeOf,
  languageOf,
  marketPriceOf,
  priceCents,
  qualityOf,
  type InventoryRow,
  type PricingRule,
  type StaffInventoryRow,
  type ZSearchHit,
} from '@cardstock/contract';
import type { z } from 'zod';
import type { InventoryJoinedRow } from './inventory.repository.ts';

/** A copy's finish, condition, language, signature and alteration as stored, in the wire's words. */
export function copyFlagsOf(row: {
  finish: string;
  quality: string;
  language: string;
  signed: number;
  altered: number;
}) {
  return {
    finish: finishOf(row.finish),
    quality: qualityOf(row.quality),
    language: languageOf(row.language),
    signed: row.signed === 1,
    altered: row.altered === 1,
  };
}

/** A joined row as the spec's shop inventory row, priced by the shop's rule. */
export function toInventoryRow(row: InventoryJoinedRow, rule: PricingRule): InventoryRow {
  const quality = qualityOf(row.quality);
  const finish = finishOf(row.finish);
  const language = languageOf(row.language);
  return {
    inv_pkey: row.id,
    inv_card_id: row.card_id,
    inv_shop_id: row.shop_id,
    inv_finish: finish,
    inv_quantity: row.quantity,
    inv_quality: quality,
    inv_language: language,
    inv_signed: row.signed === 1,
    inv_altered: row.altered === 1,
    inv_asking_price: centsToDollars(row.asking_price),
    price: centsToDollars(
      priceCents({ askingCents: row.asking_price, marketCents: marketPriceOf(row, finish), quality, language, rule }),
    ),
    card_name: row.name,
    card_setCode: row.set_code.toUpperCase(),
    card_set_name: row.set_name,
    card_collector_number: row.collector_number,
    card_scryfallid: row.card_id,
    card_artist: row.artist,
    card_finishes: row.finishes.split(',').filter(Boolean).map(finishOf),
    card_flavor: row.flavor_text,
    card_manaCost: row.mana_cost,
    card_price_eur: centsToDollars(row.price_eur),
    card_price_eur_foil: centsToDollars(row.price_eur_foil),
    card_price_usd: centsToDollars(row.price_usd),
    card_price_usd_etched: centsToDollars(row.price_usd_etched),
    card_price_usd_foil: centsToDollars(row.price_usd_foil),
    card_tcg_code: row.tcgplayer_id === null ? null : String(row.tcgplayer_id),
    card_types: row.type_line,
    card_uuid: row.oracle_id ?? row.card_id,
    card_volatillty: null,
    card_image_small: row.image_small,
    card_image_normal: row.image_normal,
    card_rarity: row.rarity,
  };
}

/** A row as the shop's own staff list shows it: with what a copy cost the shop; the public pages never carry it. */
export function toStaffInventoryRow(row: InventoryJoinedRow, rule: PricingRule): StaffInventoryRow {
  return {
    ...toInventoryRow(row, rule),
    inv_cost: centsToDollars(row.cost_cents),
    inv_location: row.location ?? '',
    label_code: labelCodeOf(row.id),
  };
}

/** A joined row as the shop search answers it (the ordering screens' hit; the register's scans answer the same). */
export function toSearchHit(r: InventoryJoinedRow, rule: PricingRule): z.infer<typeof ZSearchHit> {
  const row = toInventoryRow(r, rule);
  return {
    id: row.inv_pkey,
    name: row.card_name,
    setCode: row.card_setCode,
    scryfallId: row.card_scryfallid,
    uuid: row.card_uuid,
    finish: row.inv_finish,
    quantity: row.inv_quantity,
    quality: row.inv_quality,
    language: row.inv_language,
    signed: row.inv_signed,
    altered: row.inv_altered,
    price: row.price,
    image: row.card_image_normal ?? row.card_image_small,
  };
}
