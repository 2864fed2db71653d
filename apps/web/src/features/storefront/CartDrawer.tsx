/**
 * The storefront's cart drawer (a chunk of its own, loaded when the cart is first opened): the lines with their
 * quantity steppers, the subtotal at the prices shown, and the way to checkout (Checkout.tsx, another chunk).
 * A modal dialog: Escape closes it, focus stays inside and returns to the cart button.
 */
import { finishNames, formatUsdPlain, storefrontCartMessages, storefrontMessages } from '@cardstock/contract';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { cartCount, type CartItem } from './cart.ts';
import { cartSubtotal, removeLine, setQuantity } from './cart-checkout.ts';
import { useCart } from './cart-store.ts';
import type * as CheckoutChunk from './Checkout.tsx';
import type { CustomerForm, PlacedOrder } from './Checkout.tsx';
import './cart.css';

const t = storefrontCartMessages.cart;

type CheckoutModule = typeof CheckoutChunk;

export interface CartDrawerProps {
  open: boolean;
  subdomain: string;
  /** The shop's hold time in hours (the public page's reservation_hold_hours). */
  holdHours: number;
  onClose: () => void;
}

/** The checkout's chunk, asked for once, as soon as the drawer is there (the customer will likely want it). */
let checkoutChunk: Promise<CheckoutModule> | undefined;
const loadCheckout = () => {
  checkoutChunk ??= import('./Checkout.tsx').catch((error: unknown) => {
    checkoutChunk = undefined;
    throw error;
  });
  return checkoutChunk;
};

/**
 * The drawer: the cart, then the checkout, then the confirmation. What the customer typed and the server's
 * refusals per line stay while the page lives, so closing and opening again loses nothing.
 */
