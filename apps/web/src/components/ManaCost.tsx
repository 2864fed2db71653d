import 'mana-font/css/mana.min.css';
import './mana-font.css';

const symbolPattern = /\{([^}]+)\}/g;

/** One mana symbol such as `U`, `3`, `W/U`, `G/P`, `T` as its mana-font class. */
function symbolClass(symbol: string): string {
  const s = symbol.toLowerCase().replace(/\//g, '');
  if (s === 't') return 'ms-tap';
  if (s === 'q') return 'ms-untap';
  if (s === 'pw') return 'ms-planeswalker';
  if (s === '∞') return 'ms-infinity';
  if (s === '½') return 'ms-1-2';
  return `ms-${s}`;
}

/** One symbol drawn by mana-font; the text beside it is the caller's business. */
function ManaGlyph({ symbol }: { symbol: string }) {
  return <i className={`ms ms-cost ms-shadow ${symbolClass(symbol)}`} aria-hidden="true" />;
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
          {[...half.matchAll(symbolPattern)].map((m, i) => (
            <ManaGlyph key={i} symbol={m[1]!} />
          ))}
        </span>
      ))}
    </span>
  );
}

/**
 * Rules text such as `{T}: Add {G}.` with each symbol drawn by mana-font.
 * Every symbol keeps its text (`{T}`) in the page, visually hidden, so a
 * screen reader reads it and a copied passage pastes as Scryfall wrote it.
 */
export function ManaText({ text }: { text: string }) {
  const parts: (string | { symbol: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(symbolPattern)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ symbol: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <span key={i} className="mana-symbol" title={`{${part.symbol}}`}>
            <ManaGlyph symbol={part.symbol} />
            <span className="visually-hidden">{`{${part.symbol}}`}</span>
          </span>
        ),
      )}
    </>
  );
}
