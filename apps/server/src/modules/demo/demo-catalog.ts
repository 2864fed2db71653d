import { dollarsToCents } from '@cardstock/contract';
import { createHash } from 'node:crypto';
import type { CardTable } from '../../db/schema.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';

/**
 * A small catalog written by hand for the demo shop, so `npm start` works
 * offline on a fresh clone. Names, costs and types are those of the real
 * cards; ids are derived from the name and set (no images: the UI draws a
 * card frame). `npm run cli -- cards import` replaces it with real data.
 */
type DemoCard = [
  name: string,
  manaCost: string,
  typeLine: string,
  rarity: string,
  pt: string,
  colors: string,
  usd: number,
  usdFoil: number | null,
];

const sets: { code: string; name: string; released: string; cards: DemoCard[] }[] = [
  {
    code: 'dmu',
    name: 'Dominaria United',
    released: '2022-09-09',
    cards: [
      [
        'Sheoldred, the Apocalypse',
        '{2}{B}{B}',
        'Legendary Creature — Phyrexian Praetor',
        'mythic',
        '4/5',
        'B',
        72.5,
        89.99,
      ],
      ['Liliana of the Veil', '{1}{B}{B}', 'Legendary Planeswalker — Liliana', 'mythic', '', 'B', 14.2, 21.5],
      ['Lightning Strike', '{1}{R}', 'Instant', 'common', '', 'R', 0.1, 0.35],
      ['Shivan Devastator', '{X}{R}', 'Creature — Dragon Hydra', 'mythic', '0/0', 'R', 6.4, 9.1],
      ['Llanowar Elves', '{G}', 'Creature — Elf Druid', 'common', '1/1', 'G', 0.3, 1.25],
      ['Wingmantle Chaplain', '{3}{W}', 'Creature — Human Cleric', 'uncommon', '2/2', 'W', 0.15, 0.4],
      ['Tolarian Terror', '{6}{U}', 'Creature — Serpent', 'common', '5/5', 'U', 0.2, 0.6],
      ['Evolved Sleeper', '{B}', 'Creature — Human Cleric', 'rare', '1/1', 'B', 0.5, 1.1],
      ['Plains', '', 'Basic Land — Plains', 'common', '', '', 0.05, 0.3],
      ['Island', '', 'Basic Land — Island', 'common', '', '', 0.05, 0.3],
    ],
  },
  {
    code: 'woe',
    name: 'Wilds of Eldraine',
    released: '2023-09-08',
    cards: [
      ['Beseech the Mirror', '{1}{B}{B}{B}', 'Sorcery', 'mythic', '', 'B', 4.8, 7.2],
      ['Virtue of Loyalty', '{4}{W}', 'Enchantment — Adventure', 'mythic', '', 'W', 3.1, 4.5],
      ['Up the Beanstalk', '{1}{G}', 'Enchantment', 'uncommon', '', 'G', 1.6, 2.9],
      ['Cut In', '{3}{R}', 'Instant', 'common', '', 'R', 0.1, 0.3],
      ['Talion, the Kindly Lord', '{2}{U}{U}', 'Legendary Creature — Faerie Noble', 'mythic', '3/4', 'U', 2.2, 3.4],
      ['Bitter Chill', '{1}{U}', 'Enchantment — Aura', 'uncommon', '', 'U', 0.1, 0.25],
      ['Forest', '', 'Basic Land — Forest', 'common', '', '', 0.05, 0.3],
      ['Swamp', '', 'Basic Land — Swamp', 'common', '', '', 0.05, 0.3],
    ],
  },
  {
    code: 'mh3',
    name: 'Modern Horizons 3',
    released: '2024-06-14',
    cards: [
      ['Ugin, Eye of the Storms', '{7}', 'Legendary Planeswalker — Ugin', 'mythic', '', '', 38.0, 55.0],
      ['Flare of Denial', '{1}{U}{U}', 'Instant', 'rare', '', 'U', 6.5, 9.0],
      ['Psychic Frog', '{U}{B}', 'Creature — Frog', 'rare', '1/2', 'UB', 11.0, 15.5],
      ['Nadu, Winged Wisdom', '{1}{G}{U}', 'Legendary Creature — Bird Wizard', 'rare', '3/4', 'GU', 3.9, 6.0],
      ['Eldrazi Linebreaker', '{2}{R}', 'Creature — Eldrazi', 'uncommon', '3/1', 'R', 0.3, 0.8],
      [
        'Phlage, Titan of Fire’s Fury',
        '{1}{R}{W}',
        'Legendary Creature — Elder Giant',
        'mythic',
        '6/6',
        'RW',
        24.0,
        31.0,
      ],
      ['Wastes', '', 'Basic Land', 'common', '', '', 0.1, 0.5],
    ],
  },
  {
    code: 'blb',
    name: 'Bloomburrow',
    released: '2024-08-02',
    cards: [
      ['Maha, Its Feathers Night', '{3}{B}{B}', 'Legendary Creature — Elemental Bird', 'mythic', '6/5', 'B', 9.5, 13.0],
      ['Season of Loss', '{3}{B}{B}', 'Sorcery', 'mythic', '', 'B', 5.2, 8.0],
      ['Mabel, Heir to Cragflame', '{1}{R}{W}', 'Legendary Creature — Mouse Soldier', 'rare', '3/3', 'RW', 1.4, 2.8],
      ['Heartfire Hero', '{R}', 'Creature — Mouse Soldier', 'uncommon', '1/1', 'R', 1.9, 3.6],
      ['Lightning Strike', '{1}{R}', 'Instant', 'common', '', 'R', 0.12, 0.4],
      ['Fecund Greenshell', '{3}{G}{G}', 'Creature — Elemental Turtle', 'rare', '4/6', 'G', 0.9, 1.6],
      ['Mountain', '', 'Basic Land — Mountain', 'common', '', '', 0.05, 0.3],
    ],
  },
  {
    code: 'm10',
    name: 'Magic 2010',
    released: '2009-07-17',
    cards: [
      ['Lightning Bolt', '{R}', 'Instant', 'common', '', 'R', 2.1, 12.0],
      ['Baneslayer Angel', '{3}{W}{W}', 'Creature — Angel', 'mythic', '5/5', 'W', 3.0, 25.0],
      ['Llanowar Elves', '{G}', 'Creature — Elf Druid', 'common', '1/1', 'G', 0.35, 3.0],
      ['Honor of the Pure', '{1}{W}', 'Enchantment', 'rare', '', 'W', 0.9, 6.0],
    ],
  },
];

