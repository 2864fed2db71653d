/**
 * Deckbox's and TCGplayer's own names and codes for sets, both ways: the import reads them as Scryfall's sets (the
 * catalog's), and the Deckbox and TCGplayer exports write them, so each tool finds the set it named. Only names
 * seen in those tools' real exports or in their set lists are here; any other set is written under Scryfall's name,
 * which both tools mostly share.
 */

/** A set a line may mean: a catalog set by name or code, or the set of that one's tokens (`t`), promos (`p`)... */
export interface SetRef {
  /** Scryfall's prefix of a set that goes with another: `t` tokens, `a` art series, `p` promos, `o` oversized. */
  prefix: '' | 't' | 'a' | 'p' | 'o';
  /** A Scryfall set name, any case. */
  name?: string;
  /** A Scryfall set code, lower case. */
  code?: string;
}

/** A tool's set name (lower case) → Scryfall's, where no pattern below says it. */
const NAMES: Readonly<Record<string, string>> = {
  // Deckbox
  commander: 'Commander 2011',
  'time spiral "timeshifted"': 'Time Spiral Timeshifted',
  'sixth edition': 'Classic Sixth Edition',
  'ultimate masters: box toppers': 'Ultimate Box Topper',
  // TCGplayer
  'the list reprints': 'The List',
  timeshifted: 'Time Spiral Timeshifted',
  'alpha edition': 'Limited Edition Alpha',
  'beta edition': 'Limited Edition Beta',
  '7th edition': 'Seventh Edition',
  '8th edition': 'Eighth Edition',
  '9th edition': 'Ninth Edition',
  '10th edition': 'Tenth Edition',
  'time spiral: remastered': 'Time Spiral Remastered',
  'secret lair drop series': 'Secret Lair Drop',
};

/** A tool's set code (lower case) → Scryfall's: TCGplayer's `LIST`, Deckbox's codes for the early core sets. */
const CODES: Readonly<Record<string, string>> = {
  list: 'plst',
  '1e': 'lea',
  '2e': 'leb',
  '2u': '2ed',
  '3e': '3ed',
  '4e': '4ed',
  '5e': '5ed',
  '6e': '6ed',
  '7e': '7ed',
};

/** Tool's names for a set that goes with another: "Extras: Khans of Tarkir" are Khans' tokens and art cards. */
const COMPANIONS: readonly { pattern: RegExp; prefixes: SetRef['prefix'][] }[] = [
  { pattern: /^extras: (.+)$/i, prefixes: ['t', 'a'] },
  { pattern: /^(?:promos|prerelease events|promo pack): (.+)$/i, prefixes: ['p'] },
  { pattern: /^oversized: (.+)$/i, prefixes: ['o'] },
  { pattern: /^art series: (.+)$/i, prefixes: ['a'] },
];

/** Scryfall's names a tool's plain set name may be: itself, and its table or pattern spelling. */
function scryfallNames(name: string): string[] {
  const names = [name];
  const listed = NAMES[name.toLowerCase()];
  if (listed) names.push(listed);
  // Deckbox: "Magic 2015 Core Set"; TCGplayer: "Magic 2010 (M10)"; Deckbox: "Modern Masters 2017 Edition".
  const core = /^magic (\d{4}) core set$/i.exec(name);
  if (core) names.push(`Magic ${core[1]}`);
  const coded = /^(.+) \([a-z0-9]{2,6}\)$/i.exec(name);
  if (coded) names.push(coded[1]!);
  const yearEdition = /^(.+ \d{4}) edition$/i.exec(name);
  if (yearEdition) names.push(yearEdition[1]!);
  // TCGplayer: "Universes Beyond: The Lord of the Rings: Tales of Middle-earth".
  const beyond = /^universes beyond: (.+)$/i.exec(name);
  if (beyond) names.push(beyond[1]!);
  return names;
}

/**
 * The sets a line's set name and code may mean, Scryfall's: the code as written and as the tool's code, the name as
 * written and as the tool's name, and for "Extras:", "Promos:"... the named set's tokens, promos...
 */
export function setRefs(setName: string | undefined, setCode: string | undefined): SetRef[] {
  const refs: SetRef[] = [];
  if (setCode) {
    const code = setCode.toLowerCase();
    refs.push({ prefix: '', code });
    if (CODES[code]) refs.push({ prefix: '', code: CODES[code] });
    // TCGplayer's promo packs and art series: "PPELD", "ASDMU".
    const companion = /^(pp|as)([a-z0-9]{3,})$/.exec(code);
    if (companion) refs.push({ prefix: companion[1] === 'pp' ? 'p' : 'a', code: companion[2] });
  }
  if (setName) {
    const companion = COMPANIONS.map((c) => ({ ...c, match: c.pattern.exec(setName) })).find((c) => c.match);
    if (companion) {
      for (const name of scryfallNames(companion.match![1]!))
        for (const prefix of companion.prefixes) refs.push({ prefix, name });
    } else for (const name of scryfallNames(setName)) refs.push({ prefix: '', name });
  }
  return refs;
}

