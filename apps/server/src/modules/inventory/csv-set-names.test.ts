import { describe, expect, it } from 'vitest';
import { deckboxSet, setRefs, tcgplayerSet } from './csv-set-names.ts';

/** The Scryfall sets a line may mean, as `prefix+name` or `prefix+#code`. */
const meant = (name?: string, code?: string) =>
  setRefs(name, code).map((r) => `${r.prefix}${r.code ? `#${r.code}` : r.name}`);

describe("the tools' own set names", () => {
  it.each([
    // Deckbox
    ['Magic 2015 Core Set', undefined, 'Magic 2015'],
    ['Modern Masters 2017 Edition', undefined, 'Modern Masters 2017'],
    ['Commander', undefined, 'Commander 2011'],
    ['Time Spiral "Timeshifted"', undefined, 'Time Spiral Timeshifted'],
    ['Limited Edition Alpha', '1E', '#lea'],
    ['Revised Edition', '3E', '#3ed'],
    ['Extras: Khans of Tarkir', 'ex_12', 'tKhans of Tarkir'],
    ['Extras: Magic 2015 Core Set', undefined, 'tMagic 2015'],
    ['Extras: Modern Horizons 2', undefined, 'aModern Horizons 2'],
    ['Promos: Fate Reforged', undefined, 'pFate Reforged'],
    ['Prerelease Events: Battle for Zendikar', 'PTC_5', 'pBattle for Zendikar'],
    ['Oversized: Commander 2014', undefined, 'oCommander 2014'],
    // TCGplayer
    ['The List Reprints', 'LIST', '#plst'],
    ['The List Reprints', undefined, 'The List'],
    ['7th Edition', undefined, 'Seventh Edition'],
    ['Magic 2010 (M10)', 'M10', 'Magic 2010'],
    ['Timeshifted', undefined, 'Time Spiral Timeshifted'],
    ['Promo Pack: Throne of Eldraine', 'PPELD', 'p#eld'],
    ['Promo Pack: Throne of Eldraine', undefined, 'pThrone of Eldraine'],
    ['Art Series: Dominaria United', 'ASDMU', 'a#dmu'],
    [
      'Universes Beyond: The Lord of the Rings: Tales of Middle-earth',
      'LTR',
      'The Lord of the Rings: Tales of Middle-earth',
    ],
    ['Time Spiral: Remastered', 'TSR', 'Time Spiral Remastered'],
  ])('"%s" (%s) may mean %s', (name, code, expected) => {
    expect(meant(name, code)).toContain(expected);
  });

  it('reads a name or code as written too, and a companion name only as the companion', () => {
    expect(meant('Khans of Tarkir', 'KTK')).toEqual(['#ktk', 'Khans of Tarkir']);
    expect(meant('Extras: Khans of Tarkir')).toEqual(['tKhans of Tarkir', 'aKhans of Tarkir']);
  });

  it.each([
    [{ code: 'm15', name: 'Magic 2015' }, 'Magic 2015 Core Set', 'Magic 2015 (M15)'],
    [{ code: 'm14', name: 'Magic 2014' }, 'Magic 2014 Core Set', 'Magic 2014 (M14)'],
    [{ code: 'mm3', name: 'Modern Masters 2017' }, 'Modern Masters 2017 Edition', 'Modern Masters 2017'],
    [{ code: 'cmd', name: 'Commander 2011' }, 'Commander', 'Commander 2011'],
    [{ code: 'tsb', name: 'Time Spiral Timeshifted' }, 'Time Spiral "Timeshifted"', 'Timeshifted'],
    [{ code: 'plst', name: 'The List' }, 'The List', 'The List Reprints'],
    [{ code: '7ed', name: 'Seventh Edition' }, 'Seventh Edition', '7th Edition'],
    [
      { code: 'tm15', name: 'Magic 2015 Tokens', parentName: 'Magic 2015' },
      'Extras: Magic 2015 Core Set',
      'Magic 2015 Tokens',
    ],
    [
      { code: 'pfrf', name: 'Fate Reforged Promos', parentName: 'Fate Reforged' },
      'Promos: Fate Reforged',
      'Fate Reforged Promos',
    ],
    [
      { code: 'oc14', name: 'Commander 2014 Oversized', parentName: 'Commander 2014' },
      'Oversized: Commander 2014',
      'Commander 2014 Oversized',
    ],
    [
      { code: 'amh2', name: 'Modern Horizons 2 Art Series', parentName: 'Modern Horizons 2' },
      'Extras: Modern Horizons 2',
      'Art Series: Modern Horizons 2',
    ],
    // Scryfall's schemes and Portal Three Kingdoms only look like companions.
    [{ code: 'oarc', name: 'Archenemy Schemes', parentName: 'Archenemy' }, 'Archenemy Schemes', 'Archenemy Schemes'],
    [{ code: 'ptk', name: 'Portal Three Kingdoms' }, 'Portal Three Kingdoms', 'Portal Three Kingdoms'],
  ])('%o is written "%s" for Deckbox and "%s" for TCGplayer', (set, deckbox, tcgplayer) => {
    expect(deckboxSet(set).name).toBe(deckbox);
    expect(tcgplayerSet(set).name).toBe(tcgplayer);
  });

  it('writes TCGplayer’s codes: LIST for The List, AS<set> for an art series, else Scryfall’s in upper case', () => {
    expect(tcgplayerSet({ code: 'plst', name: 'The List' }).code).toBe('LIST');
    expect(
      tcgplayerSet({ code: 'amh2', name: 'Modern Horizons 2 Art Series', parentName: 'Modern Horizons 2' }).code,
    ).toBe('ASMH2');
    expect(tcgplayerSet({ code: 'm10', name: 'Magic 2010' }).code).toBe('M10');
  });
});
