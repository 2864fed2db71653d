import type { Customer, RegisterSettings } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../orders/index.ts';
import {
  discountOf,
  figuresOf,
  remainingCents,
  saleBody,
  setLineQuantity,
  settlementOf,
  tenderProblemText,
  type TenderDraft,
} from './sale.ts';

const line = (over: Partial<CartItem> = {}): CartItem => ({
  key: 'a|nonfoil|NM|en',
  scryfall_id: '11111111-1111-4111-8111-111111111111',
  finish: 'nonfoil',
  quality: 'NM',
  language: 'en',
  signed: false,
  altered: false,
  quantity: 1,
  stock: 4,
  name: 'Lightning Bolt',
  setCode: '2x2',
  price: 10,
  image: null,
  ...over,
});

const settings: RegisterSettings = {
  tax_rate_percent: 8.875,
  prices_include_tax: false,
  employee_discount_limit_percent: 10,
};

const customer = (over: Partial<Customer> = {}): Customer => ({
  id: 7,
  name: 'Ada',
  email: 'ada@example.com',
  phone: '',
  notes: '',
  tax_exempt: false,
  balance: 5,
  created_at: '2026-11-27T10:00:00.000Z',
  ...over,
});

let id = 0;
const tender = (kind: TenderDraft['kind'], text: string, reference = ''): TenderDraft => ({
  id: ++id,
  kind,
  text,
  reference,
});

describe('the Register screen’s sale', () => {
  it('reads the discount box: blank is none, a percent up to 100 with 3 decimals, dollars with 2', () => {
    expect(discountOf({ kind: 'percent', text: '' })).toEqual({ ok: true });
    expect(discountOf({ kind: 'percent', text: '12.5' })).toEqual({ ok: true, discount: { percent: 12.5 } });
    expect(discountOf({ kind: 'amount', text: '$3.10' })).toEqual({ ok: true, discount: { amount_cents: 310 } });
    expect(discountOf({ kind: 'percent', text: '101' }).ok).toBe(false);
    expect(discountOf({ kind: 'percent', text: '1.2345' }).ok).toBe(false);
    expect(discountOf({ kind: 'amount', text: '1.005' }).ok).toBe(false);
    expect(discountOf({ kind: 'amount', text: '-1' }).ok).toBe(false);
    expect(discountOf({ kind: 'amount', text: 'ten' }).ok).toBe(false);
  });

  it('works out the figures the server will: discount first, tax once on what is left, exempt customers pay none', () => {
    const cart = [line({ quantity: 2 }), line({ key: 'b', price: 0.99 })];
    const figures = figuresOf(cart, settings, undefined, { percent: 10 });
    // 20.99 less 10 % (2.10, shared over the lines) is 18.89; 8.875 % of it is 1.676… → 1.68.
    expect(figures).toMatchObject({ subtotal_cents: 2099, discount_cents: 210, tax_cents: 168, total_cents: 2057 });
    expect(figuresOf(cart, settings, customer({ tax_exempt: true }), undefined)).toMatchObject({
      tax_cents: 0,
      total_cents: 2099,
    });
    // Prices that hold the tax: the total is the shelf price, the receipt shows the part that was tax.
    const inclusive = figuresOf([line()], { ...settings, prices_include_tax: true }, undefined, undefined);
    expect(inclusive).toMatchObject({ total_cents: 1000, tax_cents: 82 });
  });

  it('settles split tenders: cash may go over and gives change, the others may not, credit needs a customer', () => {
    const figures = figuresOf([line({ quantity: 2 })], { ...settings, tax_rate_percent: 0 }, undefined, undefined);
    const split = settlementOf(figures, [tender('card', '15'), tender('cash', '10')], undefined);
    expect(split).toEqual({
      ok: true,
      settled: { paid_cents: 2500, change_cents: 500, by_kind: { cash: 500, card: 1500, store_credit: 0, other: 0 } },
    });
    expect(settlementOf(figures, [tender('card', '25')], undefined)).toMatchObject({
      ok: false,
      problem: 'over_non_cash',
    });
    expect(settlementOf(figures, [tender('cash', '12')], undefined)).toMatchObject({
      ok: false,
      problem: 'short',
      paid_cents: 1200,
    });
    expect(settlementOf(figures, [tender('store_credit', '5')], undefined)).toMatchObject({
      problem: 'credit_without_customer',
    });
    expect(settlementOf(figures, [tender('store_credit', '6')], customer())).toMatchObject({
      problem: 'credit_over_balance',
    });
    expect(settlementOf(figures, [tender('cash', 'abc')], undefined)).toMatchObject({ problem: 'not_amount' });
    expect(tenderProblemText('short', 2000, 1200, 0)).toBe('$8.00 still to pay.');
  });

  it('fills a new tender with what is still due, and never a negative amount', () => {
    expect(remainingCents(2500, [tender('store_credit', '5')])).toBe(2000);
    expect(remainingCents(2500, [tender('cash', '30')])).toBe(0);
    expect(remainingCents(2500, [tender('cash', 'x')])).toBe(2500);
  });

  it('sends the rows, the customer, the discount in dollars and the tenders with their references', () => {
    const body = saleBody(
      [line({ quantity: 2 }), line({ key: 's', sealed: { id: 3, category: 'Booster Box' }, scryfall_id: '' })],
      customer(),
      { amount_cents: 250 },
      [tender('card', '20.5', ' T-991 '), tender('cash', '5')],
    );
    expect(body).toEqual({
      items: [
        {
          scryfall_id: '11111111-1111-4111-8111-111111111111',
          finish: 'nonfoil',
          quantity: 2,
          quality: 'NM',
          language: 'en',
        },
        { sealed_id: 3, quantity: 1 },
      ],
      customer_id: 7,
      discount: { amount: 2.5 },
      tenders: [
        { kind: 'card', amount: 20.5, reference: 'T-991' },
        { kind: 'cash', amount: 5 },
      ],
    });
  });

  it('keeps a line’s quantity between 1 and its stock', () => {
    const cart = [line()];
    expect(setLineQuantity(cart, cart[0]!.key, 9)[0]!.quantity).toBe(4);
    expect(setLineQuantity(cart, cart[0]!.key, 0)[0]!.quantity).toBe(1);
  });
});
