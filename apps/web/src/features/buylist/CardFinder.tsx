import { buylistMessages, limits, type CardPrinting, type CardSearchHit, type Finish } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CardImage } from '../../components/CardImage.tsx';
import { call } from '../../lib/api.ts';
import { useSettled } from '../../lib/use-settled.ts';

const m = buylistMessages.screen;

/** A printing's finishes as the catalog lists them, nonfoil first (the usual copy). */
export const printingFinishes = (p: CardPrinting): Finish[] => {
  const order: Finish[] = ['nonfoil', 'foil', 'etched'];
  const listed = order.filter((f) => p.finishes.includes(f));
  return listed.length ? listed : ['nonfoil'];
};

/**
 * Finds a card in the whole catalog (a customer sells what the shop may not stock), then its printing: the name
 * search answers one result per card, and choosing one lists every printing with its set and number.
 */
export function CardFinder({ onPick, label = m.searchCards }: { onPick: (p: CardPrinting) => void; label?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [card, setCard] = useState<CardSearchHit>();
  const q = useSettled(text.trim(), 250);
  const results = useQuery({
    queryKey: ['card-search', q],
    queryFn: () => call('cardSearch', { query: { q } }),
    enabled: q.length >= limits.cardSearchMinChars && !card,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const prints = useQuery({
    queryKey: ['prints', card?.id],
    queryFn: () => call('cardPrints', { params: { id: card!.id } }),
    enabled: card !== undefined,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
  const typing = text.trim().length >= limits.cardSearchMinChars;

  if (card)
    return (
      <div className="buy-finder">
        <div className="buy-finder-head">
          <h3 id={`${id}-prints`}>{m.choosePrinting(card.name)}</h3>
          <button type="button" className="btn btn-small" onClick={() => setCard(undefined)}>
            Back to results
          </button>
        </div>
        {prints.isPending && <p className="muted">{m.loadingPrintings}</p>}
        {prints.isError && (
          <p className="text-error" role="alert">
            {m.printingsFailed}
          </p>
        )}
        <ul className="buy-finder-list buy-printings" aria-labelledby={`${id}-prints`}>
          {prints.data?.data.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                aria-label={`${p.name}, ${p.set_name} #${p.collector_number}`}
                onClick={() => {
                  onPick(p);
                  setCard(undefined);
                  setText('');
                }}
              >
                <CardImage src={p.image_uris.small} name={p.name} width={44} height={61} />
                <span>
                  <strong>{p.set_name}</strong>
                  <span className="muted">
                    {p.set.toUpperCase()} · #{p.collector_number}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div className="buy-finder">
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {typing && (results.isFetching || q !== text.trim()) && <p className="muted">{m.searching}</p>}
      {results.isError && (
        <p className="text-error" role="alert">
          {m.network}
        </p>
      )}
      {typing && results.data && q === text.trim() && (
        <ul className="buy-finder-list" aria-label="Cards found">
          {results.data.data.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => setCard(c)}>
                <CardImage src={c.image_uris.small} name={c.name} width={36} height={50} />
                <span>
                  <strong>{c.name}</strong>
                  <span className="muted">{c.set_name}</span>
                </span>
              </button>
            </li>
          ))}
          {results.data.data.length === 0 && <li className="muted">{m.noCards}</li>}
        </ul>
      )}
    </div>
  );
}
