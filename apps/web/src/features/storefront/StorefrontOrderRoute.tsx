import { storefrontSubdomain } from '@cardstock/contract';
import { useParams, useSearchParams } from 'react-router';
import { StorefrontOrderStatus } from './StorefrontOrderStatus.tsx';

/**
 * The order status page inside the app's router (the Vite dev server, or a link followed within the app):
 * `/shop/{subdomain}/order[/{number}]`, or `/order[/{number}]` in storefront mode. Served documents use the
 * storefront's own entry.
 */
export function StorefrontOrderRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const subdomain = params.subdomain ?? storefrontSubdomain(window.location.hostname) ?? '';
  return (
    <StorefrontOrderStatus
      subdomain={subdomain}
      search={searchParams.toString()}
      orderNumber={params.number}
      shopHref={params.subdomain ? `/shop/${encodeURIComponent(params.subdomain)}` : '/'}
    />
  );
}
