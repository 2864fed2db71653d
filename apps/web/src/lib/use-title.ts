import { PRODUCT_NAME } from '@cardstock/contract';
import { useEffect } from 'react';

/**
 * Sets the tab title to "Page · Cardstock", or just "Cardstock" for the home page.
 * It does not restore the old title on unmount: with lazily loaded routes that
 * would briefly show the title of the page before the previous one.
 */
export function useTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
