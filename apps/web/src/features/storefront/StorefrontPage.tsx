import {
  finishNames,
  PRODUCT_NAME,
  storefrontMessages as storefront,
  timings,
  type PublicInventoryItem,
  type PublicInventoryPage,
} from '@cardstock/contract';
import {
  lazy,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FormEvent,
} from 'react';
import { CardImage } from '../../components/CardImage.tsx';
import { FlagTags } from '../../components/FlagTags.tsx';
import { LanguageTag } from '../../components/LanguageTag.tsx';
import { ApiError } from '../../lib/http.ts';
import { publicShopPage } from '../../lib/public-api.ts';
import { ManaCost } from '../../components/ManaCost.tsx';
import { cardProduct } from './cart.ts';
import { AddToCartButton, CartButton } from './StorefrontCart.tsx';
import { StorefrontSearch } from './StorefrontSearch.tsx';
import { useShopSealed } from './use-shop-sealed.ts';
import { addressOf, searchOf, type StorefrontAddress } from './storefront-search.ts';
import { priceText, requestedPage, scryfallPrintingUrl, shopTitle, stockText } from './storefront-view.ts';
import './storefront.css';

/** A card on the public page, as POST /api/public/shop/inventory sends it: what the cart reads, and the picture. */
type ShopCard = PublicInventoryItem;

/** One page of a shop (the contract's answer); fields are optional until the inventory check. */
type ShopPage = Partial<PublicInventoryPage>;

/** The Sealed section (a chunk of its own): loaded when the shop has sealed products in stock, after its call. */
const StorefrontSealed = lazy(() => import('./StorefrontSealed.tsx').then((m) => ({ default: m.StorefrontSealed })));

type LoadedPage = ShopPage & { inventory: ShopCard[] };

/** A search the server refused (a 400: a bad term), with its sentence; the shop itself is fine. */
class SearchRefused extends Error {}

/**
 * Loads one page of a shop's public inventory for a search; errors carry the spec's texts (spec 001 §8), and a
 * refused search the server's sentence.
 */
async function loadShop(subdomain: string, address: StorefrontAddress, signal: AbortSignal): Promise<LoadedPage> {
  let data: ShopPage | undefined;
  try {
    const { q, sort, page } = address;
    // The spec's two fields alone for the plain list; the search and order only when asked for.
    const body = { subdomain, page: String(page), ...(q ? { q } : {}), ...(sort !== 'name' ? { sort } : {}) };
    data = await publicShopPage(body, signal);
  } catch (err) {
    // The refusal's message is the server's sentence, or empty when it sent none.
    if (err instanceof ApiError && err.status === 400 && err.message)
      throw new SearchRefused(storefront.searchFailed(err.message));
    throw new Error(err instanceof ApiError ? storefront.httpError(err.status, err.statusText) : storefront.loadFailed);
  }
  // A 2xx answer that is not JSON.
  if (!data) throw new Error(storefront.loadFailed);
  if (!Array.isArray(data.inventory)) throw new Error(data.message ?? storefront.noData);
  return { ...data, inventory: data.inventory };
}

/**
 * The page of cards the server put into the document (element
 * `storefront-data`), taken once: it spares the first paint a round trip.
 * Later visits to the same page load it like any other.
 */
function takeInlinedPage(): LoadedPage | undefined {
  const element = document.getElementById('storefront-data');
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as ShopPage;
    return Array.isArray(data.inventory) ? { ...data, inventory: data.inventory } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sets the tab title to "{shop} — Cardstock" and the meta description to the
 * shop's own, putting the app's description back when the page goes away.
 */
function useShopHead(name: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (name) document.title = `${name} — ${PRODUCT_NAME}`;
  }, [name]);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !description) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}

interface ShopPageState {
  /** What `data` was loaded for (subdomain, page and query string); undefined while nothing is. */
  key?: string;
  data?: LoadedPage;
  error?: string;
  /** Why the server refused the search asked for (the shop is fine: the search box stays). */
  searchError?: string;
  loading: boolean;
}

/**
 * One page of a shop, loaded whenever the subdomain or the query string
 * changes (spec 001 §2.7); the cards on screen stay while the next page
 * loads. The page the document brought is used instead of a first call.
 */
function useShopPage(subdomain: string | undefined, address: StorefrontAddress): ShopPageState {
  const key = `${subdomain ?? ''}|${searchOf(address)}`;
  const [state, setState] = useState<ShopPageState>(() => {
    // The document inlines the page its address asks for (storefront-document.ts), read the same way as here.
    const inlined = takeInlinedPage();
    return inlined && inlined.page === address.page
      ? { key, data: inlined, loading: false }
      : { loading: Boolean(subdomain) };
  });
  const loadedKey = useRef(state.key);
  const { q, sort, page } = address;
  useEffect(() => {
    if (!subdomain || loadedKey.current === key) return;
    const controller = new AbortController();
    setState((prev) => ({ ...prev, error: undefined, searchError: undefined, loading: true }));
    loadShop(subdomain, { q, sort, page }, controller.signal).then(
      (data) => {
        loadedKey.current = key;
        setState({ key, data, loading: false });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        loadedKey.current = key;
        const message = err instanceof Error ? err.message : String(err);
        setState((prev) =>
          err instanceof SearchRefused
            ? { ...prev, key, searchError: message, loading: false }
            : { ...prev, key, error: message, loading: false },
        );
      },
    );
    return () => controller.abort();
  }, [subdomain, key, q, sort, page]);
  return state;
}

