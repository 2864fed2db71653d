import { messages, type SealedItem } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cardName,
  cartTotal,
  finishLabel,
  formatPrice,
  lineDetails,
  lineTotal,
  orderItems,
  orderNumberOf,
  parseQuantity,
  placingAttempt,
  removeFromCart,
  sealedHit,
  type CartItem,
  type InventoryHit,
} from './cart.ts';

const m = messages.ordering;

function hit(over: Partial<InventoryHit> = {}): InventoryHit {
  return {
    id: 1,
    name: 'Lightning Bolt',
    setCode: 'lea',
    scryfallId: '11111111-1111-4111-8111-111111111111',
    uuid: 'u1',
    finish: 'nonfoil',
    quantity: 2,
    quality: 'NM',
    language: 'en',
    signed: false,
    altered: false,
    price: 1.5,
    image: null,
    ...over,
  };
}

function added(cart: CartItem[], h: InventoryHit, n: number): CartItem[] {
  const result = addToCart(cart, h, n);
  if (!result.ok) throw new Error(result.alert);
  return result.cart;
}

describe('finishLabel', () => {
  it('names the three finishes from lower case and keeps anything else', () => {
    expect(finishLabel('nonfoil')).toBe('Normal');
    expect(finishLabel('foil')).toBe('Foil');
    expect(finishLabel('FOIL')).toBe('Foil');
    expect(finishLabel('etched')).toBe('Etched');
    expect(finishLabel('glossy')).toBe('glossy');
  });
});

describe('cardName', () => {
  it("defaults to 'Unknown Card'", () => {
    expect(cardName('Shock')).toBe('Shock');
    expect(cardName('')).toBe(m.unknownCard);
    expect(cardName('  ')).toBe(m.unknownCard);
    expect(cardName(undefined)).toBe(m.unknownCard);
    expect(m.unknownCard).toBe('Unknown Card');
  });
});

describe('parseQuantity', () => {
  it('reads whole numbers from 1; anything invalid counts as 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('2.7')).toBe(2);
    for (const bad of ['', 'abc', '0', '-4', 'e']) expect(parseQuantity(bad), JSON.stringify(bad)).toBe(1);
  });
});

describe('addToCart', () => {
  it('adds a line with the card information the panel shows', () => {
    const cart = added([], hit({ name: '' }), 1);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ name: 'Unknown Card', quantity: 1, stock: 2, price: 1.5, finish: 'nonfoil' });
  });

  it('refuses a row without a price: no sale at $0', () => {
    expect(addToCart([], hit({ price: null }), 1)).toEqual({ ok: false, alert: messages.storefront.noPrice });
    expect(added([], hit({ price: 0 }), 1)[0]!.price).toBe(0);
  });

  it('refuses more than the stock', () => {
    expect(addToCart([], hit(), 3)).toEqual({ ok: false, alert: 'Only 2 available in stock' });
  });

  it('merges the same card, finish and quality, within the stock', () => {
    let cart = added([], hit({ quantity: 5 }), 2);
    cart = added(cart, hit({ quantity: 5 }), 3);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(5);
  });

  it('refuses a merge above the stock', () => {
    const cart = added([], hit(), 2);
    expect(addToCart(cart, hit(), 1)).toEqual({ ok: false, alert: 'Cannot add more. Only 2 available in stock' });
  });

  it('keeps other finishes and qualities as their own lines', () => {
    let cart = added([], hit(), 1);
    cart = added(cart, hit({ id: 2, finish: 'foil' }), 1);
    cart = added(cart, hit({ id: 3, quality: 'LP' }), 2);
    expect(cart.map((l) => [l.finish, l.quality, l.quantity])).toEqual([
      ['nonfoil', 'NM', 1],
      ['foil', 'NM', 1],
      ['nonfoil', 'LP', 2],
    ]);
    expect(removeFromCart(cart, cart[1]!.key)).toHaveLength(2);
  });

  it('checks a merge against the stock as it stands now', () => {
    const cart = added([], hit({ quantity: 4 }), 2);
    expect(addToCart(cart, hit({ quantity: 3 }), 2)).toEqual({ ok: false, alert: m.cannotAddMore(3) });
  });
});

