import { channelMessages } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { cardTraderListing, retryDelayMs } from '../../adapters/cardtrader.ts';
import { planListings, type MarketItem, type StockCopy } from './listing-plan.ts';
import { restAfterMs } from './marketplace.ts';

const said = channelMessages.unlisted;
const bolt = 'bolt-scryfall-id';
const items = new Map<string, MarketItem>([
  [
    bolt,
    {
      id: 16,
      conditions: ['Near Mint', 'Slightly Played', 'Moderately Played', 'Played', 'Poor'],
      languages: ['en', 'jp', 'de'],
    },
  ],
  ['english-only', { id: 17, conditions: null, languages: null }],
]);
let nextId = 0;
const copy = (change: Partial<StockCopy> = {}): StockCopy => ({
  id: ++nextId,
  card_id: bolt,
  finish: 'nonfoil',
  quality: 'NM',
  language: 'en',
  signed: false,
  altered: false,
  quantity: 4,
  price_cents: 1250,
  set_code: 'lea',
  ...change,
});
const same = { price_percent_thousandths: 100_000, currency_rate_millionths: 1_000_000, keep: 0 };
const plan = (copies: StockCopy[], rule = same) =>
  planListings(copies, (id) => items.get(id), cardTraderListing, rule, 'CardTrader');

describe('what a channel lists', () => {
  it('lists each row at its copies less what is kept, at the rule’s price in the account’s currency', () => {
    const row = copy();
    const { listings, unlisted } = plan([row], {
      price_percent_thousandths: 95_000,
      currency_rate_millionths: 920_000,
      keep: 1,
    });
    // 12.50 × 95 % × 0.92 = 10.925 → 10.93.
    expect(listings).toEqual([
      {
        key: expect.any(String),
        item_id: 16,
        properties: { condition: 'Near Mint', mtg_language: 'en', mtg_foil: false, signed: false, altered: false },
        quantity: 3,
        price_cents: 1093,
        rows: [row.id],
        kinds: [
          {
            card_id: row.card_id,
            finish: 'nonfoil',
            quality: 'NM',
            language: 'en',
            signed: false,
            altered: false,
          },
        ],
      },
    ]);
    expect(unlisted).toEqual([]);
  });

  it('speaks CardTrader’s words: conditions, language codes, an etched foil as a foil, the flags', () => {
    const [listing] = plan([
      copy({ quality: 'LP', language: 'ja', finish: 'etched', signed: true, altered: true }),
    ]).listings;
    expect(listing!.properties).toEqual({
      condition: 'Slightly Played',
      mtg_language: 'jp',
      mtg_foil: true,
      signed: true,
      altered: true,
    });
    // A blueprint sold in English only is sent no language, which it does not have.
    const [english] = plan([copy({ card_id: 'english-only' })]).listings;
    expect(english!.properties).not.toHaveProperty('mtg_language');
  });

  it('makes one listing of rows CardTrader tells no apart, at the higher price', () => {
    const foil = copy({ finish: 'foil', quantity: 2, price_cents: 3000 });
    const etched = copy({ finish: 'etched', quantity: 1, price_cents: 3500 });
    const { listings } = plan([foil, etched]);
    expect(listings.map((l) => [l.quantity, l.price_cents, l.rows])).toEqual([[3, 3500, [foil.id, etched.id]]]);
    // An order for the listing takes from either kind's rows; two rows of one kind name it once.
    const again = copy({ finish: 'foil', quantity: 1, price_cents: 3000 });
    expect(plan([foil, etched, again]).listings[0]!.kinds.map((k) => k.finish)).toEqual(['foil', 'etched']);
  });

  it('counts every row it cannot list under why, and says nothing of rows without copies', () => {
    const { listings, unlisted } = plan(
      [
        copy({ card_id: 'not-on-cardtrader' }),
        copy({ card_id: 'not-on-cardtrader' }),
        copy({ price_cents: null }),
        copy({ price_cents: 0 }),
        copy({ quantity: 1 }),
        copy({ quality: 'HP' }),
        copy({ language: 'ru' }),
        copy({ card_id: 'english-only', language: 'de' }),
        copy({ quantity: 0, price_cents: null }),
        copy(),
      ],
      { ...same, keep: 1 },
    );
    expect(listings).toHaveLength(1);
    expect(unlisted).toEqual([
      // Most rows first, then by reason.
      { reason: said.language('CardTrader'), rows: 2 },
      { reason: said.noPrinting('CardTrader'), rows: 2 },
      { reason: said.noPrice, rows: 2 },
      { reason: said.kept, rows: 1 },
      { reason: said.condition('CardTrader'), rows: 1 },
    ]);
  });
});

describe('resting a channel whose marketplace keeps failing', () => {
  it('waits one interval, then twice as long each time, up to half an hour', () => {
    expect([1, 2, 3, 4].map((n) => restAfterMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(restAfterMs(20, 60_000)).toBe(30 * 60_000);
    // An interval longer than half an hour is never shortened.
    expect(restAfterMs(3, 3_600_000)).toBe(3_600_000);
  });
});

describe('asking CardTrader again after a 429 or a 5xx', () => {
  it('waits what Retry-After says, at most 4 s, else half a second and then a second', () => {
    expect(retryDelayMs('2', 1)).toBe(2000);
    expect(retryDelayMs('0', 2)).toBe(0);
    expect(retryDelayMs('120', 1)).toBe(4000);
    expect([1, 2].map((attempt) => retryDelayMs(null, attempt))).toEqual([500, 1000]);
    expect(retryDelayMs('Wed, 21 Oct 2026 07:28:00 GMT', 1)).toBe(500);
  });
});