export interface StorefrontPageProps {
  /** The shop: the route's parameter, else the host's first label (spec 001 §2.7). */
  subdomain: string | undefined;
  /** The address's query string, without `?`: `q`, `sort` and `page` are read from it, and any change reloads. */
  search: string;
  /** Puts a new query string (without `?`) into the address, as a new history entry. */
  onSearchChange: (search: string) => void;
}

/**
 * The public shop page, at /shop/{subdomain} or in storefront mode (spec 001
 * §2.7). It knows no router: the storefront's own entry and the app's router
 * each tell it the subdomain and query string, and how to change the page.
 */
export function StorefrontPage({ subdomain, search, onSearchChange }: StorefrontPageProps) {
  const address = addressOf(search);
  const shop = useShopPage(subdomain, address);
  // A served document holds the banner already drawn (storefront-document.ts): hydration draws exactly that, so
  // React adopts the painted elements instead of drawing them again, and the cards follow in a deferred render,
  // which React does in slices between which the browser may answer (a store's change would be one long task).
  const bannerOnly = useDeferredValue(useHydrating());
  const sealed = useShopSealed(subdomain);
  // The shop's cart, when it takes reservations: the subdomain it is kept under, and how long the shop holds it.
  const cartShop = shop.data?.reservations_enabled && subdomain ? subdomain : undefined;
  const holdHours = shop.data?.reservation_hold_hours ?? 48;

  const name = shopTitle(shop.data?.shop_name, subdomain);
  const description = shop.data?.shop_info?.shop_description || undefined;
  useShopHead(shop.data && !shop.error ? name : undefined, description);

  const scrollTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);
  const navigate = (next: StorefrontAddress) => {
    const nextSearch = searchOf(next, search);
    if (nextSearch !== search) onSearchChange(nextSearch);
  };
  const goTo = (next: number) => {
    navigate({ ...address, page: next });
    window.clearTimeout(scrollTimer.current);
    scrollTimer.current = window.setTimeout(() => window.scrollTo({ top: 0 }), timings.storefrontScrollDelayMs);
  };

  const error = !subdomain ? storefront.noSubdomain : shop.error;
  const clearSearch = () => navigate({ q: '', sort: address.sort, page: 1 });
  return (
    <div className="storefront">
      {error ? (
        <div className="storefront-error" role="alert">
          <h1>{storefront.notFoundTitle}</h1>
          <p>{error}</p>
        </div>
      ) : !shop.data && !shop.searchError ? (
        <p className="loading">Loading...</p>
      ) : (
        <>
          <ShopBanner name={name} description={description} />
          {!bannerOnly && cartShop && <CartButton subdomain={cartShop} holdHours={holdHours} />}
          {!bannerOnly && subdomain && (
            <p className="storefront-links">
              <a href={buylistHref(subdomain)}>{storefront.weBuyLink}</a>
            </p>
          )}
          {!bannerOnly && (
            <div className="storefront-main" aria-busy={shop.loading}>
              <StorefrontSearch
                address={address}
                total={shop.searchError || shop.loading ? undefined : shop.data?.total}
                onChange={navigate}
              />
              {shop.searchError || !shop.data ? (
                <div className="storefront-empty" role="alert">
                  <p>{shop.searchError}</p>
                  <button type="button" className="btn" onClick={clearSearch}>
                    {storefront.clearSearch}
                  </button>
                </div>
              ) : shop.data.inventory.length === 0 && address.q ? (
                <div className="storefront-empty">
                  <h2>{storefront.noMatchTitle(address.q)}</h2>
                  <p>{storefront.noMatchText}</p>
                  <button type="button" className="btn" onClick={clearSearch}>
                    {storefront.clearSearch}
                  </button>
                </div>
              ) : shop.data.inventory.length === 0 && sealed.length === 0 ? (
                <div className="storefront-empty">
                  <h2>{storefront.emptyTitle}</h2>
                  <p>{storefront.emptyText}</p>
                </div>
              ) : shop.data.inventory.length === 0 ? null : (
                <ul className="storefront-grid" aria-label="Cards">
                  <ShopCardTiles cards={shop.data.inventory} cartShop={cartShop} />
                </ul>
              )}
              {shop.data && !shop.searchError && (shop.data.total_pages ?? 1) > 1 && (
                <ShopPagination page={shop.data.page ?? 1} totalPages={shop.data.total_pages ?? 1} onChange={goTo} />
              )}
              {sealed.length > 0 && (
                <Suspense fallback={null}>
                  <StorefrontSealed sealed={sealed} cartShop={cartShop} />
                </Suspense>
              )}
            </div>
          )}
        </>
      )}
      {!bannerOnly && (
        <footer className="storefront-footer">
          {storefront.poweredBy} <a href="/">{PRODUCT_NAME}</a>
        </footer>
      )}
    </div>
  );
}

