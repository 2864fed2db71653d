import { messages, readScanCode } from '@cardstock/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, call, errorText } from '../../lib/api.ts';
import { FlagTags } from '../../components/FlagTags.tsx';
import { formatPrice, lineDetails, sealedHit, type InventoryHit } from '../orders/index.ts';

interface RegisterFinderProps {
  /** Adds one copy of a row to the sale; false (with the reason shown by the caller) when it cannot. */
  onAdd: (hit: InventoryHit) => boolean;
  disabled?: boolean;
}

type Found =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'hits'; text: string; hits: InventoryHit[]; total: number }
  | { kind: 'failed'; message: string };

/**
 * What a scanned code names, as rows the sale can take: a sealed product, or a printing's rows in stock; no rows and
 * a sentence saying so when there is nothing to add (a product sold out, a printing the shop has none of).
 */
async function lookUp(code: string): Promise<{ hits: InventoryHit[]; none?: string }> {
  const found = await call('registerLookup', { body: { code } });
  const hits = found.kind === 'sealed' ? found.matches.map(sealedHit) : found.matches;
  return hits.length > 0 ? { hits } : { hits, none: `${found.name} is not in stock.` };
}

/** The shop's rows and sealed products matching `q`: what the ordering screen's search finds. */
async function searchShop(q: string): Promise<{ hits: InventoryHit[]; total: number }> {
  const [cards, sealed] = await Promise.all([
    call('search', { body: { q, scope: 'shop' } }),
    call('sealedList', { body: { page: '1', filter: q } }),
  ]);
  const products = sealed.sealed.map(sealedHit);
  return { hits: [...cards.data.hits, ...products], total: cards.data.total + products.length };
}

/**
 * The Register's one input: what a barcode scanner types (a code and Enter) or a name to search. Enter searches the
 * shop's stock; a search with one row in stock adds it at once, several are listed to pick from (each with its stock
 * and price). The focus stays in the input, so the next scan needs no click.
 */
export function RegisterFinder({ onAdd, disabled }: RegisterFinderProps) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  function add(hit: InventoryHit) {
    if (onAdd(hit)) input.current?.focus();
  }

  async function find(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setFound({ kind: 'busy' });
    try {
      // A scanner types a code and Enter: a UPC/EAN, "MH3 241" or a Scryfall id finds its rows; anything else searches.
      const code = readScanCode(q);
      // A set and number that names no printing may still be words of a name ("Lotus 2"): searched as one.
      const scanned = code
        ? await lookUp(q).catch((err: unknown) => {
            if (code.kind === 'set_number' && err instanceof ApiError && err.code === 'UNKNOWN_CODE') return undefined;
            throw err;
          })
        : undefined;
      if (scanned) {
        if (scanned.none) {
          setFound({ kind: 'failed', message: scanned.none });
          input.current?.select();
          return;
        }
        if (scanned.hits.length > 1) {
          setFound({ kind: 'hits', text: q, hits: scanned.hits, total: scanned.hits.length });
          return;
        }
        setText('');
        setFound({ kind: 'idle' });
        add(scanned.hits[0]!);
        return;
      }
      const answer = await searchShop(q);
      const inStock = answer.hits.filter((h) => h.quantity > 0);
      if (inStock.length === 1) {
        // One row in stock: what a scan means. Added, and the box is ready for the next.
        setText('');
        setFound({ kind: 'idle' });
        add(inStock[0]!);
        return;
      }
      setFound({ kind: 'hits', text: q, hits: answer.hits, total: answer.total });
    } catch (err) {
      setFound({ kind: 'failed', message: errorText(err, messages.ordering.network, 'Search failed.') });
    }
    input.current?.select();
  }

  return (
    <div className="counter-finder">
      <form className="counter-scan" onSubmit={(e) => void find(e)} role="search">
        <label htmlFor="counter-scan-input">Scan or search</label>
        <div className="counter-scan-row">
          <input
            id="counter-scan-input"
            ref={input}
            type="search"
            autoFocus
            autoComplete="off"
            placeholder="Scan a barcode, or type a card’s name and press Enter"
            value={text}
            disabled={disabled}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn" disabled={disabled || found.kind === 'busy'}>
            {found.kind === 'busy' ? 'Searching…' : 'Find'}
          </button>
        </div>
      </form>
      {found.kind === 'failed' && (
        <p role="alert" className="text-error">
          {found.message}
        </p>
      )}
      {found.kind === 'hits' && (
        <section aria-label="Found in stock" className="counter-found">
          {found.hits.length === 0 ? (
            <p className="muted">Nothing in stock matches “{found.text}”.</p>
          ) : (
            <table className="table counter-found-table">
              <thead>
                <tr>
                  <th scope="col">Card</th>
                  <th scope="col">Printing</th>
                  <th scope="col" className="num">
                    In stock
                  </th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Add</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.hits.map((hit) => (
                  <tr key={hit.id}>
                    <td>
                      {hit.name}
                      <FlagTags signed={hit.signed} altered={hit.altered} />
                    </td>
                    <td className="muted">{lineDetails({ ...hit, sealed: hit.sealed })}</td>
                    <td className="num">{hit.quantity}</td>
                    <td className="num">{formatPrice(hit.price)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={disabled || hit.quantity < 1 || hit.price === null}
                        aria-label={`Add ${hit.name} (${lineDetails({ ...hit, sealed: hit.sealed })})`}
                        onClick={() => add(hit)}
                      >
                        Add
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {found.total > found.hits.length && (
            <p className="muted">
              Showing the first {found.hits.length} of {found.total} matches: type more to narrow it down.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
