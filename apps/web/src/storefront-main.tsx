/**
 * The public storefront's own entry (storefront.html): the page strangers
 * land on loads React and this page only, not the app's router, data layer
 * and toasts. The server sends it for /shop/{subdomain} and on shop hosts.
 */
import { storefrontSubdomain } from '@cardstock/contract';
import { StrictMode, lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { StorefrontPage } from './features/storefront/StorefrontPage.tsx';
import './styles.css';
import './components.css';

/** The order status page (a chunk of its own): only customers looking an order up load it. */
const OrderStatus = lazy(() =>
  import('./features/storefront/StorefrontOrderStatus.tsx').then((m) => ({ default: m.StorefrontOrderStatus })),
);

/** The "We buy" page (a chunk of its own): only sellers looking at offers load it. */
const WeBuy = lazy(() =>
  import('./features/storefront/StorefrontBuylist.tsx').then((m) => ({ default: m.StorefrontBuylist })),
);

/** The shop's "We buy" page an address names, if it does: `/shop/{subdomain}/buylist`, or `/buylist` on its host. */
function buylistPageOf(location: Location): { subdomain: string; shopHref: string } | undefined {
  const path = /^\/shop\/([^/]+)\/buylist\/?$/.exec(location.pathname);
  if (path) {
    const subdomain = decodeURIComponent(path[1]!).toLowerCase();
    return { subdomain, shopHref: `/shop/${encodeURIComponent(subdomain)}` };
  }
  const own = /^\/buylist\/?$/.test(location.pathname) ? storefrontSubdomain(location.hostname) : undefined;
  return own ? { subdomain: own, shopHref: '/' } : undefined;
}

/**
 * The shop's order status page an address names, if it does: `/shop/{subdomain}/order`, or `/order` on the shop's
 * own host, either maybe followed by the order's number (as the reservation mails link it).
 */
function orderPageOf(location: Location): { subdomain: string; orderNumber?: string; shopHref: string } | undefined {
  const path = /^\/shop\/([^/]+)\/order(?:\/([^/]+))?\/?$/.exec(location.pathname);
  const own = path ? undefined : /^\/order(?:\/([^/]+))?\/?$/.exec(location.pathname);
  const subdomain = path ? decodeURIComponent(path[1]!).toLowerCase() : own && storefrontSubdomain(location.hostname);
  if (!subdomain) return undefined;
  const number = path ? path[2] : own?.[1];
  return {
    subdomain,
    orderNumber: number ? decodeURIComponent(number) : undefined,
    shopHref: path ? `/shop/${encodeURIComponent(subdomain)}` : '/',
  };
}

/** The "We buy" or order status page where the address names it, else the shop's page. */
function Entry() {
  const buylist = buylistPageOf(window.location);
  if (buylist)
    return (
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <WeBuy {...buylist} />
      </Suspense>
    );
  const order = orderPageOf(window.location);
  if (!order) return <Storefront />;
  return (
    <Suspense fallback={<p className="loading">Loading...</p>}>
      <OrderStatus {...order} search={window.location.search.slice(1)} />
    </Suspense>
  );
}

/** The route's subdomain (/shop/{subdomain}), else the host's first label. */
function subdomainOf(location: Location): string | undefined {
  const match = /^\/shop\/([^/]+)\/?$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]!).toLowerCase() : storefrontSubdomain(location.hostname);
}

/** The address's query string, following Back and Forward; searches, orders and pages are pushed as history entries. */
function Storefront() {
  const [search, setSearch] = useState(() => window.location.search.slice(1));
  useEffect(() => {
    const follow = () => setSearch(window.location.search.slice(1));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const onSearchChange = (next: string) => {
    window.history.pushState(null, '', next ? `${window.location.pathname}?${next}` : window.location.pathname);
    setSearch(next);
  };
  return <StorefrontPage subdomain={subdomainOf(window.location)} search={search} onSearchChange={onSearchChange} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from storefront.html');
const page = (
  <StrictMode>
    <Entry />
  </StrictMode>
);
// A shop's document comes with its banner drawn (storefront-document.ts): React adopts it rather than drawing it again.
// As a transition, so React yields to the browser every few milliseconds instead of holding the main thread for the
// whole page of cards: what is drawn is already on screen, and a tap meanwhile is answered first.
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, page);
  else createRoot(root).render(page);
});
