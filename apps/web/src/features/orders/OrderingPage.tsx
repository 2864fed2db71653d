import { messages, timings } from '@cardstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { call, errorText, NetworkError } from '../../lib/api.ts';
import { authToken, shopName } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import {
  addToCart,
  lineKey,
  noOrderNumber,
  orderItems,
  orderNumberOf,
  placingAttempt,
  removeFromCart,
  type CartItem,
  type InventoryHit,
  type PlacingAttempt,
} from './cart.ts';
import { OrderingCard } from './OrderingCard.tsx';
import { OrderingCart, type PlacingState } from './OrderingCart.tsx';
import { OrderingSearch } from './OrderingSearch.tsx';
import './OrderingPage.css';

const m = messages.ordering;

/** The shop's inventory rows matching `q` ('*' for all); a failure is only logged (spec 001 §8). */
async function searchInventory(q: string): Promise<{ hits: InventoryHit[]; total: number }> {
  try {
    const answer = await call('search', { body: { q, scope: 'shop', token: authToken() } });
    return answer.data;
  } catch (err) {
    console.error(q === '*' ? 'Loading the inventory failed' : 'Search failed', err);
    throw err;
  }
}

/** The staff ordering screen (spec 001 §2.5): needs both the auth_token and the shopname cookies. */
export function OrderingPage() {
  const shop = shopName();
  if (!authToken() || !shop) return <Navigate to="/login" replace />;
  return <OrderingScreen shop={shop} />;
}

function OrderingScreen({ shop }: { shop: string }) {
  useTitle('Ordering System');
  const [text, setText] = useState('');
  /** The text last searched; undefined while browsing the whole inventory. */
  const [searched, setSearched] = useState<string>();
  const [cart, setCart] = useState<CartItem[]>([]);
  const [placing, setPlacing] = useState<PlacingState>({ kind: 'idle' });
  const attempt = useRef<PlacingAttempt | undefined>(undefined);

  // Browsing refreshes every 5 s; anything in the search box pauses it (spec 001 §4).
  const browsing = text.trim() === '';
  const inventory = useQuery({
    queryKey: ['ordering', 'inventory'],
    queryFn: () => searchInventory('*'),
    refetchInterval: browsing ? timings.orderingRefreshMs : false,
    retry: false,
  });
  const results = useQuery({
    queryKey: ['ordering', 'search', searched],
    queryFn: () => searchInventory(searched ?? '*'),
    enabled: searched !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const searching = searched !== undefined;
  const current = searching ? results : inventory;
  const hits = current.data?.hits ?? [];
  const total = current.data?.total ?? 0;
  const inCart = new Map(cart.map((line) => [line.key, line.quantity]));

  function changeText(next: string) {
    setText(next);
    if (next.trim() === '' && !browsing) {
      // Clearing the box returns to the inventory and reloads it at once.
      setSearched(undefined);
      void inventory.refetch();
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
    attempt.current = placingAttempt(attempt.current, sent, () => crypto.randomUUID());
    setPlacing({ kind: 'placing' });
    try {
      const answer = await call(
        'placeOrder',
        { body: { token: authToken(), items: orderItems(sent) }, headers: { 'Idempotency-Key': attempt.current.key } },
        m.failed,
      );
      attempt.current = undefined;
      setCart([]);
      setPlacing({ kind: 'placed', orderNumber: orderNumberOf(answer) ?? noOrderNumber });
      void inventory.refetch();
      if (searching) void results.refetch();
    } catch (err) {
      // After a network error the order may have gone through: a retry of this cart keeps the key.
      if (!(err instanceof NetworkError)) attempt.current = undefined;
      setPlacing({ kind: 'failed', message: errorText(err, m.network, m.failed) });
    }
  }

  return (
    <section className="page ordering-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Ordering System</p>
          <h1>{shop}</h1>
        </div>
        <Link to="/dashboard" className="btn">
          {messages.common.backToDashboard}
        </Link>
      </header>
      <div className="ordering-layout">
        <div className="ordering-main">
          <OrderingSearch value={text} onChange={changeText} onSearch={(q) => setSearched(q.trim())} />
          {current.isPending && !current.data ? (
            <p className="muted">{messages.common.loading}</p>
          ) : hits.length === 0 ? (
            <p className="muted ordering-empty">{searching ? m.noResults : m.noInventory}</p>
          ) : (
            <div className="ordering-grid" aria-label={searching ? 'Search results' : 'Inventory'} role="region">
              {hits.map((hit) => (
                <OrderingCard
                  key={hit.id}
                  hit={hit}
                  inCart={
                    inCart.get(lineKey({ scryfall_id: hit.scryfallId, finish: hit.finish, quality: hit.quality })) ?? 0
                  }
                  disabled={placing.kind === 'placing'}
                  onAdd={add}
                />
              ))}
            </div>
          )}
          {total > hits.length && (
            <p className="muted">
              Showing the first {hits.length} of {total} {searching ? 'matches' : 'inventory rows'}: search to find the
              others.
            </p>
          )}
        </div>
        <OrderingCart
          cart={cart}
          placing={placing}
          onRemove={(key) => setCart((now) => removeFromCart(now, key))}
          onPlace={() => void place()}
        />
      </div>
    </section>
  );
}
