import { messages, roleAllows, timings } from '@cardstock/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { ApiError, call, errorText, NetworkError } from '../../lib/api.ts';
import { authToken, hasAuthToken, shopName, userRole } from '../../lib/session.ts';
import { useShopEvents } from '../../lib/use-shop-events.ts';
import { useTitle } from '../../lib/use-title.ts';
import {
  addToCart,
  cartTotal,
  hitKey,
  noOrderNumber,
  orderItems,
  orderNumberOf,
  placingAttempt,
  removeFromCart,
  sealedHit,
  type CartItem,
  type InventoryHit,
  type PlacingAttempt,
} from './cart.ts';
import { CreditPayment, creditPayment, noCreditChoice, type CreditChoice } from '../customers/index.ts';
import { OrderingCard } from './OrderingCard.tsx';
import { CartJumpButton, OrderingCart, type PlacingState } from './OrderingCart.tsx';
import { OrderingSearch } from './OrderingSearch.tsx';
import './OrderingPage.css';

const m = messages.ordering;

/** The shop's inventory rows matching `q` ('*' for all); a failure is only logged (spec 001 §8). */
async function searchInventory(
  q: string,
  deviceToken: string | undefined,
): Promise<{ hits: InventoryHit[]; total: number }> {
  try {
    const answer = await call('search', { body: { q, scope: 'shop' }, token: deviceToken });
    return answer.data;
  } catch (err) {
    console.error(q === '*' ? 'Loading the inventory failed' : 'Search failed', err);
    throw err;
  }
}

/** The shop's sealed products matching `filter` ('' for all) as grid tiles; a failure is only logged. */
async function searchSealed(filter: string, deviceToken: string | undefined): Promise<InventoryHit[]> {
  try {
    const answer = await call('sealedList', { body: { page: '1', filter }, token: deviceToken });
    return answer.sealed.map(sealedHit);
  } catch (err) {
    console.error('Loading the sealed products failed', err);
    throw err;
  }
}

/** The staff ordering screen (spec 001 §2.5): needs both the auth_token and the shopname cookies. */
export function OrderingPage() {
  const shop = shopName();
  if (!hasAuthToken() || !shop) return <Navigate to="/login" replace />;
  return (
    <OrderingScreen
      // A Watcher sees the stock but places no order (the server refuses it too): no controls to meet a 403 with.
      browseOnly={!roleAllows(userRole(), 'orders:place')}
      header={
        <header className="page-header">
          <div>
            <p className="eyebrow">Ordering System</p>
            <h1>{shop}</h1>
          </div>
          <Link to="/dashboard" className="btn">
            {messages.common.backToDashboard}
          </Link>
        </header>
      }
    />
  );
}

/** A refusal after which the caller cannot go on here: its token is refused (401), or its shop is suspended. */
const stopsTheScreen = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.status === 401 || err.code === 'SHOP_SUSPENDED');

interface OrderingScreenProps {
  /** A paired tablet's device token (the kiosk); without it the screen calls with the staff session. */
  deviceToken?: string;
  /** The heading row above the grid. */
  header: ReactNode;
  /** The tab title. */
  title?: string;
  /** A customer's tablet: bigger touch targets and quantity steppers (styled by the kiosk's own CSS). */
  touch?: boolean;
  /** The order went through; the kiosk shows its callout screen. The cart shows the number either way. */
  onPlaced?: (orderNumber: string) => void;
  /**
   * A call was refused in a way no retry here mends (a removed tablet's 401, a suspended shop): the caller leaves
   * the screen and says why. Without it, the screen just shows the error.
   */
  onRefused?: (err: ApiError) => void;
  /** The caller may look but not order: no add controls and no cart, a sentence saying so instead. */
  browseOnly?: boolean;
}

/**
 * The ordering screen itself (spec 001 §2.5, §4, §5): inventory grid with
 * search, cart with the stock rules, Place Order with an Idempotency-Key.
 * The staff page and the customer kiosk both run it, each with its own token.
 */
