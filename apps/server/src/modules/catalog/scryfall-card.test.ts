import { describe, expect, it } from 'vitest';
import { fixtureCardLines } from '@cardstock/fixtures';
import { normalizeName, toCardRow, ZScryfallCard } from './scryfall-card.ts';

const cards = fixtureCardLines(6000).map((l) => JSON.parse(l) as Record<string, unknown>);
const find = (pred: (c: Record<string, unknown>) => boolean) => cards.find(pred)!;

describe('toCardRow (real Scryfall objects)', () => {
  it('maps every card of the shared sample', () => {
    for (const raw of cards) expect(ZScryfallCard.safeParse(raw).success, String(raw.name)).toBe(true);
  });

  it('keeps prices as cents and finishes as a list', () => {
    const raw = find(
      (c) => (c.prices as Record<string, string | null>).usd !== null && (c.finishes as string[]).length === 2,
    );
    const row = toCardRow(ZScryfallCard.parse(raw), '2026-01-01T00:00:00.000Z');
    const usd = (raw.prices as Record<string, string>).usd!;
    expect(row.price_usd).toBe(Math.round(Number(usd) * 100));
    expect(row.finishes).toBe((raw.finishes as string[]).join(','));
    expect(row.set_code).toBe(raw.set);
    expect(JSON.parse(row.legalities)).toEqual(raw.legalities);
  });

  it('takes a double-faced card’s image and mana cost from its front face', () => {
    const raw = find((c) => !c.image_uris && Array.isArray(c.card_faces));
    const row = toCardRow(ZScryfallCard.parse(raw), 'now');
    const front = (raw.card_faces as { image_uris: { normal: string }; mana_cost: string }[])[0]!;
    expect(row.image_normal).toBe(front.image_uris.normal);
    expect(row.mana_cost).toBe(front.mana_cost);
    expect(JSON.parse(row.card_faces!)).toHaveLength((raw.card_faces as unknown[]).length);
  });

  it('keeps the ids Magic Online and Cardmarket know the printing by', () => {
    // Delver of Secrets, Innistrad #51: MTGO 42436, its premium copy 42437, Cardmarket product 250620.
    const raw = find((c) => c.name === 'Delver of Secrets // Insectile Aberration' && c.set === 'isd');
    const row = toCardRow(ZScryfallCard.parse(raw), 'now');
    expect(row).toMatchObject({ mtgo_id: 42436, mtgo_foil_id: 42437, cardmarket_id: 250620, tcgplayer_id: 56246 });
    const paperOnly = find((c) => c.name === 'Sylvan Library' && c.set === 'ren');
    expect(toCardRow(ZScryfallCard.parse(paperOnly), 'now')).toMatchObject({ mtgo_id: null, mtgo_foil_id: null });
  });

  it('derives finishes from the foil flags of older bulk files', () => {
    const raw = { ...find((c) => c.name === 'Air Elemental'), finishes: undefined, foil: true, nonfoil: true };
    expect(toCardRow(ZScryfallCard.parse(raw), 'now').finishes).toBe('nonfoil,foil');
  });
});

describe('normalizeName', () => {
  it.each([
    ['Æther Vial', 'aether vial'],
    ['Jace, the Mind Sculptor', 'jace the mind sculptor'],
    ['Fire // Ice', 'fire // ice'],
    ['Séance', 'seance'],
    ['  Lim-Dûl’s   Vault ', 'limduls vault'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });
});
