import {
  roleAllows,
  languageNames,
  languages,
  limits,
  messages,
  qualities,
  type CardPrinting,
  type CardSearchHit,
  type Language,
  type Quality,
  locationText,
} from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { CardImage } from '../../components/CardImage.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';
import { LocationField, locationsQueryKey } from '../../components/LocationField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call } from '../../lib/api.ts';
import { userRole } from '../../lib/session.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { askingPriceOf } from './price.ts';

/** How the spec labels a printing's finishes in the set list (spec 001 §2.1). */
function finishesLabel(finishes: readonly string[]): string {
  const foil = finishes.includes('foil') || finishes.includes('etched');
  const nonfoil = finishes.includes('nonfoil');
  if (foil && nonfoil) return messages.inventory.foilAndNonfoil;
  return foil ? messages.inventory.foilOnly : messages.inventory.nonfoilOnly;
}

const m = messages.inventory;

type Step = { kind: 'search' } | { kind: 'sets'; card: CardSearchHit } | { kind: 'detail'; printing: CardPrinting };

/** The three add-card dialogs: find the card, pick its printing, choose finish, quality and quantity. */
export function AddCardFlow({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'search' });
  const [query, setQuery] = useState('');

  const close = () => {
    setStep({ kind: 'search' });
    setQuery('');
    onClose();
  };

  if (!open) return null;
  if (step.kind === 'sets')
    return <SelectSet card={step.card} onPick={(printing) => setStep({ kind: 'detail', printing })} onClose={close} />;
  if (step.kind === 'detail')
    return (
      <CardDetail
        printing={step.printing}
        onClose={close}
        onAdded={() => {
          close();
          onAdded();
        }}
      />
    );
  return (
    <SearchCard query={query} setQuery={setQuery} onPick={(card) => setStep({ kind: 'sets', card })} onClose={close} />
  );
}

function SearchCard(props: {
  query: string;
  setQuery: (q: string) => void;
  onPick: (c: CardSearchHit) => void;
  onClose: () => void;
}) {
  const q = useSettled(props.query.trim(), 200);
  const results = useQuery({
    queryKey: ['card-search', q],
    queryFn: () => call('cardSearch', { query: { q } }),
    enabled: q.length >= limits.cardSearchMinChars,
    staleTime: 5 * 60 * 1000,
  });
  const searching =
    props.query.trim().length >= limits.cardSearchMinChars && (results.isFetching || q !== props.query.trim());
  return (
    <Modal open title="Add Card to Inventory" onClose={props.onClose}>
      <input
        type="search"
        autoFocus
        placeholder="Search for a card"
        aria-label="Card name"
        value={props.query}
        onChange={(e) => props.setQuery(e.target.value)}
      />
      {searching && <p className="muted">{m.searching}</p>}
      {results.data && q.length >= limits.cardSearchMinChars && (
        <ul className="suggestions" aria-label="Suggestions">
          {results.data.data.map((card) => (
            <li key={card.id}>
              <button type="button" onClick={() => props.onPick(card)}>
                <CardImage src={card.image_uris.small} name={card.name} width={36} height={50} />
                <span>
                  <strong>{card.name}</strong>
                  <span className="muted">{card.set_name}</span>
                </span>
              </button>
            </li>
          ))}
          {results.data.data.length === 0 && <li className="muted">No cards found for your search</li>}
        </ul>
      )}
    </Modal>
  );
}

