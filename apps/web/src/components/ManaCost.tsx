import 'mana-font/css/mana.min.css';
import './mana-font.css';

/** One mana symbol such as `U`, `3`, `W/U`, `G/P`, `T` as its mana-font class. */
function symbolClass(symbol: string): string {
  const s = symbol.toLowerCase().replace(/\//g, '');
  if (s === 't') return 'ms-tap';
  if (s === 'q') return 'ms-untap';
  if (s === '∞') return 'ms-infinity';
  if (s === '½') return 'ms-1-2';
  return `ms-${s}`;
}

/**
 * A mana cost such as `{2}{U}{U}` drawn with mana-font; split cards'
 * halves (`{1}{R} // {2}{U}`) keep their separator. The text stays for
 * screen readers and copy-paste.
 */
export function ManaCost({ cost }: { cost: string | null | undefined }) {
  if (!cost) return null;
  const halves = cost.split(' // ');
  return (
    <span className="mana-cost" aria-label={cost} title={cost}>
      {halves.map((half, h) => (
        <span key={h}>
          {h > 0 && <span className="mana-sep"> // </span>}
          {[...half.matchAll(/\{([^}]+)\}/g)].map((m, i) => (
            <i key={i} className={`ms ms-cost ms-shadow ${symbolClass(m[1]!)}`} aria-hidden="true" />
          ))}
        </span>
      ))}
    </span>
  );
}
