import { messages, type CardDetails } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CardImage } from '../../components/CardImage.tsx';
import { CardHoverPreview, useCardDetails } from '../../components/CardNameLink.tsx';
import { ManaCost, ManaText } from '../../components/ManaCost.tsx';
import { SetSymbol } from '../../components/SetSymbol.tsx';
import { call } from '../../lib/api.ts';
import { legalityLines } from './format-names.ts';
import { PriceTrend } from '../../components/PriceTrend.tsx';
import { useTitle } from '../../lib/use-title.ts';

const m = messages.cardDetails;

const legalityLabel: Record<string, string> = {
  legal: 'Legal',
  not_legal: 'Not legal',
  restricted: 'Restricted',
  banned: 'Banned',
};

/** One printing from the catalog: spec 001 §2.8, read from `?scryfallid=`. */
export function CardDetailsPage() {
  const id = useSearchParams()[0].get('scryfallid') ?? '';
  const card = useCardDetails(id, id !== '');
  useTitle(card.data?.name ?? 'Card Details');

  if (!id) return <ErrorView text={m.noId} />;
  if (card.isPending) return <p className="loading">{messages.common.loading}</p>;
  if (card.isError) return <ErrorView text={m.fetchFailed} />;
  return <Details card={card.data} />;
}

/** Every printing of the card, each opening its own details, with the hover preview. */
function Printings({ card }: { card: CardDetails }) {
  const prints = useQuery({
    queryKey: ['prints', card.id],
    queryFn: () => call('cardPrints', { params: { id: card.id } }),
    staleTime: 60 * 60 * 1000,
  });
  if (!prints.data || prints.data.data.length < 2) return null;
  return (
    <>
      <h2>Printings</h2>
      <ul className="printings">
        {prints.data.data.map((p) => (
          <li key={p.id} aria-current={p.id === card.id ? 'true' : undefined}>
            <SetSymbol set={p.set} />
            <CardHoverPreview id={p.id} name={p.name}>
              <Link to={`/card-details?scryfallid=${p.id}`}>{p.set_name}</Link>
            </CardHoverPreview>
            <span className="muted">
              #{p.collector_number} · {p.released_at.slice(0, 4)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function ErrorView({ text }: { text: string }) {
  return (
    <section className="page narrow">
      <h1>Card Details</h1>
      <p role="alert" className="text-error">
        {text}
      </p>
    </section>
  );
}

function Details({ card }: { card: CardDetails }) {
  const faces = card.card_faces.length > 1 ? card.card_faces : [];
  // Double-faced cards have a picture per face; split and adventure cards share one.
  const faceImages = faces.filter((f) => f.image_uris.normal);
  const pt = card.power !== null && card.toughness !== null ? `${card.power}/${card.toughness}` : undefined;
  return (
    <section className="page card-details">
      <div className="card-details-images">
        {faceImages.length > 1 ? (
          faceImages.map((f) => <CardImage key={f.name} src={f.image_uris.normal} name={f.name} eager />)
        ) : (
          <CardImage src={card.image_uris.normal ?? card.image_uris.small} name={card.name} eager />
        )}
      </div>
      <div className="card-details-text">
        <h1>
          {card.name} <ManaCost cost={card.mana_cost} />
        </h1>
        <dl className="facts">
          <dt>Type</dt>
          <dd>{card.type_line ?? '—'}</dd>
          <dt>Mana cost</dt>
          <dd>{card.mana_cost ? <ManaCost cost={card.mana_cost} /> : '—'}</dd>
          <dt>Power/Toughness</dt>
          <dd>{pt ?? '—'}</dd>
          <dt>Set</dt>
          <dd>
            <SetSymbol set={card.set} rarity={card.rarity} /> {card.set_name} ({card.set.toUpperCase()})
          </dd>
          <dt>Collector number</dt>
          <dd>{card.collector_number}</dd>
          <dt>Release date</dt>
          <dd>{card.released_at}</dd>
          {card.artist && (
            <>
              <dt>Artist</dt>
              <dd>{card.artist}</dd>
            </>
          )}
        </dl>
        {card.oracle_text && (
          <p className="oracle-text">
            <ManaText text={card.oracle_text} />
          </p>
        )}
        {faces.map((f) => (
          <div key={f.name} className="card-face">
            <h2>
              {f.name} <ManaCost cost={f.mana_cost} />
            </h2>
            <p className="muted">{f.type_line}</p>
            {f.oracle_text && (
              <p className="oracle-text">
                <ManaText text={f.oracle_text} />
              </p>
            )}
          </div>
        ))}
        {card.flavor_text && <p className="flavor-text">{card.flavor_text}</p>}
        <h2>{messages.priceTrend.title}</h2>
        {card.finishes.map((finish) => (
          <PriceTrend key={finish} id={card.id} finish={finish} label />
        ))}
        <h2>Legalities</h2>
        <ul className="legalities">
          {legalityLines(card.legalities).map(({ key, name, status }) => (
            <li key={key} className={`legality legality-${status}`}>
              <span>{name}</span>
              <span className="badge">{legalityLabel[status] ?? status}</span>
            </li>
          ))}
        </ul>
        <Printings card={card} />
        <a href={card.scryfall_uri} target="_blank" rel="noopener noreferrer">
          View on Scryfall
        </a>
      </div>
    </section>
  );
}