function SelectSet({
  card,
  onPick,
  onClose,
}: {
  card: CardSearchHit;
  onPick: (p: CardPrinting) => void;
  onClose: () => void;
}) {
  const prints = useQuery({
    queryKey: ['prints', card.id],
    queryFn: () => call('cardPrints', { params: { id: card.id } }),
    staleTime: 60 * 60 * 1000,
  });
  return (
    <Modal open title={`Select Set for ${card.name}`} onClose={onClose}>
      {prints.isPending && <p className="muted">{m.loadingSets}</p>}
      {prints.isError && <p className="text-error">{m.addFailed}</p>}
      <ul className="set-list" aria-label="Printings">
        {prints.data?.data.map((p) => (
          <li key={p.id}>
            <button type="button" onClick={() => onPick(p)}>
              <CardImage src={p.image_uris.small} name={p.name} width={44} height={61} />
              <span>
                <strong>{p.set_name}</strong>
                <span className="muted">
                  {p.set.toUpperCase()} · #{p.collector_number}
                </span>
              </span>
              <span className="badge">{finishesLabel(p.finishes)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function CardDetail({
  printing,
  onClose,
  onAdded,
}: {
  printing: CardPrinting;
  onClose: () => void;
  onAdded: () => void;
}) {
  const both = printing.foil && printing.nonfoil;
  // Foil is forced by a foil-only printing, off for a nonfoil-only one, and off by default otherwise.
  const [foil, setFoil] = useState(printing.foil && !printing.nonfoil);
  const [quality, setQuality] = useState<Quality>('NM');
  const [language, setLanguage] = useState<Language>('en');
  const [signed, setSigned] = useState(false);
  const [altered, setAltered] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [location, setLocation] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // An asking price with the copies (Owner, Manager): a card without a market price needs no second Edit.
  const canPrice = roleAllows(userRole(), 'inventory:reprice');
  const asking = canPrice ? askingPriceOf(price) : null;

  async function add() {
    if (asking === undefined) return;
    setBusy(true);
    try {
      await call('inventoryAdd', {
        body: {
          scryfall_id: printing.id,
          quantity: Math.max(1, Math.floor(Number(quantity)) || 1),
          foil,
          quality,
          language,
          signed,
          altered,
          // Left out when empty: more copies of a row keep its price.
          ...(asking === null ? {} : { asking_price: asking }),
          // Likewise a location: more copies of a row keep its own.
          ...(locationText(location) ? { location: locationText(location) } : {}),
        },
      });
      if (locationText(location)) void queryClient.invalidateQueries({ queryKey: locationsQueryKey });
      toast.success(m.added);
      onAdded();
    } catch {
      toast.error(m.addFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={printing.name}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void add()}
          confirm={m.addToInventory}
          disabled={busy || asking === undefined}
        />
      }
    >
      <div className="card-detail-modal">
        <CardImage
          src={printing.image_uris.normal ?? printing.image_uris.small}
          name={printing.name}
          width={180}
          height={251}
        />
        <div className="form">
          <p>
            <strong>{printing.set_name}</strong> <span className="muted">({printing.set.toUpperCase()})</span>
          </p>
          {both ? (
            <label className="checkbox">
              <input type="checkbox" checked={foil} onChange={(e) => setFoil(e.target.checked)} /> Foil
            </label>
          ) : (
            <p className="muted">{printing.foil ? m.foilOnly : m.nonfoilOnly}</p>
          )}
          <label>
            Quality
            <select value={quality} onChange={(e) => setQuality(e.target.value as Quality)}>
              {qualities.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
          </label>
          <label>
            Language
            <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
              {languages.map((l) => (
                <option key={l} value={l}>
                  {languageNames[l]}
                </option>
              ))}
            </select>
          </label>
          <div className="checkbox-row">
            <label className="checkbox">
              <input type="checkbox" checked={signed} onChange={(e) => setSigned(e.target.checked)} /> Signed
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={altered} onChange={(e) => setAltered(e.target.checked)} /> Altered
            </label>
          </div>
          <label>
            Quantity
            <input type="number" min={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          </label>
          <LocationField value={location} onChange={setLocation} />
          {canPrice && (
            <>
              <label>
                {m.askingPrice}
                <input
                  type="text"
                  inputMode="decimal"
                  aria-invalid={asking === undefined}
                  aria-describedby="add-asking-price-hint"
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                />
              </label>
              <p id="add-asking-price-hint" className={asking === undefined ? 'text-error' : 'muted'}>
                {asking === undefined ? m.askingPriceInvalid : m.askingPriceHint}
              </p>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
