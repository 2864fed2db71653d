import { PRODUCT_NAME, messages } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { storefrontSubdomain } from '../../lib/host.ts';

const { storefront } = messages;

interface ShopPage {
  shop_name?: string;
  shop_info?: { shop_description?: string };
  inventory?: unknown[];
  message?: string;
}

/** Loads one page of a shop's public inventory; errors carry the spec's texts (spec 001 §8). */
async function loadShop(subdomain: string, page: string): Promise<ShopPage> {
  let res: Response;
  try {
    res = await fetch('/api/public/shop/inventory', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subdomain, page }),
    });
  } catch {
    throw new Error(storefront.loadFailed);
  }
  if (!res.ok) throw new Error(storefront.httpError(res.status, res.statusText));
  const data = (await res.json()) as ShopPage;
  if (!Array.isArray(data.inventory)) throw new Error(data.message ?? storefront.noData);
  return data;
}

/** The public shop page, at /shop/{subdomain} or in storefront mode (spec 001 §2.7). */
export function StorefrontPage() {
  const params = useParams();
  const subdomain = params.subdomain ?? storefrontSubdomain(window.location.hostname);
  const page = new URLSearchParams(window.location.search).get('page') ?? '1';
  const shop = useQuery({
    queryKey: ['storefront', subdomain, page],
    queryFn: () => loadShop(subdomain ?? '', page),
    enabled: Boolean(subdomain),
    retry: false,
  });

  const error = !subdomain ? storefront.noSubdomain : shop.error?.message;
  return (
    <div className="storefront">
      {error ? (
        <div className="storefront-error">
          <h1>{storefront.notFoundTitle}</h1>
          <p>{error}</p>
        </div>
      ) : shop.isPending ? (
        <p className="loading">Loading...</p>
      ) : (
        <div className="storefront-banner">
          <h1>{shop.data?.shop_name ?? subdomain ?? 'Shop'}</h1>
          {shop.data?.shop_info?.shop_description && <p>{shop.data.shop_info.shop_description}</p>}
        </div>
      )}
      <footer className="storefront-footer">
        {storefront.poweredBy} <a href="/">{PRODUCT_NAME}</a>
      </footer>
    </div>
  );
}
