/**
 * The shop's sealed products for the storefront, in the page's own chunk: the page needs to know whether there are
 * any; the section that lists them (StorefrontSealed.tsx) is a chunk loaded when there are.
 */
import type { PublicSealedItem } from '@cardstock/contract';
import { useEffect, useState } from 'react';
import { publicShopSealed } from '../../lib/public-api.ts';

/** A sealed product as the storefront lists it (routes.publicSealed). */
export type ShopSealed = PublicSealedItem;

/** The shop's sealed products in stock; empty until they arrive, and when the call fails (the cards still show). */
export function useShopSealed(subdomain: string | undefined): ShopSealed[] {
  const [sealed, setSealed] = useState<ShopSealed[]>([]);
  useEffect(() => {
    if (!subdomain) return;
    const controller = new AbortController();
    publicShopSealed(subdomain, controller.signal)
      .then((answer) => setSealed(answer?.sealed ?? []))
      .catch(() => setSealed([]));
    return () => controller.abort();
  }, [subdomain]);
  return sealed;
}