describe('money', () => {
  it('adds up in whole cents and shows a dash for no price', () => {
    const lines = [
      { price: 0.1, quantity: 3 },
      { price: 0.2, quantity: 1 },
      { price: null, quantity: 4 },
    ];
    expect(lineTotal(lines[0]!)).toBe(0.3);
    expect(lineTotal(lines[2]!)).toBeNull();
    expect(cartTotal(lines)).toBe(0.5);
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(null)).toBe('—');
  });
});

describe('sealed products in the cart', () => {
  const product: SealedItem = {
    id: 7,
    name: 'Foundations Play Booster Box',
    category: 'Booster Box',
    set_code: 'fdn',
    price: 149.99,
    quantity: 2,
    updated_at: '2026-11-24T00:00:00.000Z',
    upc: null,
    location: '',
  };
  const box = sealedHit(product);

  it('go in as their own line, within their stock, and are sent by sealed_id', () => {
    let cart = added([], box, 1);
    cart = added(cart, hit(), 1);
    expect(addToCart(cart, box, 2)).toEqual({ ok: false, alert: m.cannotAddMore(2) });
    cart = added(cart, box, 1);
    expect(cart[0]).toMatchObject({
      key: 'sealed|7',
      quantity: 2,
      price: 149.99,
      name: 'Foundations Play Booster Box',
    });
    expect(orderItems(cart)).toEqual([
      { sealed_id: 7, quantity: 2 },
      { scryfall_id: hit().scryfallId, finish: 'nonfoil', quantity: 1, quality: 'NM', language: 'en' },
    ]);
    expect(lineDetails(cart[0]!)).toBe('FDN · Booster Box');
  });

  it('at $0 have no price yet and cannot be added', () => {
    const unpriced = sealedHit({ ...product, id: 8, price: 0, set_code: null, category: 'Bundle' });
    expect(unpriced.price).toBeNull();
    expect(addToCart([], unpriced, 1)).toEqual({ ok: false, alert: messages.storefront.noPrice });
  });
});

describe('orderItems', () => {
  it('sends card, finish, quantity, quality and language', () => {
    const cart = added([], hit({ quality: 'LP' }), 2);
    expect(orderItems(cart)).toEqual([
      {
        scryfall_id: '11111111-1111-4111-8111-111111111111',
        finish: 'nonfoil',
        quantity: 2,
        quality: 'LP',
        language: 'en',
      },
    ]);
  });

  it('keeps a German copy apart from an English one of the same printing, and names its language', () => {
    const cart = added(added([], hit(), 1), hit({ id: 2, uuid: 'u2', language: 'de' }), 1);
    expect(cart.map((line) => [line.quantity, line.language])).toEqual([
      [1, 'en'],
      [1, 'de'],
    ]);
    expect(orderItems(cart).map((item) => ('language' in item ? item.language : undefined))).toEqual(['en', 'de']);
    expect(lineDetails(cart[1]!)).toContain('German');
    expect(lineDetails(cart[0]!)).not.toContain('English');
  });

  it('keeps a signed copy apart from an unsigned one, and sends the flags only of a flagged line', () => {
    const cart = added(added([], hit(), 1), hit({ id: 2, uuid: 'u2', signed: true }), 1);
    expect(cart.map((line) => [line.quantity, line.signed])).toEqual([
      [1, false],
      [1, true],
    ]);
    const items = orderItems(cart);
    expect(items[0]).not.toHaveProperty('signed');
    expect(items[1]).toMatchObject({ signed: true });
    expect(items[1]).not.toHaveProperty('altered');
  });
});

describe('orderNumberOf', () => {
  it('reads the order number at top level or inside message', () => {
    expect(orderNumberOf({ message: 'ok', order_number: '20260101-1-1-7' })).toBe('20260101-1-1-7');
    expect(orderNumberOf({ message: { order_number: 42 } })).toBe('42');
    expect(orderNumberOf({ message: 'Order placed' })).toBeUndefined();
    expect(orderNumberOf(null)).toBeUndefined();
  });
});

describe('placingAttempt', () => {
  it('reuses the key for the same cart and makes a new one for a changed cart', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const cart = added([], hit(), 1);
    const first = placingAttempt(undefined, cart, newKey);
    expect(first.key).toBe('key-1');
    expect(placingAttempt(first, [...cart], newKey)).toBe(first);
    const bigger = added(cart, hit(), 1);
    expect(placingAttempt(first, bigger, newKey).key).toBe('key-2');
  });
});