export function CartDrawer({ open, subdomain, holdHours, onClose }: CartDrawerProps) {
  const [cart, update] = useCart(subdomain);
  const [view, setView] = useState<'cart' | 'checkout' | 'done'>('cart');
  const [checkout, setCheckout] = useState<CheckoutModule>();
  const [chunkFailed, setChunkFailed] = useState(false);
  const [form, setForm] = useState<CustomerForm>({ name: '', email: '', phone: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [placed, setPlaced] = useState<PlacedOrder>();

  useEffect(() => {
    loadCheckout().then(
      (module) => setCheckout(() => module),
      () => setChunkFailed(true),
    );
  }, []);

  const close = () => {
    // After a reservation the next opening starts with the (now empty) cart.
    if (view === 'done') setView('cart');
    onClose();
  };
  /** A line changed or went: its refusal no longer holds. */
  const change = (key: string, next: (cart: CartItem[]) => CartItem[]) => {
    update(next);
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };
  const goToCheckout = () => {
    setChunkFailed(false);
    if (checkout) return setView('checkout');
    loadCheckout().then(
      (module) => {
        setCheckout(() => module);
        setView('checkout');
      },
      () => setChunkFailed(true),
    );
  };

  const title = view === 'checkout' ? t.checkoutTitle : view === 'done' ? t.doneTitle : t.title;
  return (
    <Modal open={open} title={title} onClose={close} wide>
      {view === 'done' && placed && checkout ? (
        <checkout.Reserved order={placed} holdHours={holdHours} subdomain={subdomain} onDone={close} />
      ) : view === 'checkout' && checkout && cart.length > 0 ? (
        <checkout.Checkout
          subdomain={subdomain}
          cart={cart}
          holdHours={holdHours}
          form={form}
          onFormChange={setForm}
          onBack={() => setView('cart')}
          onRefused={(next) => setProblems(next)}
          onPlaced={(order) => {
            setPlaced(order);
            setProblems({});
            update(() => []);
            setView('done');
          }}
        />
      ) : (
        <CartLines
          cart={cart}
          problems={problems}
          chunkFailed={chunkFailed}
          onChange={change}
          onCheckout={goToCheckout}
          onClose={close}
        />
      )}
    </Modal>
  );
}

/** The cart's lines, the subtotal and the way on; an empty cart says so. */
function CartLines({
  cart,
  problems,
  chunkFailed,
  onChange,
  onCheckout,
  onClose,
}: {
  cart: CartItem[];
  problems: Record<string, string>;
  chunkFailed: boolean;
  onChange: (key: string, next: (cart: CartItem[]) => CartItem[]) => void;
  onCheckout: () => void;
  onClose: () => void;
}) {
  if (cart.length === 0)
    return (
      <div className="cart-empty">
        <p>{t.empty}</p>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            {t.continueShopping}
          </button>
        </div>
      </div>
    );
  return (
    <div className="cart">
      <ul className="cart-lines" aria-label={t.title}>
        {cart.map((line) => (
          <CartLine key={line.key} line={line} problem={problems[line.key]} onChange={onChange} />
        ))}
      </ul>
      <p className="cart-subtotal">
        <span>
          {t.subtotal} ({cartCount(cart)})
        </span>
        <strong>{formatUsdPlain(cartSubtotal(cart))}</strong>
      </p>
      <p className="hint">{t.priceNote}</p>
      {chunkFailed && (
        <p className="text-error" role="alert">
          {t.chunkFailed}
        </p>
      )}
      <div className="actions cart-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t.continueShopping}
        </button>
        <button type="button" className="btn btn-primary" onClick={onCheckout}>
          {t.checkout}
        </button>
      </div>
    </div>
  );
}

/** What a line is, beyond its name: set, finish, condition, language and flags (a sealed product: its set). */
export function lineDetails(line: CartItem): string {
  if (line.kind === 'sealed') return [storefrontMessages.sealedTitle, line.set_code].filter(Boolean).join(' · ');
  return [
    line.set_code,
    finishNames[line.finish],
    line.quality,
    line.language === 'en' ? '' : line.language.toUpperCase(),
    line.signed ? 'Signed' : '',
    line.altered ? 'Altered' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One line: name and details, unit price, a stepper from 1 to the stock shown, the line's total, Remove. */
function CartLine({
  line,
  problem,
  onChange,
}: {
  line: CartItem;
  problem: string | undefined;
  onChange: (key: string, next: (cart: CartItem[]) => CartItem[]) => void;
}) {
  const [text, setText] = useState(String(line.quantity));
  // A change from the steppers or another tab resets the box, during render as React advises.
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setText(String(line.quantity));
  }
  const set = (quantity: number) => onChange(line.key, (cart) => setQuantity(cart, line.key, quantity));
  const commit = () => {
    const n = Number(text);
    if (text.trim() !== '' && Number.isInteger(n) && n >= 1) set(n);
    else setText(String(line.quantity));
  };
  const atStock = line.quantity >= line.stock;
  return (
    <li className={problem ? 'cart-line cart-line-problem' : 'cart-line'}>
      <div className="cart-line-what">
        <strong>{line.name}</strong>
        <span className="cart-line-details">{lineDetails(line)}</span>
        <span className="cart-line-price">{formatUsdPlain(line.price)} each</span>
        {problem && (
          <span className="text-error cart-line-message" role="alert">
            {problem}
          </span>
        )}
      </div>
      <div className="cart-stepper">
        <button
          type="button"
          className="btn"
          aria-label={t.decrease(line.name)}
          disabled={line.quantity <= 1}
          onClick={() => set(line.quantity - 1)}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={line.stock}
          value={text}
          aria-label={t.quantity(line.name)}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <button
          type="button"
          className="btn"
          aria-label={t.increase(line.name)}
          disabled={atStock}
          onClick={() => set(line.quantity + 1)}
        >
          +
        </button>
      </div>
      <div className="cart-line-end">
        <strong>{formatUsdPlain(cartSubtotal([line]))}</strong>
        {atStock && <span className="hint">{t.stockLimit(line.stock)}</span>}
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t.removeLabel(line.name)}
          onClick={() => onChange(line.key, (cart) => removeLine(cart, line.key))}
        >
          {t.remove}
        </button>
      </div>
    </li>
  );
}