export function OrderingScreen({
  deviceToken,
  header,
  title = 'Ordering System',
  touch = false,
  onPlaced,
  onRefused,
  browseOnly = false,
}: OrderingScreenProps) {
  useTitle(title);
  const [text, setText] = useState('');
  /** The text last searched; undefined while browsing the whole inventory. */
  const [searched, setSearched] = useState<string>();
  const [cart, setCart] = useState<CartItem[]>([]);
  const [placing, setPlacing] = useState<PlacingState>({ kind: 'idle' });
  const attempt = useRef<PlacingAttempt | undefined>(undefined);
  const cartPanel = useRef<HTMLElement>(null);
  // Staff at the counter may put the order on a customer and pay with their store credit; a tablet never does.
  const staffPays = !deviceToken && roleAllows(userRole(), 'customers:view');
  const [payer, setPayer] = useState<CreditChoice>(noCreditChoice);
  const queries = useQueryClient();

  // Browsing refreshes every 5 s; anything in the search box pauses it (spec 001 §4).
  const browsing = text.trim() === '';
  // The caller's token is part of the key: a tablet paired again with another shop (or staff signed in
  // to another) never sees the old shop's rows.
  const caller = deviceToken ?? authToken();
  const inventory = useQuery({
    queryKey: ['ordering', caller, 'inventory'],
    queryFn: () => searchInventory('*', deviceToken),
    refetchInterval: browsing ? timings.orderingRefreshMs : false,
    retry: false,
  });
  const results = useQuery({
    queryKey: ['ordering', caller, 'search', searched],
    queryFn: () => searchInventory(searched ?? '*', deviceToken),
    enabled: searched !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

  // Sealed products sell beside the singles: the same grid, the same cart, the same search box.
  const sealedFilter = searched ?? '';
  const sealed = useQuery({
    queryKey: ['ordering', caller, 'sealed', sealedFilter],
    queryFn: () => searchSealed(sealedFilter, deviceToken),
    refetchInterval: browsing ? timings.orderingRefreshMs : false,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const { refetch: reloadInventory } = inventory;
  const { refetch: reloadSealed } = sealed;
  const { refetch: reloadResults } = results;
  // Stock sold or added anywhere shows within a second while browsing (issue 41); the 5 s refresh stays the fallback,
  // and a search is left as it is, as the refresh leaves it.
  useShopEvents(
    ['stock.changed'],
    () => {
      if (!browsing) return;
      void reloadInventory();
      void reloadSealed();
    },
    caller !== undefined,
    deviceToken,
  );
  const searching = searched !== undefined;
  const current = searching ? results : inventory;
  const hits = [...(current.data?.hits ?? []), ...(sealed.data ?? [])];
  const total = current.data?.total ?? 0;
  const inCart = new Map(cart.map((line) => [line.key, line.quantity]));

  const refused = [inventory.error, results.error, sealed.error].find(stopsTheScreen);
  useEffect(() => {
    if (refused && onRefused) onRefused(refused);
  }, [refused, onRefused]);

  function changeText(next: string) {
    setText(next);
    if (next.trim() === '' && !browsing) {
      // Clearing the box returns to the inventory and reloads it at once.
      setSearched(undefined);
      void reloadInventory();
    }
  }

  function add(hit: InventoryHit, quantity: number): boolean {
    const result = addToCart(cart, hit, quantity);
    if (!result.ok) {
      window.alert(result.alert);
      return false;
    }
    setCart(result.cart);
    setPlacing({ kind: 'idle' });
    return true;
  }

  async function place() {
    if (cart.length === 0) {
      window.alert(m.cartEmpty);
      return;
    }
    const sent = cart;
    const payment = creditPayment(payer, cartTotal(sent));
    if (payment === undefined) {
      setPlacing({ kind: 'failed', message: messages.customers.screen.creditInvalid });
      return;
    }
    attempt.current = placingAttempt(attempt.current, sent, () => crypto.randomUUID());
    setPlacing({ kind: 'placing' });
    try {
      const answer = await call(
        'placeOrder',
        {
          body: { items: orderItems(sent), ...payment },
          headers: { 'Idempotency-Key': attempt.current.key },
          token: deviceToken,
        },
        m.failed,
      );
      attempt.current = undefined;
      const orderNumber = orderNumberOf(answer) ?? noOrderNumber;
      setCart([]);
      setPlacing({ kind: 'placed', orderNumber });
      if (payer.customer) {
        setPayer(noCreditChoice);
        void queries.invalidateQueries({ queryKey: ['customers'] });
        void queries.invalidateQueries({ queryKey: ['customer'] });
      }
      void reloadInventory();
      void reloadSealed();
      if (searching) void reloadResults();
      onPlaced?.(orderNumber);
    } catch (err) {
      // After a network error the order may have gone through: a retry of this cart keeps the key.
      if (!(err instanceof NetworkError)) attempt.current = undefined;
      if (stopsTheScreen(err) && onRefused) {
        onRefused(err);
        return;
      }
      setPlacing({ kind: 'failed', message: errorText(err, m.network, m.failed) });
    }
  }

  return (
    <section className={touch ? 'page ordering-page is-touch' : 'page ordering-page'}>
      {header}
      <div className="ordering-layout">
        <div className="ordering-main">
          <OrderingSearch
            deviceToken={deviceToken}
            caller={caller}
            value={text}
            onChange={changeText}
            onSearch={(q) => setSearched(q.trim())}
          />
          {current.isPending && !current.data ? (
            <p className="muted">{messages.common.loading}</p>
          ) : searching && results.error instanceof ApiError && results.error.status === 400 ? (
            // A search the server refused (a term it does not know, issue 38): its words, naming what it knows.
            <p className="text-error ordering-empty" role="alert">
              {results.error.message}
            </p>
          ) : hits.length === 0 ? (
            <p className="muted ordering-empty">{searching ? m.noResults : m.noInventory}</p>
          ) : (
            <div className="ordering-grid" aria-label={searching ? 'Search results' : 'Inventory'} role="region">
              {hits.map((hit) => (
                <OrderingCard
                  key={hit.id}
                  hit={hit}
                  inCart={inCart.get(hitKey(hit)) ?? 0}
                  disabled={placing.kind === 'placing'}
                  touch={touch}
                  onAdd={browseOnly ? undefined : add}
                />
              ))}
            </div>
          )}
          {total > (current.data?.hits.length ?? 0) && (
            <p className="muted">
              Showing the first {current.data?.hits.length ?? 0} of {total} {searching ? 'matches' : 'inventory rows'}:
              search to find the others.
            </p>
          )}
        </div>
        {browseOnly ? (
          <aside className="ordering-cart card">
            <p className="muted">{m.browseOnly}</p>
          </aside>
        ) : (
          <OrderingCart
            ref={cartPanel}
            cart={cart}
            placing={placing}
            onRemove={(key) => setCart((now) => removeFromCart(now, key))}
            onPlace={() => void place()}
            payment={
              staffPays ? (
                <CreditPayment
                  choice={payer}
                  total={cartTotal(cart)}
                  disabled={placing.kind === 'placing'}
                  onChange={(next) => {
                    // Another customer or amount is another request: it gets its own Idempotency-Key.
                    attempt.current = undefined;
                    setPayer(next);
                  }}
                />
              ) : undefined
            }
          />
        )}
      </div>
      {!browseOnly && <CartJumpButton cart={cart} target={cartPanel} />}
    </section>
  );
}
