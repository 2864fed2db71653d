import 'keyrune/css/keyrune.min.css';
import keyruneSets from 'virtual:keyrune-sets';

/**
 * A set's expansion symbol from keyrune, coloured by rarity; the code is the
 * accessible name. A set keyrune has no glyph for (a new set, a promo or
 * token set) shows its code as text in the same place, never keyrune's
 * generic placeholder.
 */
export function SetSymbol({ set, rarity }: { set: string; rarity?: string }) {
  const code = set.toUpperCase();
  if (!keyruneSets.has(set.toLowerCase())) {
    return (
      <span className="set-code" role="img" aria-label={code} title={code}>
        {code}
      </span>
    );
  }
  const rarityClass = rarity && ['common', 'uncommon', 'rare', 'mythic'].includes(rarity) ? ` ss-${rarity}` : '';
  return <i className={`ss ss-${set.toLowerCase()} ss-fw${rarityClass}`} role="img" aria-label={code} title={code} />;
}