/** A catalog set, and the name of the set it goes with (Scryfall's `t`, `a`, `p`, `o` + its code), if any. */
export interface CatalogSet {
  code: string;
  name: string;
  parentName?: string | null;
}

/** Deckbox's names that are not Scryfall's, by Scryfall's code. */
const DECKBOX_NAMES: Readonly<Record<string, string>> = {
  m14: 'Magic 2014 Core Set',
  m15: 'Magic 2015 Core Set',
  mm2: 'Modern Masters 2015 Edition',
  mm3: 'Modern Masters 2017 Edition',
  cmd: 'Commander',
  tsb: 'Time Spiral "Timeshifted"',
};

/** TCGplayer's names (and codes) that are not Scryfall's, by Scryfall's code. */
const TCGPLAYER_SETS: Readonly<Record<string, { name: string; code?: string }>> = {
  plst: { name: 'The List Reprints', code: 'LIST' },
  lea: { name: 'Alpha Edition' },
  leb: { name: 'Beta Edition' },
  '7ed': { name: '7th Edition' },
  '8ed': { name: '8th Edition' },
  '9ed': { name: '9th Edition' },
  '10e': { name: '10th Edition' },
  m10: { name: 'Magic 2010 (M10)' },
  m11: { name: 'Magic 2011 (M11)' },
  m12: { name: 'Magic 2012 (M12)' },
  m13: { name: 'Magic 2013 (M13)' },
  m14: { name: 'Magic 2014 (M14)' },
  m15: { name: 'Magic 2015 (M15)' },
  tsb: { name: 'Timeshifted' },
  tsr: { name: 'Time Spiral: Remastered' },
  sld: { name: 'Secret Lair Drop Series' },
  ltr: { name: 'Universes Beyond: The Lord of the Rings: Tales of Middle-earth' },
  ltc: { name: 'Commander: The Lord of the Rings: Tales of Middle-earth' },
  m3c: { name: 'Commander: Modern Horizons 3' },
  mic: { name: 'Commander: Innistrad: Midnight Hunt' },
  moc: { name: 'Commander: March of the Machine' },
  afc: { name: 'Commander: Adventures in the Forgotten Realms' },
};

/** Scryfall's name of a companion set ends in its kind: "Khans of Tarkir Tokens" (tktk). */
const COMPANION_SUFFIX: Readonly<Record<string, string>> = {
  t: 'Tokens',
  a: 'Art Series',
  p: 'Promos',
  o: 'Oversized',
};

/**
 * The set a companion set goes with: "tktk" → "ktk", when the catalog has it and the name says the kind (Scryfall's
 * "oarc" are Archenemy's schemes, not oversized cards; "ptk" is Portal Three Kingdoms).
 */
function companionOf(set: CatalogSet) {
  const prefix = set.code[0]!;
  const suffix = COMPANION_SUFFIX[prefix];
  return set.parentName && suffix && set.name.endsWith(` ${suffix}`) ? { prefix, code: set.code.slice(1) } : undefined;
}

/** The set's name and code as Deckbox writes them: its own name; tokens and art cards as "Extras: <set>". */
export function deckboxSet(set: CatalogSet): { name: string; code: string } {
  const companion = companionOf(set);
  const plain = (code: string, name: string) => DECKBOX_NAMES[code] ?? name;
  if (companion) {
    const parent = plain(companion.code, set.parentName!);
    const word = { t: 'Extras', a: 'Extras', p: 'Promos', o: 'Oversized' }[companion.prefix];
    if (word) return { name: `${word}: ${parent}`, code: set.code };
  }
  return { name: plain(set.code, set.name), code: set.code };
}

/** The set's name and code as TCGplayer writes them (codes in upper case): "Magic 2010 (M10)", "LIST". */
export function tcgplayerSet(set: CatalogSet): { name: string; code: string } {
  const companion = companionOf(set);
  if (companion?.prefix === 'a') {
    const parent = TCGPLAYER_SETS[companion.code]?.name ?? set.parentName!;
    return { name: `Art Series: ${parent}`, code: `AS${companion.code.toUpperCase()}` };
  }
  const own = TCGPLAYER_SETS[set.code];
  return { name: own?.name ?? set.name, code: own?.code ?? set.code.toUpperCase() };
}
