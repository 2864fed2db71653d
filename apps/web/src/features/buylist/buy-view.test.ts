import { defaultBuyRules } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  customerProblem,
  draftKey,
  putLine,
  readRulesForm,
  rulesForm,
  sellItems,
  type SellDraftLine,
} from './buy-view.ts';

const line = (patch: Partial<SellDraftLine> = {}): SellDraftLine => {
  const l: SellDraftLine = {
    key: '',
    scryfall_id: 'a',
    card_name: 'Lightning Bolt',
    set_code: 'm10',
    set_name: 'Magic 2010',
    collector_number: '146',
    image: null,
    finishes: ['nonfoil', 'foil'],
    finish: 'nonfoil',
    quality: 'NM',
    language: 'en',
    quantity: 1,
    ...patch,
  };
  return { ...l, key: draftKey(l) };
};

describe('a sell list being put together', () => {
  it('adds the same copies to their line instead of listing them twice', () => {
    const lines = putLine(putLine([], line()), line({ quantity: 2 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(3);
  });

  it('keeps a changed line in its place, and joins it to a line it comes to equal', () => {
    const nm = line();
    const lp = line({ quality: 'LP', quantity: 2 });
    const foil = line({ finish: 'foil' });
    let lines = [nm, lp, foil];
    lines = putLine(lines, { ...nm, quality: 'MP' }, nm.key);
    expect(lines.map((l) => l.quality)).toEqual(['MP', 'LP', 'NM']);
    lines = putLine(lines, { ...lines[0]!, quality: 'LP' }, lines[0]!.key);
    expect(lines.map((l) => [l.quality, l.quantity])).toEqual([
      ['LP', 3],
      ['NM', 1],
    ]);
    expect(sellItems(lines)[0]).toEqual({
      scryfall_id: 'a',
      finish: 'nonfoil',
      quality: 'LP',
      language: 'en',
      quantity: 3,
    });
  });

  it('asks for a name and an e-mail or a phone', () => {
    expect(customerProblem({ name: ' ', email: 'a@b.co', phone: '' })).toBe('Give a name.');
    expect(customerProblem({ name: 'Ann', email: '', phone: ' ' })).toBe('Give an e-mail address or a phone number.');
    expect(customerProblem({ name: 'Ann', email: '', phone: '555 0100' })).toBeUndefined();
  });
});

describe('the buy rules form', () => {
  it('reads back the rules it was filled with', () => {
    expect(readRulesForm(rulesForm(defaultBuyRules), defaultBuyRules)).toEqual({ rules: defaultBuyRules, errors: {} });
  });

  it('says what is wrong per field, and an empty target means no target', () => {
    const form = rulesForm(defaultBuyRules);
    const read = readRulesForm(
      {
        ...form,
        cash_percent: 'abc',
        condition_percent: { ...form.condition_percent, LP: '120' },
        rounding: '0',
        min_offer: '0.123',
        target_by_rarity: { ...form.target_by_rarity, rare: '2.5', common: '' },
      },
      defaultBuyRules,
    );
    expect(read.rules).toBeUndefined();
    expect(read.errors).toEqual({
      cash_percent: 'Cash percentage must be a number.',
      'condition_percent.LP': 'LP percentage must be at most 100.',
      rounding: 'Rounding must be at least $0.01.',
      min_offer: 'Minimum offer can have at most 2 decimals.',
      'target_by_rarity.rare': 'The rare target must be whole copies.',
    });
    const ok = readRulesForm({ ...form, target_by_rarity: { ...form.target_by_rarity, common: '' } }, defaultBuyRules);
    expect(ok.rules?.target_by_rarity).toEqual({ uncommon: 12, rare: 8, mythic: 6 });
  });

  it('reads language shares: empty is as English, a share is kept, a bad one is named', () => {
    const rules = { ...defaultBuyRules, language_percent: { ja: 50, de: 120 } };
    const form = rulesForm(rules);
    expect(form.language_percent.ja).toBe('50');
    expect(form.language_percent.fr).toBe('');
    const read = readRulesForm({ ...form, language_percent: { ...form.language_percent, de: '', fr: '80' } }, rules);
    expect(read.rules?.language_percent).toEqual({ ja: 50, fr: 80 });
    const bad = readRulesForm({ ...form, language_percent: { ...form.language_percent, it: '2000' } }, rules);
    expect(bad.errors).toEqual({ 'language_percent.it': 'The Italian percentage must be at most 1000.' });
  });
});
