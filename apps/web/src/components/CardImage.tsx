import { useState } from 'react';

interface CardImageProps {
  src: string | null | undefined;
  name: string;
  width?: number;
  height?: number;
  className?: string;
  eager?: boolean;
}

/**
 * A card picture from Scryfall's CDN, lazy-loaded. When there is none, or it
 * cannot load (offline, blocked), a card frame with the name is drawn instead.
 */
export function CardImage({ src, name, width = 244, height = 340, className, eager }: CardImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <CardPlaceholder name={name} width={width} height={height} className={className} />;
  return (
    <img
      src={src}
      alt={name}
      width={width}
      height={height}
      className={className ? `card-image ${className}` : 'card-image'}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

export function CardPlaceholder({
  name,
  width,
  height,
  className,
}: {
  name: string;
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox="0 0 244 340"
      width={width}
      height={height}
      className={className ? `card-image card-placeholder ${className}` : 'card-image card-placeholder'}
    >
      <rect x="2" y="2" width="240" height="336" rx="14" fill="#1f2538" stroke="#3b4466" strokeWidth="4" />
      <rect x="16" y="16" width="212" height="28" rx="4" fill="#2b3350" />
      <rect x="16" y="54" width="212" height="150" rx="4" fill="#171c2c" />
      <path d="M104 150l18-30 18 30zM96 150h56" stroke="#4b5680" strokeWidth="3" fill="none" />
      <rect x="16" y="214" width="212" height="22" rx="4" fill="#2b3350" />
      <rect x="16" y="244" width="212" height="80" rx="4" fill="#171c2c" />
      <foreignObject x="20" y="18" width="204" height="24">
        <p className="card-placeholder-name">{name}</p>
      </foreignObject>
    </svg>
  );
}
