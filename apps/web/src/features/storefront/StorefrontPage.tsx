import {
  PRODUCT_NAME,
  storefrontMessages as storefront,
  timings,
  type Finish,
  type Language,
  type Quality,
} from '@cardstock/contract';
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { CardImage } from '../../components/CardImage.tsx';
import { FlagTags } from '../../components/FlagTags.tsx';
import { LanguageTag } from '../../components/LanguageTag.tsx';
import { PublicPageError, publicShopPage } from '../../lib/public-api.ts';
import { ManaCost } from '../../components/ManaCost.tsx';
import { finishName } from '../inventory/finish-label.ts';
import { cardProduct } from './cart.ts';
import { AddToCartButton, CartButton } from './StorefrontCart.tsx';
import { StorefrontSealed, useShopSealed } from './StorefrontSealed.tsx';
import { pageParam, priceText, requestedPage, scryfallPrintingUrl, shopTitle, stockText } from './storefront-view.ts';
import './storefront.css';

/** A card on the public page, as POST /api/public/shop/inventory sends it (ZPublicInventoryItem). */
interface ShopCard {
  id: number;
  card_name: string;
  card_scryfallid: string;
  image_url: string | null;
  card_manaCost: string | null;
  card_setCode: string;
  price: number | null;
  inv_quantity: number;
  inv_finish: Finish;
  /** Missing from servers older than the storefront search: not shown. */
  inv_quality?: Quality;
  /** Missing from servers older than languages: English. */
  inv_language?: Language;
  /** Missing from servers older than the flags: unflagged. */
  inv_signed?: boolean;
  inv_altered?: boolean;
}

/** One page of a shop (ZPublicInventoryResponse); fields are optional until the inventory check. */
interface ShopPage {
  shop_name?: string;
  shop_info?: { shop_description?: string };
  inventory?: ShopCard[];
  total_pages?: number;
  page?: number;
  message?: string;
  /** Whether the shop takes online reservations: Add to cart and the cart show only then. */
  reservations_enabled?: boolean;
  reservation_hold_hours?: number;
}

type LoadedPage = ShopPage & { inventory: ShopCard[] };

/** Loads one page of a shop's public inventory; errors carry the spec's texts (spec 001 §8). */
async function loadShop(subdomain: string, page: string, signal: AbortSignal): Promise<LoadedPage> {
  let data: ShopPage | undefined;
  try {
    data = (await publicShopPage({ subdomain, page }, signal)) as ShopPage | undefined;
  } catch (err) {
    throw new Error(
      err instanceof PublicPageError ? storefront.httpError(err.status, err.statusText) : storefront.loadFailed,
    );
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
  loading: boolean;
}

/**
 * One page of a shop, loaded whenever the subdomain or the query string
 * changes (spec 001 §2.7); the cards on screen stay while the next page
 * loads. The page the document brought is used instead of a first call.
 */
function useShopPage(subdomain: string | undefined, page: string, search: string): ShopPageState {
  const key = `${subdomain ?? ''}|${search}`;
  const [state, setState] = useState<ShopPageState>(() => {
    const inlined = takeInlinedPage();
    return inlined && String(inlined.page) === page
      ? { key, data: inlined, loading: false }
      : { loading: Boolean(subdomain) };
  });
  const loadedKey = useRef(state.key);
  useEffect(() => {
    if (!subdomain || loadedKey.current === key) return;
    const controller = new AbortController();
    setState((prev) => ({ ...prev, error: undefined, loading: true }));
    loadShop(subdomain, page, controller.signal).then(
      (data) => {
        loadedKey.current = key;
        setState({ key, data, loading: false });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        loadedKey.current = key;
        setState((prev) => ({ ...prev, key, error: err instanceof Error ? err.message : String(err), loading: false }));
      },
    );
    return () => controller.abort();
  }, [subdomain, page, key]);
  return state;
}

export interface StorefrontPageProps {
  /** The shop: the route's parameter, else the host's first label (spec 001 §2.7). */
  subdomain: string | undefined;
  /** The address's query string, without `?`: `page` is read from it, and any change reloads. */
  search: string;
  /** Puts `page` into the address's query string. */
  onPageChange: (page: number) => void;
}

/**
 * The public shop page, at /shop/{subdomain} or in storefront mode (spec 001
 * §2.7). It knows no router: the storefront's own entry and the app's router
 * each tell it the subdomain and query string, and how to change the page.
 */
export function StorefrontPage({ subdomain, search, onPageChange }: StorefrontPageProps) {
  const page = pageParam(new URLSearchParams(search).get('page'));
  const shop = useShopPage(subdomain, page, search);
  // A served document holds the banner already drawn (storefront-document.ts): hydration draws exactly that, so
  // React adopts the painted elements instead of drawing them again, and the cards follow in the next render.
  const bannerOnly = useHydrating();
  const sealed = useShopSealed(subdomain);
  // The shop's cart, when it takes reservations: the subdomain it is kept under, and how long the shop holds it.
  const cartShop = shop.data?.reservations_enabled && subdomain ? subdomain : undefined;
  const holdHours = shop.data?.reservation_hold_hours ?? 48;

  const name = shopTitle(shop.data?.shop_name, subdomain);
  const description = shop.data?.shop_info?.shop_description || undefined;
  useShopHead(shop.data && !shop.error ? name : undefined, description);

  const scrollTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);
  const goTo = (next: number) => {
    onPageChange(next);
    window.clearTimeout(scrollTimer.current);
    scrollTimer.current = window.setTimeout(() => window.scrollTo({ top: 0 }), timings.storefrontScrollDelayMs);
  };

  const error = !subdomain ? storefront.noSubdomain : shop.error;
  return (
    <div className="storefront">
      {error ? (
        <div className="storefront-error" role="alert">
          <h1>{storefront.notFoundTitle}</h1>
          <p>{error}</p>
        </div>
      ) : !shop.data ? (
        <p className="loading">Loading...</p>
      ) : (
        <>
          <ShopBanner name={name} description={description} />
          {!bannerOnly && cartShop && <CartButton subdomain={cartShop} holdHours={holdHours} />}
          {!bannerOnly && (
            <div className="storefront-main" aria-busy={shop.loading}>
              {shop.data.inventory.length === 0 && sealed.length === 0 ? (
                <div className="storefront-empty">
                  <h2>{storefront.emptyTitle}</h2>
                  <p>{storefront.emptyText}</p>
                </div>
              ) : shop.data.inventory.length === 0 ? null : (
                <ul className="storefront-grid" aria-label="Cards">
                  {shop.data.inventory.map((card, i) => (
                    <ShopCardTile key={card.id} card={card} index={i} cartShop={cartShop} />
                  ))}
                </ul>
              )}
              {(shop.data.total_pages ?? 1) > 1 && (
                <ShopPagination page={shop.data.page ?? 1} totalPages={shop.data.total_pages ?? 1} onChange={goTo} />
              )}
              {sealed.length > 0 && <StorefrontSealed sealed={sealed} cartShop={cartShop} />}
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
        <span className={`badge storefront-finish finish-${card.inv_finish}`}>{finishName[card.inv_finish]}</span>
      </div>
      {cartShop && (
        <div className="storefront-card-cart">
          <AddToCartButton subdomain={cartShop} product={cardProduct(card)} />
        </div>
      )}
    </li>
  );
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
