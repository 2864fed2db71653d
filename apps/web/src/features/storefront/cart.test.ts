import { reservationLimits } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  CART_MAX_LINES,
  addToCart,
  cardProduct,
  cartCount,
  cartStorageKey,
  lineKey,
  parseStoredCart,
  sealedProduct,
  storedCartText,
  type CartItem,
  type CartProduct,
} from './cart.ts';
import {
  calloutOf,
  cartSubtotal,
  orderLines,
  orderStatusHref,
  refusedLines,
  removeLine,
  setQuantity,
} from './cart-checkout.ts';

const BOLT = '0b1d4e8e-1b3f-4c43-9c1a-2f6f5f3b0a11';
const card = {
  card_name: 'Lightning Bolt',
  card_scryfallid: BOLT,
  card_setCode: 'm10',
  price: 2.49,
  inv_quantity: 3,
  inv_finish: 'nonfoil' as const,
  inv_quality: 'NM' as const,
  inv_language: 'en' as const,
  inv_signed: false,
  inv_altered: false,
};
const bolt = cardProduct(card)!;
const box = sealedProduct({
  id: 7,
  name: 'Foundations Play Booster Box',
  set_code: 'FDN',
  price: 139.99,
  quantity: 2,
})!;

describe('lineKey and addToCart: merged lines', () => {
  it('merges the same printing, finish, condition, language and flags into one line', () => {
    let cart = addToCart([], bolt);
    cart = addToCart(cart, { ...bolt });
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(2);
  });
  it('keeps each finish, condition, language and flag on a line of its own', () => {
    const variants: CartProduct[] = [
      bolt,
      { ...bolt, finish: 'foil' },
      { ...bolt, quality: 'LP' },
      { ...bolt, language: 'de' },
      { ...bolt, signed: true },
      { ...bolt, altered: true },
    ];
    let cart: CartItem[] = [];
    for (const v of variants) cart = addToCart(cart, v);
    expect(cart).toHaveLength(variants.length);
    expect(new Set(variants.map(lineKey)).size).toBe(variants.length);
  });
  it('merges a sealed product by its id, never with a card', () => {
    let cart = addToCart([], box);
    cart = addToCart(cart, { ...box, name: 'renamed' });
    cart = addToCart(cart, bolt);
    expect(cart.map((l) => [l.kind, l.quantity])).toEqual([
      ['sealed', 2],
      ['single', 1],
    ]);
  });
});

describe('addToCart: limits', () => {
  it('never goes above the stock the page showed, and says so', () => {
    let cart: CartItem[] = [];
    for (let i = 0; i < 3; i++) cart = addToCart(cart, bolt);
    expect(addToCart(cart, bolt)[0]!.quantity).toBe(3);
    expect(addToCart([], bolt, 5)).toMatchObject([{ quantity: 3 }]);
    expect(addToCart([], { ...bolt, stock: 0 })).toEqual([]);
  });
  it('takes the newest stock the page shows: a lower stock lowers the line', () => {
    const cart = addToCart([], bolt, 3);
    expect(addToCart(cart, { ...bolt, stock: 1, price: 2.99 }, 0)[0]).toMatchObject({
      quantity: 1,
      stock: 1,
      price: 2.99,
    });
    // None left on the page: the line goes.
    expect(addToCart(cart, { ...bolt, stock: 0 }, 0)).toEqual([]);
  });
  it('refuses a line past the reservation’s line limit, which is the contract’s', () => {
    expect(CART_MAX_LINES).toBe(reservationLimits.maxLines);
    let cart: CartItem[] = [];
    for (let i = 0; i < CART_MAX_LINES; i++) cart = addToCart(cart, { ...box, sealed_id: i + 1 });
    const past = addToCart(cart, bolt);
    expect(past).toHaveLength(CART_MAX_LINES);
    expect(past.some((line) => line.kind === 'single')).toBe(false);
    // More of a line already there is still fine.
    expect(addToCart(cart, { ...box, sealed_id: 1 })[0]!.quantity).toBe(2);
  });
  it('setQuantity keeps a line from 1 to its stock; nonsense leaves it', () => {
    const cart = addToCart([], bolt);
    const key = cart[0]!.key;
    expect(setQuantity(cart, key, 9)[0]!.quantity).toBe(3);
    expect(setQuantity(cart, key, 0)[0]!.quantity).toBe(1);
    expect(setQuantity(cart, key, 2.7)[0]!.quantity).toBe(2);
    expect(setQuantity(cart, key, Number.NaN)[0]!.quantity).toBe(1);
    expect(removeLine(cart, key)).toEqual([]);
  });
});

