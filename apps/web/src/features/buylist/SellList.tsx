import {
  buylistMessages,
  type CardPrinting,
  type Customer,
  type Finish,
  finishNames,
  formatUsd,
  type Language,
  languageNames,
  languages,
  messages,
  type OfferLine,
  qualities,
  type Quality,
} from '@cardstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CustomerSearch } from '../../components/CustomerSearch.tsx';
import { ApiError, call, errorText, NetworkError } from '../../lib/api.ts';
import { CardFinder, printingFinishes } from './CardFinder.tsx';
import { customerProblem, draftKey, putLine, reasonText, sellItems, type SellDraftLine } from './buy-view.ts';
import { useSettled } from '../../lib/use-settled.ts';
import './buylist.css';

const m = buylistMessages.screen;

export interface Submitted {
  buy_number: string;
  callout: string;
}

interface SellListProps {
  /** A paired tablet's device token (the kiosk); without it the calls carry the staff session. */
  deviceToken?: string;
  /** A customer's tablet: bigger touch targets (styled by the kiosk's CSS). */
  touch?: boolean;
  onSubmitted: (answer: Submitted) => void;
  /** A refusal no retry mends (a removed tablet's 401, a suspended shop): the caller leaves the screen. */
  onRefused?: (err: ApiError) => void;
}

/** A printing found in the catalog as a new line: one NM English copy in its first finish. */
export function draftLineOf(p: CardPrinting): SellDraftLine {
  const finishes = printingFinishes(p);
  const line: SellDraftLine = {
    key: '',
    scryfall_id: p.id,
    card_name: p.name,
    set_code: p.set,
    set_name: p.set_name,
    collector_number: p.collector_number,
    image: p.image_uris.small ?? null,
    finishes,
    finish: finishes[0]!,
    quality: 'NM',
    language: 'en',
    quantity: 1,
  };
  return { ...line, key: draftKey(line) };
}

const stops = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.status === 401 || err.code === 'SHOP_SUSPENDED');

/**
 * A sell list (issue 25): cards found in the catalog, each line's printing, finish, condition, language and
 * copies, the shop's cash and credit offer per line and in total (asked again as the list changes), and the
 * seller's name with an e-mail or phone. Submitting sends an Idempotency-Key, kept while a retry may meet a list
 * the server already took. The kiosk's "Sell to us" and the Buylist screen's "New buy" both run it.
 */
