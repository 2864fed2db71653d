/**
 * The public storefront's own entry (storefront.html): the page strangers
 * land on loads React and this page only, not the app's router, data layer
 * and toasts. The server sends it for /shop/{subdomain} and on shop hosts.
 */
import { storefrontSubdomain } from '@cardstock/contract';
import { StrictMode, lazy, Suspense, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { StorefrontPage } from './features/storefront/StorefrontPage.tsx';
import './styles.css';
import './components.css';

/** The order status page (a chunk of its own): only customers looking an order up load it. */
const OrderStatus = lazy(() =>
  import('./features/storefront/StorefrontOrderStatus.tsx').then((m) => ({ default: m.StorefrontOrderStatus })),
);

interface StorefrontAddress {
  subdomain: string | undefined;
  /** The shop's order status page: `/order`, or `/order/{number}` as the reservation mails link it. */
  order: boolean;
  orderNumber?: string;
  shopHref: string;
}

/**
 * The route's subdomain (/shop/{subdomain}, /shop/{subdomain}/order[/{number}]), else the host's first label; and
 * whether the address is the shop's order status page (`/order` under either).
 */
function routeOf(location: Location): StorefrontAddress {
  const match = /^\/shop\/([^/]+)(?:(\/order)(?:\/([^/]+))?)?\/?$/.exec(location.pathname);
  const own = match ? undefined : /^\/order(?:\/([^/]+))?\/?$/.exec(location.pathname);
  const number = match?.[3] ?? own?.[1];
  const subdomain = match ? decodeURIComponent(match[1]!).toLowerCase() : storefrontSubdomain(location.hostname);
  return {
    subdomain,
    order: Boolean(match?.[2] ?? own),
    orderNumber: number ? decodeURIComponent(number) : undefined,
    shopHref: match && subdomain ? `/shop/${encodeURIComponent(subdomain)}` : '/',
  };
}

/** The address's query string, following Back and Forward; page changes are pushed as history entries. */
function Storefront() {
  const [search, setSearch] = useState(() => window.location.search.slice(1));
  useEffect(() => {
    const follow = () => setSearch(window.location.search.slice(1));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const onPageChange = (page: number) => {
    const params = new URLSearchParams(window.location.search);
    params.set('page', String(page));
    window.history.pushState(null, '', `${window.location.pathname}?${params.toString()}`);
    setSearch(params.toString());
  };
  const route = routeOf(window.location);
  if (route.order && route.subdomain)
    return (
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <OrderStatus
          subdomain={route.subdomain}
          search={search}
          orderNumber={route.orderNumber}
          shopHref={route.shopHref}
        />
      </Suspense>
    );
  return <StorefrontPage subdomain={route.subdomain} search={search} onPageChange={onPageChange} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from storefront.html');
const page = (
  <StrictMode>
    <Storefront />
  </StrictMode>
);
// A shop's document comes with its banner drawn (storefront-document.ts): React adopts it rather than drawing it again.
if (root.hasChildNodes()) hydrateRoot(root, page);
else createRoot(root).render(page);
