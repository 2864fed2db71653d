/**
 * Scryfall's legality keys as players name the formats. Scryfall's `brawl` is
 * Historic Brawl (its Arena queue); older bulk files still carry `historicbrawl`.
 */
const formatNames: Record<string, string> = {
  standard: 'Standard',
  future: 'Future Standard',
  historic: 'Historic',
  timeless: 'Timeless',
  gladiator: 'Gladiator',
  pioneer: 'Pioneer',
  explorer: 'Explorer',
  modern: 'Modern',
  legacy: 'Legacy',
  pauper: 'Pauper',
  vintage: 'Vintage',
  penny: 'Penny Dreadful',
  commander: 'Commander',
  oathbreaker: 'Oathbreaker',
  standardbrawl: 'Standard Brawl',
  brawl: 'Historic Brawl',
  historicbrawl: 'Historic Brawl',
  competitivebrawl: 'Competitive Brawl',
  alchemy: 'Alchemy',
  paupercommander: 'Pauper Commander',
  duel: 'Duel Commander',
  oldschool: 'Old School',
  premodern: 'Premodern',
  predh: 'PreDH',
};

/**
 * The name players use for a Scryfall format key. A key Scryfall adds later
 * reads as its words capitalized (`new_format` → "New Format"), or in capitals
 * when it is as short as an abbreviation (`tlr` → "TLR").
 */
export function formatName(key: string): string {
  const known = Object.hasOwn(formatNames, key) ? formatNames[key] : undefined;
  if (known) return known;
  if (/^[a-z0-9]{1,3}$/.test(key)) return key.toUpperCase();
  return key
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A card's legalities as lines to show, one per format (issue 38). In older bulk files `brawl` is the original,
 * Standard Brawl, beside `historicbrawl`; newer ones name Historic Brawl `brawl` beside `standardbrawl`. Read
 * literally, an older file listed "Historic Brawl" twice. A name met again (a key renamed later) shows once.
 */
export function legalityLines(legalities: Record<string, string>): { key: string; name: string; status: string }[] {
  const older = Object.hasOwn(legalities, 'historicbrawl') && !Object.hasOwn(legalities, 'standardbrawl');
  const seen = new Set<string>();
  const lines: { key: string; name: string; status: string }[] = [];
  for (const [key, status] of Object.entries(legalities)) {
    const name = older && key === 'brawl' ? 'Standard Brawl' : formatName(key);
    if (seen.has(name)) continue;
    seen.add(name);
    lines.push({ key, name, status });
  }
  return lines;
}
