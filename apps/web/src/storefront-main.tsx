/**
 * The public storefront's own entry (storefront.html): the page strangers
 * land on loads React and this page only, not the app's router, data layer
 * and toasts. The server sends it for /shop/{subdomain} and on shop hosts.
 */
import { storefrontSubdomain } from '@cardstock/contract';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { StorefrontPage } from './features/storefront/StorefrontPage.tsx';
import './styles.css';
import './components.css';

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
    <Storefront />
  </StrictMode>
);
// A shop's document comes with its banner drawn (storefront-document.ts): React adopts it rather than drawing it again.
if (root.hasChildNodes()) hydrateRoot(root, page);
else createRoot(root).render(page);
