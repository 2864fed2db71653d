import { PRODUCT_NAME } from '@cardstock/contract';
import { useEffect } from 'react';
import { useUnseenOrders } from './new-orders.ts';

/**
 * Sets the tab title to "Page · Cardstock", or just "Cardstock" for the home page, after the count of new orders not
 * seen yet when there are some ("(2) Inventory · Cardstock", issue 41).
 * It does not restore the old title on unmount: with lazily loaded routes that
 * would briefly show the title of the page before the previous one.
 */
export function useTitle(page?: string): void {
  const unseen = useUnseenOrders();
  useEffect(() => {
    const title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
    document.title = unseen ? `(${unseen}) ${title}` : title;
  }, [page, unseen]);
}
