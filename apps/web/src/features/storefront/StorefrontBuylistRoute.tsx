import { storefrontSubdomain } from '@cardstock/contract';
import { useParams } from 'react-router';
import { StorefrontBuylist } from './StorefrontBuylist.tsx';

/**
 * The "We buy" page inside the app's router (the Vite dev server, or a link followed within the app):
 * `/shop/{subdomain}/buylist`, or `/buylist` in storefront mode. Served documents use the storefront's own entry.
 */
export function StorefrontBuylistRoute() {
  const params = useParams();
  const subdomain = params.subdomain ?? storefrontSubdomain(window.location.hostname) ?? '';
  return (
    <StorefrontBuylist
      subdomain={subdomain}
      shopHref={params.subdomain ? `/shop/${encodeURIComponent(params.subdomain)}` : '/'}
    />
  );
}
