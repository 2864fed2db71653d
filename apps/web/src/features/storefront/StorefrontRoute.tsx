import { storefrontSubdomain } from '@cardstock/contract';
import { useParams, useSearchParams } from 'react-router';
import { StorefrontPage } from './StorefrontPage.tsx';

/**
 * The storefront inside the app's router (the Vite dev server, or a link
 * followed within the app). Served documents use the storefront's own entry.
 */
export function StorefrontRoute() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <StorefrontPage
      subdomain={params.subdomain ?? storefrontSubdomain(window.location.hostname)}
      search={searchParams.toString()}
      onSearchChange={(next) => setSearchParams(new URLSearchParams(next))}
    />
  );
}
