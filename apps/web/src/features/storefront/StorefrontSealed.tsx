import { storefrontMessages as storefront, type SealedCategory } from '@cardstock/contract';
import { useEffect, useState } from 'react';
import { publicShopSealed } from '../../lib/public-api.ts';
import { sealedProduct } from './cart.ts';
import { AddToCartButton } from './StorefrontCart.tsx';
import { priceText, stockText } from './storefront-view.ts';

/** A sealed product as the storefront lists it (routes.publicSealed). */
interface ShopSealed {
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
      .then((answer) => setSealed((answer as { sealed?: ShopSealed[] }).sealed ?? []))
      .catch(() => setSealed([]));
    return () => controller.abort();
  }, [subdomain]);
  return sealed;
}

/**
 * The storefront's Sealed section: boxes, bundles and decks with their price and stock, and Add to cart when the
 * shop takes reservations (`cartShop`, the subdomain the cart is kept under).
 */
export function StorefrontSealed({ sealed, cartShop }: { sealed: ShopSealed[]; cartShop?: string }) {
  return (
    <section className="storefront-sealed" aria-labelledby="storefront-sealed-title">
      <h2 id="storefront-sealed-title">{storefront.sealedTitle}</h2>
      <ul aria-label={storefront.sealedTitle}>
        {sealed.map((product) => {
          const stock = stockText(product.quantity);
          return (
            <li key={product.id}>
              <div>
                <h3>{product.name}</h3>
                <p className="storefront-sealed-meta">
                  {[product.category, product.set_code].filter(Boolean).join(' · ')}
                </p>
              </div>
              <span className={product.price === null ? 'storefront-price storefront-no-price' : 'storefront-price'}>
                {priceText(product.price)}
              </span>
              <span className={stock.inStock ? 'storefront-stock in-stock' : 'storefront-stock out-of-stock'}>
                {stock.text}
              </span>
              {cartShop && <AddToCartButton subdomain={cartShop} product={sealedProduct(product)} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
