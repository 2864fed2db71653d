import { limits, messages, plural } from '@cardstock/contract';
import { useEffect, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { FlagTags } from '../../components/FlagTags.tsx';
import { Icon } from '../../components/Icon.tsx';
import {
  cartCopies,
  cartTotal,
  finishLabel,
  formatPrice,
  lineDetails,
  lineTotal,
  noOrderNumber,
  type CartItem,
} from './cart.ts';

/** Where placing an order stands (spec 001 §4): idle, placing, then placed or failed. */
export type PlacingState =
  | { kind: 'idle' }
  | { kind: 'placing' }
  | { kind: 'placed'; orderNumber: string }
  | { kind: 'failed'; message: string };

interface OrderingCartProps {
  cart: readonly CartItem[];
  placing: PlacingState;
  onRemove: (key: string) => void;
  onPlace: () => void;
  /** Staff only: who the order is for and the store credit that pays part of it. */
  payment?: ReactNode;
  /** The panel itself, for the floating button that brings it into view. */
  ref?: Ref<HTMLElement>;
}

/** The sticky Shopping Cart panel: lines, total, Place Order, and the outcome of the last order. */
export function OrderingCart({ cart, placing, onRemove, onPlace, payment, ref }: OrderingCartProps) {
  const busy = placing.kind === 'placing';
  const copies = cartCopies(cart);
  return (
    // Focusable from script only: the floating cart button moves the focus here.
    <aside ref={ref} tabIndex={-1} className="ordering-cart card" aria-labelledby="ordering-cart-title">
      <h2 id="ordering-cart-title" className="ordering-cart-title">
        <Icon name="cart" /> Shopping Cart
        <span className="badge" aria-live="polite" aria-label={`${copies} ${copies === 1 ? 'card' : 'cards'}`}>
          {copies}
        </span>
      </h2>
      <ul className="ordering-cart-lines" aria-label="Cart lines" style={{ maxHeight: limits.cartListHeightPx }}>
        {cart.length === 0 && <li className="muted ordering-cart-empty">Add cards from the inventory.</li>}
        {cart.map((line) => (
          <li key={line.key} className="ordering-cart-line" aria-label={line.name}>
            <div className="ordering-cart-line-head">
              <strong>{line.name}</strong>
              <button
                type="button"
                className="btn btn-ghost btn-small ordering-remove"
                aria-label={`Remove ${line.name} (${line.sealed ? line.sealed.category : `${finishLabel(line.finish)}, ${line.quality}`})`}
                title="Remove"
                disabled={busy}
                onClick={() => onRemove(line.key)}
              >
                ×
              </button>
            </div>
            <div className="ordering-cart-line-meta muted">
              {lineDetails(line)}
              <FlagTags signed={line.signed} altered={line.altered} />
            </div>
            <div className="ordering-cart-line-figures">
              <span>
                {line.quantity} × {formatPrice(line.price)}
              </span>
              <strong>{formatPrice(lineTotal(line))}</strong>
            </div>
          </li>
        ))}
      </ul>
      <p className="ordering-total">
        <span>Total</span>
        <strong>{formatPrice(cartTotal(cart))}</strong>
      </p>
      {payment}
      <button type="button" className="btn btn-primary ordering-place" disabled={busy} onClick={onPlace}>
        {busy ? messages.ordering.placing : 'Place Order'}
      </button>
      {placing.kind === 'placed' && (
        <div role="status" className="ordering-placed">
          <p>{messages.ordering.placed(placing.orderNumber)}</p>
          {placing.orderNumber !== noOrderNumber && (
            <p className="ordering-order-number" aria-hidden="true">
              {placing.orderNumber}
            </p>
          )}
        </div>
      )}
      {placing.kind === 'failed' && (
        <p role="alert" className="text-error">
          {placing.message}
        </p>
      )}
    </aside>
  );
}

/**
 * Where the cart stacks below the whole card grid (a portrait tablet, a
 * narrow window), a floating button with the cart's counts brings it into
 * view and moves the focus there. It steps aside while the cart is on the
 * screen; a wide screen keeps the cart beside the grid and never shows it (CSS).
 */
export function CartJumpButton({ cart, target }: { cart: readonly CartItem[]; target: RefObject<HTMLElement | null> }) {
  const [cartInView, setCartInView] = useState(false);
  useEffect(() => {
    const panel = target.current;
    if (!panel) return;
    const observer = new IntersectionObserver(([entry]) => setCartInView(entry?.isIntersecting ?? false), {
      threshold: 0.25,
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [target]);

  const copies = cartCopies(cart);
  function jump() {
    const panel = target.current;
    if (!panel) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
    panel.focus({ preventScroll: true });
  }
  return (
    <button
      type="button"
      className="ordering-cart-jump"
      hidden={cartInView}
      aria-label={`Go to cart: ${plural(cart.length, 'line')}, ${plural(copies, 'card')}`}
      onClick={jump}
    >
      <Icon name="cart" size={22} />
      <span>Cart</span>
      <span className="badge">{copies}</span>
    </button>
  );
}