/** The shop's "We buy" page: beside the shop's own address (/shop/{subdomain}/buylist, or /buylist on its host). */
const buylistHref = (subdomain: string) =>
  window.location.pathname.startsWith('/shop/') ? `/shop/${encodeURIComponent(subdomain)}/buylist` : '/buylist';

const noSubscription = () => () => {};

/** True while React hydrates markup the server drew, then false; false from the start when nothing is hydrated. */
const useHydrating = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/** The shop's name and description over the cards. */
function ShopBanner({ name, description }: { name: string; description: string | undefined }) {
  return (
    <header className="storefront-banner">
      <h1>{name}</h1>
      {description && <p>{description}</p>}
    </header>
  );
}

/** One card of the grid; it fades in 30 ms after the one before it (spec 001 §9). Add to cart when the shop takes reservations. */
function ShopCardTile({ card, index, cartShop }: { card: ShopCard; index: number; cartShop: string | undefined }) {
  const stock = stockText(card.inv_quantity);
  const style = { '--fade-delay': `${index * timings.storefrontFadeStaggerMs}ms` } as CSSProperties;
  return (
    <li className="storefront-card" style={style}>
      <CardImage src={card.image_url} name={card.card_name} className="storefront-card-image" />
      <div className="storefront-card-body">
        <h3 className="storefront-card-name">
          <a href={scryfallPrintingUrl(card.card_name, card.card_setCode)} target="_blank" rel="noopener noreferrer">
            {card.card_name}
          </a>
        </h3>
        <div className="storefront-card-meta">
          <ManaCost cost={card.card_manaCost} />
          <span className="storefront-set">
            {card.card_setCode.toUpperCase()}
            <LanguageTag language={card.inv_language ?? 'en'} />
            <FlagTags signed={card.inv_signed} altered={card.inv_altered} />
          </span>
        </div>
        <div className="storefront-card-meta">
          <span className={card.price === null ? 'storefront-price storefront-no-price' : 'storefront-price'}>
            {priceText(card.price)}
          </span>
          <span className={stock.inStock ? 'storefront-stock in-stock' : 'storefront-stock out-of-stock'}>
            {stock.text}
          </span>
        </div>
        <span className="storefront-badges">
          <span className={`badge storefront-finish finish-${card.inv_finish}`}>{finishNames[card.inv_finish]}</span>
          {card.inv_quality && (
            <span className="badge storefront-quality" title={storefront.conditionNames[card.inv_quality]}>
              {card.inv_quality}
            </span>
          )}
        </span>
      </div>
      {cartShop && (
        <div className="storefront-card-cart">
          <AddToCartButton subdomain={cartShop} product={cardProduct(card)} />
        </div>
      )}
    </li>
  );
}

/** Cards drawn in one go: more than a screen holds, so what is drawn later is below the fold. */
const CARD_BATCH = 12;

/**
 * The page's cards, drawn a batch at a time: the first batch at once, each next one in a transition after the one
 * before is on screen. A page of 60 cards is about 1,500 elements: drawn in one commit, it and the style and layout
 * that follow were the page's longest task (Lighthouse's Total Blocking Time); in batches, the browser answers between them.
 */
function ShopCardTiles({ cards, cartShop }: { cards: ShopCard[]; cartShop: string | undefined }) {
  const [drawn, setDrawn] = useState({ cards, count: CARD_BATCH });
  // Another page of cards starts again from the first batch, during render as React advises.
  if (drawn.cards !== cards) setDrawn({ cards, count: CARD_BATCH });
  const count = drawn.cards === cards ? drawn.count : CARD_BATCH;
  useEffect(() => {
    if (count < cards.length) startTransition(() => setDrawn({ cards, count: count + CARD_BATCH }));
  }, [cards, count]);
  return cards
    .slice(0, count)
    .map((card, i) => <ShopCardTile key={card.id} card={card} index={i} cartShop={cartShop} />);
}

/**
 * Previous, a page box with Go (Enter submits too) and Next. Go acts only on a
 * whole number from 1 to the last page that is not the current page.
 */
function ShopPagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  const [text, setText] = useState(String(page));
  // A page change from Previous, Next or the address bar resets the box, during render as React advises.
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setText(String(page));
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = requestedPage(text, page, totalPages);
    if (next !== undefined) onChange(next);
  };

  return (
    <nav className="storefront-pagination" aria-label="Pages">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      <form className="storefront-page-form" onSubmit={submit}>
        <label>
          <span>Page</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={totalPages}
            value={text}
            aria-label="Page number"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <span>of {totalPages}</span>
        <button type="submit" className="btn">
          Go
        </button>
      </form>
      <button type="button" className="btn" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
