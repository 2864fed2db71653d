/**
 * The set codes keyrune draws a symbol for, read from its stylesheet: every
 * `.ss-<code>:before` rule. Size, rarity and style classes (`ss-2x`,
 * `ss-rare`, `ss-grad`) have no `:before` of their own, so they are not codes.
 * The web build serves this list as `virtual:keyrune-sets` (keyrune-sets.ts),
 * so a keyrune upgrade updates it and no one keeps it by hand.
 */
export function keyruneSetCodes(css: string): string[] {
  const codes = new Set<string>();
  // A selector list names several codes for one glyph (`.ss-xdnd:before,\n.ss-afr:before {`).
  for (const m of css.matchAll(/(?:^|[\s,}])\.ss-([a-z0-9]+(?:-[a-z0-9]+)*):before(?=\s*[,{])/g)) codes.add(m[1]!);
  return [...codes].sort();
}
