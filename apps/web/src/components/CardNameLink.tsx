import { scryfallNameSearchUrl } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { call } from '../lib/api.ts';
import { CardImage } from './CardImage.tsx';

interface CardNameLinkProps {
  /** Scryfall id of the printing, for the preview. */
  id: string;
  name: string;
  /** The card's page on Scryfall; the exact-name search when not given. */
  href?: string;
}

/** Shared by every table that names cards: one request per card, cached. */
export const useCardDetails = (id: string, enabled = true) =>
  useQuery({
    queryKey: ['card', id],
    queryFn: () => call('card', { params: { id } }),
    enabled,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

/**
 * Shows a large preview of a card (normal image, else small) while the
 * pointer is over `children`. A failed fetch shows no preview.
 */
export function CardHoverPreview({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const [at, setAt] = useState<{ x: number; y: number }>();
  const card = useCardDetails(id, at !== undefined);
  const image = card.data?.image_uris.normal ?? card.data?.image_uris.small;

  const follow = (e: MouseEvent) => setAt({ x: e.clientX, y: e.clientY });
  // Keep the preview on screen: right of the pointer, or left of it near the right edge.
  const left = at && at.x + 280 > window.innerWidth ? at.x - 264 : (at?.x ?? 0) + 16;
  const top = at ? Math.max(8, Math.min(at.y - 170, window.innerHeight - 348)) : 0;

  return (
    <span onMouseEnter={follow} onMouseMove={follow} onMouseLeave={() => setAt(undefined)}>
      {children}
      {at && card.isSuccess && (
        <span className="card-preview" style={{ left, top }} role="tooltip" data-testid="card-preview">
          <CardImage src={image} name={name} eager />
        </span>
      )}
    </span>
  );
}

/** A card name that opens the card's page on Scryfall in a new tab, with the hover preview. */
export function CardNameLink({ id, name, href }: CardNameLinkProps) {
  return (
    <CardHoverPreview id={id} name={name}>
      <a
        href={href ?? scryfallNameSearchUrl(name)}
        target="_blank"
        rel="noopener noreferrer"
        className="card-name-link"
      >
        {name}
      </a>
    </CardHoverPreview>
  );
}