export function SellList({ deviceToken, touch = false, onSubmitted, onRefused }: SellListProps) {
  const id = useId();
  const [lines, setLines] = useState<SellDraftLine[]>([]);
  const [customer, setCustomer] = useState({ name: '', email: '', phone: '' });
  /** Staff only: one of the shop's customers, picked instead of typing who sells. */
  const [known, setKnown] = useState<Customer>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; sent: string } | undefined>(undefined);

  const items = sellItems(lines);
  const settled = useSettled(items, 300);
  const offer = useQuery({
    queryKey: ['buy-offer', deviceToken ?? 'staff', JSON.stringify(settled)],
    queryFn: () => call('buylistOffer', { body: { items: settled }, token: deviceToken }),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (stops(offer.error) && onRefused) onRefused(offer.error);
  }, [offer.error, onRefused]);
  // The answer matches the list only when it was asked for this very list (lines in the order sent).
  const current = settled.length === items.length && JSON.stringify(settled) === JSON.stringify(items);
  const offers: (OfferLine | undefined)[] =
    current && offer.data && offer.data.data.items.length === lines.length ? offer.data.data.items : [];

  function add(p: CardPrinting) {
    setLines((now) => putLine(now, draftLineOf(p)));
    setProblem(undefined);
  }

  const change = (line: SellDraftLine, patch: Partial<SellDraftLine>) =>
    setLines((now) => putLine(now, { ...line, ...patch }, line.key));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (lines.length === 0) {
      setProblem(m.sellListEmpty);
      return;
    }
    const missing = known ? undefined : customerProblem(customer);
    if (missing) {
      setProblem(missing);
      return;
    }
    const body = known
      ? { items, customer_id: known.id }
      : { items, customer: { name: customer.name.trim(), email: customer.email.trim(), phone: customer.phone.trim() } };
    const sent = JSON.stringify(body);
    // A retry of the very same list keeps its key: after a lost answer the server may have taken it already.
    if (attempt.current?.sent !== sent) attempt.current = { key: crypto.randomUUID(), sent };
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call(
        'buylistSubmit',
        { body, headers: { 'Idempotency-Key': attempt.current.key }, token: deviceToken },
        m.submitFailed,
      );
      attempt.current = undefined;
      setLines([]);
      setCustomer({ name: '', email: '', phone: '' });
      setKnown(undefined);
      onSubmitted(answer);
    } catch (err) {
      if (!(err instanceof NetworkError)) attempt.current = undefined;
      if (stops(err) && onRefused) onRefused(err);
      else setProblem(errorText(err, m.network, m.submitFailed));
    } finally {
      setBusy(false);
    }
  }

  const totals = current && offer.data ? offer.data.data : undefined;

  return (
    <div className={touch ? 'sell-list is-touch' : 'sell-list'}>
      <div className="sell-list-find card">
        <CardFinder onPick={add} />
      </div>
      <form className="sell-list-main card" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`}>Sell list</h2>
        {lines.length === 0 ? (
          <p className="muted">{m.sellListEmpty}</p>
        ) : (
          <ul className="sell-lines" aria-label="Sell list lines">
            {lines.map((line, i) => (
              <SellLineRow
                key={line.key}
                line={line}
                offer={offers[i]}
                onChange={(patch) => change(line, patch)}
                onRemove={() => setLines((now) => now.filter((l) => l.key !== line.key))}
              />
            ))}
          </ul>
        )}
        {lines.length > 0 && (
          <div className="sell-totals" aria-live="polite">
            {offer.isError && !stops(offer.error) ? (
              <p className="text-error" role="alert">
                {errorText(offer.error, m.network, m.offerFailed)}
              </p>
            ) : totals ? (
              <>
                <p>
                  <span>Total in cash</span>{' '}
                  <strong data-testid="sell-total-cash">{formatUsd(totals.total_cash)}</strong>
                </p>
                <p>
                  <span>Total in store credit</span>{' '}
                  <strong data-testid="sell-total-credit">{formatUsd(totals.total_credit)}</strong>
                </p>
              </>
            ) : (
              <p className="muted">{m.offerLoading}</p>
            )}
          </div>
        )}
        <fieldset className="sell-customer">
          <legend>{m.customerHeading}</legend>
          {known ? (
            <div className="customer-picker-chosen">
              <span>
                <strong data-testid="sell-customer">{known.name}</strong>{' '}
                <span className="muted">{known.email || known.phone}</span>
              </span>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setKnown(undefined)}>
                {messages.customers.screen.pickerChange}
              </button>
            </div>
          ) : (
            <>
              {!deviceToken && (
                <CustomerSearch
                  label={m.knownCustomer}
                  onPick={(c) => {
                    setKnown(c);
                    setProblem(undefined);
                  }}
                />
              )}
              <p className="hint">{deviceToken ? m.customerHint : m.newCustomerHint}</p>
              <div className="form-grid">
                <label>
                  Name
                  <input
                    value={customer.name}
                    autoComplete="name"
                    maxLength={100}
                    onChange={(e) => setCustomer({ ...customer, name: e.target.value })}
                  />
                </label>
                <label>
                  E-mail
                  <input
                    type="email"
                    value={customer.email}
                    autoComplete="email"
                    maxLength={254}
                    onChange={(e) => setCustomer({ ...customer, email: e.target.value })}
                  />
                </label>
                <label>
                  Phone
                  <input
                    type="tel"
                    value={customer.phone}
                    autoComplete="tel"
                    maxLength={40}
                    onChange={(e) => setCustomer({ ...customer, phone: e.target.value })}
                  />
                </label>
              </div>
            </>
          )}
        </fieldset>
        {problem && (
          <p className="text-error" role="alert">
            {problem}
          </p>
        )}
        <button
          type="submit"
          className={touch ? 'btn btn-primary kiosk-big-button' : 'btn btn-primary'}
          disabled={busy}
        >
          {busy ? m.submitting : m.submit}
        </button>
      </form>
    </div>
  );
}

/** One line: the card, its finish, condition, language and copies, and what the shop offers for it. */
/** One line of a sell list: the printing, its finish, condition, language and copies, and the shop's offer. */
export function SellLineRow({
  line,
  offer,
  onChange,
  onRemove,
}: {
  line: SellDraftLine;
  offer: OfferLine | undefined;
  onChange: (patch: Partial<SellDraftLine>) => void;
  onRemove: () => void;
}) {
  const name = `${line.card_name} (${line.set_code.toUpperCase()} #${line.collector_number})`;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setQuantity(String(line.quantity));
  }
  const applyQuantity = (text: string) => {
    setQuantity(text);
    const n = Math.floor(Number(text));
    if (Number.isFinite(n) && n >= 1 && n <= 1000) onChange({ quantity: n });
  };
  return (
    <li className="sell-line" aria-label={name}>
      <div className="sell-line-card">
        <strong>{line.card_name}</strong>
        <span className="muted">
          {line.set_name} · {line.set_code.toUpperCase()} #{line.collector_number}
        </span>
      </div>
      <div className="sell-line-fields">
        <label>
          Finish
          <select
            value={line.finish}
            disabled={line.finishes.length < 2}
            onChange={(e) => onChange({ finish: e.target.value as Finish })}
          >
            {line.finishes.map((f) => (
              <option key={f} value={f}>
                {finishNames[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Condition
          <select value={line.quality} onChange={(e) => onChange({ quality: e.target.value as Quality })}>
            {qualities.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <label>
          Language
          <select value={line.language} onChange={(e) => onChange({ language: e.target.value as Language })}>
            {languages.map((l) => (
              <option key={l} value={l}>
                {languageNames[l]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Quantity
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={quantity}
            onChange={(e) => applyQuantity(e.target.value)}
            onBlur={() => setQuantity(String(line.quantity))}
          />
        </label>
      </div>
      <div className="sell-line-offer" aria-live="polite">
        {offer === undefined ? (
          <span className="muted">…</span>
        ) : offer.reason ? (
          <span className="sell-no-offer">{reasonText(offer.reason)}</span>
        ) : (
          <>
            <span>
              Cash <strong>{formatUsd(offer.cash)}</strong>
            </span>
            <span>
              Credit <strong>{formatUsd(offer.credit)}</strong>
            </span>
            <span className="muted">each</span>
            {offer.wanted < offer.quantity && <span className="sell-wanted">We buy {offer.wanted}</span>}
          </>
        )}
      </div>
      <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
