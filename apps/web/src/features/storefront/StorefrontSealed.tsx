import { storefrontMessages as storefront } from '@cardstock/contract';
import { sealedProduct } from './cart.ts';
import { AddToCartButton } from './StorefrontCart.tsx';
import type { ShopSealed } from './use-shop-sealed.ts';
import { priceText, stockText } from './storefront-view.ts';

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