/** A stable UUID-shaped id from the name and set, so re-runs upsert the same rows. */
function demoId(name: string, set: string): string {
  const h = createHash('sha1').update(`cardstock-demo:${set}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The ids of the demo's printings. They carry real set codes with invented collector numbers, so an import never
 * matches a file's set and number, or its card name, to one of them (only its own Scryfall id finds one: the
 * demo shop's own export reads back). See docs/decisions/032-demo-printings.md.
 */
export const demoPrintingIds: readonly string[] = sets.flatMap((set) =>
  set.cards.map(([name]) => demoId(name, set.code)),
);

export function demoCatalog(updatedAt: string): CardTable[] {
  return sets.flatMap((set) =>
    set.cards.map(([name, manaCost, typeLine, rarity, pt, colors, usd, usdFoil], i) => {
      const [power, toughness] = pt ? pt.split('/') : [null, null];
      return {
        id: demoId(name, set.code),
        oracle_id: demoId(name, 'oracle'),
        name,
        sort_name: normalizeName(name),
        lang: 'en',
        layout: 'normal',
        released_at: set.released,
        set_code: set.code,
        set_name: set.name,
        collector_number: String(i + 1),
        rarity,
        mana_cost: manaCost || null,
        cmc: null,
        type_line: typeLine,
        oracle_text: null,
        flavor_text: null,
        power: power ?? null,
        toughness: toughness ?? null,
        colors,
        finishes: usdFoil === null ? 'nonfoil' : 'nonfoil,foil',
        price_usd: dollarsToCents(usd),
        price_usd_foil: dollarsToCents(usdFoil),
        price_usd_etched: null,
        price_eur: null,
        price_eur_foil: null,
        image_small: null,
        image_normal: null,
        artist: null,
        tcgplayer_id: null,
        mtgo_id: null,
        mtgo_foil_id: null,
        cardmarket_id: null,
        legalities: '{}',
        card_faces: null,
        updated_at: updatedAt,
      };
    }),
  );
}
