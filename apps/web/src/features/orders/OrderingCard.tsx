import { messages } from '@cardstock/contract';
import { useId, useState } from 'react';
import { CardImage } from '../../components/CardImage.tsx';
import { FlagTags } from '../../components/FlagTags.tsx';
import { Icon } from '../../components/Icon.tsx';
import { cardName, formatPrice, lineDetails, parseQuantity, type InventoryHit } from './cart.ts';

interface OrderingCardProps {
  hit: InventoryHit;
  /** Copies of this row already in the cart. */
  inCart: number;
  /** While an order is being placed the cart stays as sent. */
  disabled?: boolean;
  /** A customer's tablet: − and + buttons beside the quantity, big enough for a finger. */
  touch?: boolean;
  /** Returns whether the copies went into the cart (false: refused with an alert). None: the tile only shows. */
  onAdd?: (hit: InventoryHit, quantity: number) => boolean;
}

/** One inventory row in the grid: picture, set, finish, condition, price and stock; add controls only when in stock and priced. */
export function OrderingCard({ hit, inCart, disabled, touch = false, onAdd }: OrderingCardProps) {
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const name = cardName(hit.name);
  const inStock = hit.quantity > 0;
  // A row without a price is shown, but not sold until staff price it.
  const forSale = inStock && hit.price !== null;

  function add() {
    if (onAdd?.(hit, parseQuantity(quantity))) setQuantity('1');
  }

  // The steppers stay within 1..stock; typing a bigger number still meets the stock alert on Add.
  const step = (by: number) =>
    setQuantity((now) => String(Math.min(Math.max(parseQuantity(now) + by, 1), Math.max(hit.quantity, 1))));

  return (
    <article className={inStock ? 'ordering-card' : 'ordering-card is-out'} aria-labelledby={`${id}-name`}>
      <CardImage src={hit.image} name={name} width={244} height={340} />
      <div className="ordering-card-body">
        <h3 id={`${id}-name`} className="ordering-card-name">
          {name}
        </h3>
        <p className="ordering-card-meta muted">
          {lineDetails(hit)}
          <FlagTags signed={hit.signed} altered={hit.altered} />
        </p>
        <p className="ordering-card-figures">
          {hit.price === null ? (
            <strong className="ordering-price ordering-no-price">{messages.storefront.noPrice}</strong>
          ) : (
            <strong className="ordering-price">{formatPrice(hit.price)}</strong>
          )}
          <span className={inStock ? 'muted' : 'text-error'}>
            {inStock ? messages.storefront.inStock(hit.quantity) : messages.storefront.outOfStock}
          </span>
        </p>
        {forSale && onAdd && (
          <form
            className="ordering-add"
            // The stock rules answer with the spec's alerts, not the browser's own range message.
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              add();
            }}
          >
            {touch && (
              <button
                type="button"
                className="btn ordering-step"
                aria-label={`Fewer copies of ${name}`}
                disabled={parseQuantity(quantity) <= 1}
                onClick={() => step(-1)}
              >
                −
              </button>
            )}
            <label>
              {/* On the tablet the steppers frame the box; the label stays for the staff screen. */}
              {!touch && <span className="ordering-add-label">Qty</span>}
              <input
                type="number"
                min={1}
                max={hit.quantity}
                step={1}
                inputMode="numeric"
                aria-label={`Quantity of ${name}`}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            </label>
            {touch && (
              <button
                type="button"
                className="btn ordering-step"
                aria-label={`More copies of ${name}`}
                disabled={parseQuantity(quantity) >= hit.quantity}
                onClick={() => step(1)}
              >
                +
              </button>
            )}
            <button
              type="submit"
              disabled={disabled}
              className="btn btn-primary btn-small"
              aria-label={`Add ${name} to cart`}
            >
              <Icon name="cart" size={16} /> Add
            </button>
          </form>
        )}
        {inCart > 0 && (
          <p className="ordering-in-cart">
            <Icon name="check" size={14} /> {inCart} in cart
          </p>
        )}
      </div>
    </article>
  );
}
