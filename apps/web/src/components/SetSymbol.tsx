import 'keyrune/css/keyrune.min.css';

/** A set's expansion symbol from keyrune, coloured by rarity; the code is the accessible name. */
export function SetSymbol({ set, rarity }: { set: string; rarity?: string }) {
  const rarityClass = rarity && ['common', 'uncommon', 'rare', 'mythic'].includes(rarity) ? ` ss-${rarity}` : '';
  return (
    <i
      className={`ss ss-${set.toLowerCase()} ss-fw${rarityClass}`}
      role="img"
      aria-label={set.toUpperCase()}
      title={set.toUpperCase()}
    />
  );
}
