/**
 * The shop's sealed products for the storefront, in the page's own chunk: the page needs to know whether there are
 * any; the section that lists them (StorefrontSealed.tsx) is a chunk loaded when there are.
 */
import type { SealedCategory } from '@cardstock/contract';
import { useEffect, useState } from 'react';
import { publicShopSealed } from '../../lib/public-api.ts';

/** A sealed product as the storefront lists it (routes.publicSealed). */
export interface ShopSealed {
  id: number;
  name: string;
  category: SealedCategory;
  set_code: string | null;
  price: number | null;
  quantity: number;
}

/** The shop's sealed products in stock; empty until they arrive, and when the call fails (the cards still show). */
export function useShopSealed(subdomain: string | undefined): ShopSealed[] {
  const [sealed, setSealed] = useState<ShopSealed[]>([]);
  useEffect(() => {
    if (!subdomain) return;
    const controller = new AbortController();
    publicShopSealed(subdomain, controller.signal)
      .then((answer) => setSealed((answer as { sealed?: ShopSealed[] } | undefined)?.sealed ?? []))
      .catch(() => setSealed([]));
    return () => controller.abort();
  }, [subdomain]);
  return sealed;
}
