/**
 * The cart's pieces that live in the storefront's entry: an Add to cart button for a card or sealed product, and
 * the cart button that loads the drawer (CartDrawer.tsx, its own chunk) when first opened.
 */
import { storefrontMessages } from '@cardstock/contract';
import { useEffect, useState, type ComponentType } from 'react';
import { CART_MAX_LINES, addToCart, cartCount, lineKey, type CartProduct } from './cart.ts';
import { useCart } from './cart-store.ts';
import type { CartDrawerProps } from './CartDrawer.tsx';
import './storefront-cart.css';

const t = storefrontMessages.cart;

/** The drawer's chunk, asked for once: on hovering or focusing Add to cart or the cart button, or the first click. */
let drawerChunk: Promise<ComponentType<CartDrawerProps>> | undefined;
const loadDrawer = () => {
  drawerChunk ??= import('./CartDrawer.tsx').then(
    (m) => m.CartDrawer,
    (error: unknown) => {
      drawerChunk = undefined;
      throw error;
    },
  );
  return drawerChunk;
};

/** The drawer's chunk fetched ahead, as a customer is about to add or open: a failure is told on the click. */
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

/**
 * Add to cart for one product of the page: one more each press, up to the stock the page showed; then it says
 * the stock is all in the cart. A product that cannot be reserved (no price, none left) shows no button. A line
 * of this product takes the stock and price the page shows now.
 */
export function AddToCartButton({ subdomain, product }: { subdomain: string; product: CartProduct | undefined }) {
  const [cart, update] = useCart(subdomain);
  const key = product && lineKey(product);
  const inCart = cart.find((line) => line.key === key);
  // The page shows newer stock (or price) than the line kept: the line follows, its quantity within the stock.
  const stale = Boolean(product && inCart && (inCart.stock !== product.stock || inCart.price !== product.price));
  useEffect(() => {
    if (stale && product) update((current) => addToCart(current, product, 0));
  }, [stale, product, update]);
  if (!product) return null;
  const full = (inCart?.quantity ?? 0) >= product.stock;
  // A reservation holds so many different lines: a new one waits until the cart has room.
  const noRoom = !inCart && cart.length >= CART_MAX_LINES;
  return (
    <span className="storefront-add">
      <button
        type="button"
        className="btn btn-primary storefront-add-button"
        disabled={full || noRoom}
        aria-label={t.addLabel(product.name)}
        onPointerEnter={preloadDrawer}
        onFocus={preloadDrawer}
        onClick={() => update((current) => addToCart(current, product))}
      >
        {t.add}
      </button>
      {(inCart || noRoom) && (
        <span className="storefront-in-cart" role="status">
          {!inCart ? t.noRoom(CART_MAX_LINES) : full ? t.allInCart : t.inCart(inCart.quantity)}
        </span>
      )}
    </span>
  );
}

/**
 * The cart button, fixed at the page's top right (bottom right on phones, clear of the shop's name), so it moves
 * nothing on the page; with the count. Pressing it opens the drawer, whose code is loaded then. The drawer keeps its state (checkout form) while the page lives.
 */
export function CartButton({ subdomain, holdHours }: { subdomain: string; holdHours: number }) {
  const [cart] = useCart(subdomain);
  const [Drawer, setDrawer] = useState<ComponentType<CartDrawerProps>>();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const count = cartCount(cart);

  const openDrawer = () => {
    setFailed(false);
    if (Drawer) return setOpen(true);
    setLoading(true);
    loadDrawer().then(
      (component) => {
        setDrawer(() => component);
        setLoading(false);
        setOpen(true);
      },
      () => {
        setLoading(false);
        setFailed(true);
      },
    );
  };

  return (
    <>
      <div className="storefront-cart-float">
        <button
          type="button"
          className="btn storefront-cart-button"
          aria-label={t.buttonLabel(count)}
          aria-haspopup="dialog"
          aria-busy={loading}
          onPointerEnter={preloadDrawer}
          onFocus={preloadDrawer}
          onClick={openDrawer}
        >
          {t.button(count)}
        </button>
        {failed && (
          <p className="storefront-cart-failed" role="alert">
            {t.loadFailed}
          </p>
        )}
      </div>
      {Drawer && <Drawer open={open} subdomain={subdomain} holdHours={holdHours} onClose={() => setOpen(false)} />}
    </>
  );
}