describe('what can go into the cart', () => {
  it('a card or sealed product without a price, or with none left, cannot', () => {
    expect(cardProduct({ ...card, price: null })).toBeUndefined();
    expect(cardProduct({ ...card, inv_quantity: 0 })).toBeUndefined();
    expect(sealedProduct({ id: 1, name: 'x', set_code: null, price: null, quantity: 3 })).toBeUndefined();
    expect(sealedProduct({ id: 1, name: 'x', set_code: null, price: 5, quantity: 0 })).toBeUndefined();
  });
  it('a card from an older server (no condition, language or flags) is NM, English, unflagged', () => {
    const { inv_quality: _q, inv_language: _l, inv_signed: _s, inv_altered: _a, ...old } = card;
    expect(cardProduct(old)).toMatchObject({ quality: 'NM', language: 'en', signed: false, altered: false });
  });
});

describe('what the cart sends and shows', () => {
  it('sends singles with every stock property and sealed products by id', () => {
    let cart = addToCart([], { ...bolt, finish: 'foil', quality: 'LP', signed: true }, 2);
    cart = addToCart(cart, box);
    expect(orderLines(cart)).toEqual([
      {
        scryfall_id: BOLT,
        finish: 'foil',
        quality: 'LP',
        language: 'en',
        signed: true,
        altered: false,
        quantity: 2,
      },
      { sealed_id: 7, quantity: 1 },
    ]);
  });
  it('counts things and sums the subtotal exactly, in cents', () => {
    let cart = addToCart([], { ...bolt, price: 0.1 }, 3);
    cart = addToCart(cart, { ...box, price: 0.2 }, 1);
    expect(cartCount(cart)).toBe(4);
    expect(cartSubtotal(cart)).toBe(0.5);
    expect(cartSubtotal([])).toBe(0);
  });
  it('marks the lines a refusal names as items.N, each with its own sentence', () => {
    let cart = addToCart([], bolt);
    cart = addToCart(cart, { ...bolt, quality: 'LP' });
    cart = addToCart(cart, box);
    const short = 'Lightning Bolt: only 1 left in stock.';
    // The second line (LP) and the box are short; a field that is no cart line (or past its end) marks nothing.
    expect(
      refusedLines(cart, [
        { field: 'items.1', message: short },
        { field: 'items.2', message: 'Foundations Play Booster Box: only 0 left in stock.' },
        { field: 'items.7', message: short },
        { field: 'email', message: 'Enter an e-mail.' },
      ]),
    ).toEqual({ [cart[1]!.key]: short, [cart[2]!.key]: 'Foundations Play Booster Box: only 0 left in stock.' });
    expect(refusedLines(cart, [])).toEqual({});
  });
  it('links the status page under /shop/{subdomain} or at /order on the shop’s host, with the order', () => {
    expect(orderStatusHref('/shop/owl', 'owl')).toBe('/shop/owl/order');
    expect(orderStatusHref('/', 'owl', { number: '20261125-3-0-007', email: 'a+b@example.com' })).toBe(
      '/order?number=20261125-3-0-007&email=a%2Bb%40example.com',
    );
    expect(calloutOf('20261125-3-0-007')).toBe('007');
  });
});

describe('kept in the browser', () => {
  it('one cart per shop', () => {
    expect(cartStorageKey('Owl')).toBe('cardstock.cart.owl');
    expect(cartStorageKey('owl')).not.toBe(cartStorageKey('goblin'));
  });
  it('reads back what it stored', () => {
    let cart = addToCart([], bolt, 2);
    cart = addToCart(cart, box);
    expect(parseStoredCart(storedCartText(cart))).toEqual(cart);
  });
  it('an unreadable store is an empty cart; unsound lines are dropped, repeated ones merged, stock kept', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const line = addToCart([], bolt, 2)[0]!;
    const stored = JSON.stringify([
      line,
      { ...line, quantity: 2 },
      { ...line, kind: 'other' },
      { ...line, quantity: 0 },
      { ...line, price: -1 },
      { ...line, quality: 'MINT' },
      { ...line, finish: 'gold' },
      { ...box, key: 'x', quantity: 1, sealed_id: 'seven' },
      null,
      'text',
    ]);
    expect(parseStoredCart(stored)).toEqual([{ ...line, quantity: 3 }]);
  });
});
