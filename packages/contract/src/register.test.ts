import { describe, expect, it } from 'vitest';
import {
  checkRefund,
  discountCents,
  percentOfCents,
  returnShareCents,
  saleFigures,
  settle,
  shareOut,
  taxCents,
  withinDiscountLimit,
  type TaxRule,
} from './register.ts';

const noTax: TaxRule = { rate_percent: 0, prices_include_tax: false, exempt: false };
const salesTax = (rate_percent: number): TaxRule => ({ rate_percent, prices_include_tax: false, exempt: false });
const vat = (rate_percent: number): TaxRule => ({ rate_percent, prices_include_tax: true, exempt: false });

describe('percentages of cents round half up', () => {
  it('to the nearest cent, halves up, with three decimals of a rate', () => {
    expect(percentOfCents(1000, 8.875)).toBe(89); // 88.75
    expect(percentOfCents(200, 8.875)).toBe(18); // 17.75
    expect(percentOfCents(100, 2.5)).toBe(3); // 2.5 → 3
    expect(percentOfCents(100, 2.4)).toBe(2);
    expect(percentOfCents(0, 30)).toBe(0);
    // 0.1 + 0.2 style float error does not move a cent: 1,005 × 10 % = 100.5 → 101.
    expect(percentOfCents(1005, 10)).toBe(101);
  });

  it('a discount never takes more than the amount, nor less than nothing', () => {
    expect(discountCents(1000, { percent: 10 })).toBe(100);
    expect(discountCents(1000, { amount_cents: 250 })).toBe(250);
    expect(discountCents(1000, { amount_cents: 5000 })).toBe(1000);
    expect(discountCents(1000, { percent: 150 })).toBe(1000);
    expect(discountCents(1000, { amount_cents: -5 })).toBe(0);
    expect(discountCents(1000, undefined)).toBe(0);
  });
});

describe('sharing an amount over lines', () => {
  it('adds up exactly, the leftover cents to the largest remainders, the earlier line on a tie', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [333, 667])).toEqual([3, 7]);
    expect(shareOut(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(shareOut(0, [3, 4])).toEqual([0, 0]);
    expect(shareOut(5, [0, 0])).toEqual([0, 0]);
  });

  it('stays exact where a float product would not (amounts past 2^53 when multiplied)', () => {
    const shares = shareOut(99_999_999, [99_999_999, 1, 99_999_998]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(99_999_999);
    expect(shares).toEqual([50_000_000, 0, 49_999_999]);
  });
});

describe('tax, once per sale', () => {
  it('on top of the price, rounded half up', () => {
    expect(taxCents(1000, salesTax(8.875))).toBe(89);
    expect(taxCents(1000, salesTax(0))).toBe(0);
    expect(taxCents(1, salesTax(30))).toBe(0); // 0.3 → 0
    expect(taxCents(2, salesTax(25))).toBe(1); // 0.5 → 1
  });

  it('inside the price: the part that is tax, amount × rate / (100 + rate)', () => {
    expect(taxCents(1200, vat(20))).toBe(200);
    expect(taxCents(1000, vat(19))).toBe(160); // 159.66
    expect(taxCents(999, vat(7.5))).toBe(70); // 69.70
  });

  it('none for an exempt customer, and none on nothing', () => {
    expect(taxCents(1000, { ...salesTax(10), exempt: true })).toBe(0);
    expect(taxCents(0, salesTax(10))).toBe(0);
  });

  it('is computed on the sale, not line by line: three lines of 5 cents at 10 % pay 2 cents, not 3', () => {
    const sale = saleFigures({ lines: [5, 5, 5].map((c) => ({ unit_cents: c, quantity: 1 })), tax: salesTax(10) });
    expect(sale.tax_cents).toBe(2); // 1.5 → 2
    expect(sale.lines.map((l) => l.tax_cents)).toEqual([1, 1, 0]);
    expect(sale.total_cents).toBe(17);
  });
});

describe('a sale’s figures', () => {
  it('line discounts, then the sale’s discount shared in proportion, then tax on what is left', () => {
    const sale = saleFigures({
      lines: [
        { unit_cents: 1000, quantity: 2, discount: { percent: 10 } }, // 2000 − 200 = 1800
        { unit_cents: 600, quantity: 1 }, // 600
      ],
      sale_discount: { amount_cents: 240 }, // shared 1800 : 600 → 180 and 60
      tax: salesTax(8.875),
    });
    expect(sale.subtotal_cents).toBe(2600);
    expect(sale.discount_cents).toBe(440);
    expect(sale.lines.map((l) => [l.discount_cents, l.net_cents])).toEqual([
      [380, 1620],
      [60, 540],
    ]);
    // 2160 × 8.875 % = 191.7 → 192, shared 1620 : 540 → 144 and 48.
    expect(sale.tax_cents).toBe(192);
    expect(sale.lines.map((l) => l.tax_cents)).toEqual([144, 48]);
    expect(sale.total_cents).toBe(2352);
    expect(sale.lines.reduce((a, l) => a + l.paid_cents, 0)).toBe(sale.total_cents);
    expect(sale.due_cents).toBe(2352);
  });

  it('a percentage off the sale is of what the lines come to after their own discounts', () => {
    const sale = saleFigures({
      lines: [{ unit_cents: 1000, quantity: 1, discount: { amount_cents: 500 } }],
      sale_discount: { percent: 10 },
      tax: noTax,
    });
    expect(sale.discount_cents).toBe(550);
    expect(sale.total_cents).toBe(450);
  });

  it('with tax-inclusive prices the total is the shelf price, and the receipt shows the part that was tax', () => {
    const sale = saleFigures({ lines: [{ unit_cents: 1200, quantity: 1 }], tax: vat(20) });
    expect(sale.total_cents).toBe(1200);
    expect(sale.tax_cents).toBe(200);
    expect(sale.lines[0]).toMatchObject({ net_cents: 1200, tax_cents: 200, paid_cents: 1200 });
  });

  it('an exempt customer pays no tax: on top, none is added; inside the price, it is taken off', () => {
    const exempt = { exempt: true };
    const onTop = saleFigures({ lines: [{ unit_cents: 1000, quantity: 1 }], tax: { ...salesTax(10), ...exempt } });
    expect([onTop.tax_cents, onTop.total_cents]).toEqual([0, 1000]);
    const inside = saleFigures({ lines: [{ unit_cents: 1200, quantity: 1 }], tax: { ...vat(20), ...exempt } });
    expect([inside.tax_cents, inside.total_cents, inside.lines[0]!.paid_cents]).toEqual([0, 1000, 1000]);
  });

  it('trade-in as store credit comes off what is due; beyond the total it goes onto the customer’s credit', () => {
    const lines = [{ unit_cents: 1000, quantity: 1 }];
    const part = saleFigures({ lines, tax: salesTax(10), trade_in_cents: 400, trade_in_payout: 'credit' });
    expect(part).toMatchObject({ total_cents: 1100, trade_in_cents: 400, due_cents: 700, credit_to_customer_cents: 0 });
    // Trade-in lines are not taxed: the tax is on the sold lines alone.
    expect(part.tax_cents).toBe(100);
    const more = saleFigures({ lines, tax: salesTax(10), trade_in_cents: 1500, trade_in_payout: 'credit' });
    expect(more).toMatchObject({ due_cents: 0, credit_to_customer_cents: 400, cash_out_cents: 0 });
  });

  it('trade-in in cash leaves the total due and is paid out of the drawer', () => {
    const sale = saleFigures({
      lines: [{ unit_cents: 1000, quantity: 1 }],
      tax: noTax,
      trade_in_cents: 300,
      trade_in_payout: 'cash',
    });
    expect(sale).toMatchObject({ due_cents: 1000, cash_out_cents: 300, credit_to_customer_cents: 0 });
  });

  it('a trade-in alone (nothing sold) is due nothing', () => {
    const sale = saleFigures({ lines: [], tax: salesTax(10), trade_in_cents: 800, trade_in_payout: 'credit' });
    expect(sale).toMatchObject({ subtotal_cents: 0, tax_cents: 0, total_cents: 0, due_cents: 0 });
    expect(sale.credit_to_customer_cents).toBe(800);
  });
});

describe('the discount an Employee may give', () => {
  it('is compared exactly with the limit: 10 % is within 10, 10.004 % is not', () => {
    expect(withinDiscountLimit({ subtotal_cents: 10_000, discount_cents: 1000 }, 10)).toBe(true);
    expect(withinDiscountLimit({ subtotal_cents: 249_900, discount_cents: 25_000 }, 10)).toBe(false);
    expect(withinDiscountLimit({ subtotal_cents: 0, discount_cents: 0 }, 0)).toBe(true);
  });
});

describe('tenders', () => {
  it('cash may go over: the rest is change, and the drawer keeps what the sale cost', () => {
    const r = settle(1750, [{ kind: 'cash', amount_cents: 2000 }], null);
    expect(r).toEqual({
      ok: true,
      settled: { paid_cents: 2000, change_cents: 250, by_kind: { cash: 1750, card: 0, store_credit: 0, other: 0 } },
    });
  });

  it('split: store credit and card first, cash for the rest with change', () => {
    const r = settle(
      5000,
      [
        { kind: 'store_credit', amount_cents: 1500 },
        { kind: 'card', amount_cents: 2000 },
        { kind: 'cash', amount_cents: 2000 },
      ],
      1500,
    );
    expect(r).toMatchObject({ ok: true, settled: { paid_cents: 5500, change_cents: 500 } });
    expect(r.ok && r.settled.by_kind).toEqual({ cash: 1500, card: 2000, store_credit: 1500, other: 0 });
  });

  it('refuses short tenders, non-cash over what is due, credit without a customer or over the balance', () => {
    expect(settle(1000, [{ kind: 'cash', amount_cents: 999 }], null)).toEqual({ ok: false, problem: 'short' });
    expect(settle(1000, [{ kind: 'card', amount_cents: 1001 }], null)).toEqual({
      ok: false,
      problem: 'over_non_cash',
    });
    expect(
      settle(
        1000,
        [
          { kind: 'card', amount_cents: 600 },
          { kind: 'other', amount_cents: 600 },
        ],
        null,
      ),
    ).toEqual({ ok: false, problem: 'over_non_cash' });
    expect(settle(1000, [{ kind: 'store_credit', amount_cents: 500 }], null)).toEqual({
      ok: false,
      problem: 'credit_without_customer',
    });
    expect(settle(1000, [{ kind: 'store_credit', amount_cents: 500 }], 499)).toEqual({
      ok: false,
      problem: 'credit_over_balance',
    });
    expect(settle(1000, [{ kind: 'cash', amount_cents: 0 }], null)).toEqual({ ok: false, problem: 'not_positive' });
  });

  it('nothing due needs no tender', () => {
    expect(settle(0, [], null)).toMatchObject({ ok: true, settled: { paid_cents: 0, change_cents: 0 } });
  });
});

describe('returns', () => {
  it('give back a line’s paid amount by copies, never more than it paid, in any number of returns', () => {
    const line = { paid_cents: 1000, quantity: 3 };
    expect(returnShareCents(line, 0, 1)).toBe(333);
    expect(returnShareCents(line, 1, 1)).toBe(334);
    expect(returnShareCents(line, 2, 1)).toBe(333);
    expect(returnShareCents(line, 0, 3)).toBe(1000);
    // Returning more copies than are left gives back only what is left.
    expect(returnShareCents(line, 2, 5)).toBe(333);
    for (const split of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      let already = 0;
      let back = 0;
      for (const n of split) {
        back += returnShareCents(line, already, n);
        already += n;
      }
      expect(back, split.join('+')).toBe(1000);
    }
  });
});

describe('a return’s refund', () => {
  const left = { card: 2000, other: 0 };
  it('is exactly what the copies paid, every part positive', () => {
    expect(checkRefund(4355, [{ kind: 'cash', amount_cents: 4355 }], left, false)).toBeNull();
    expect(checkRefund(4355, [{ kind: 'cash', amount_cents: 4354 }], left, false)).toBe('not_total');
    expect(checkRefund(4355, [{ kind: 'cash', amount_cents: 4356 }], left, false)).toBe('not_total');
    expect(checkRefund(0, [], left, false)).toBeNull();
    expect(
      checkRefund(
        100,
        [
          { kind: 'cash', amount_cents: 100 },
          { kind: 'card', amount_cents: 0 },
        ],
        left,
        false,
      ),
    ).toBe('not_positive');
  });
  it('goes back to a card or other at most what the sale took that way; cash has no cap', () => {
    const split = (card: number) => [
      { kind: 'card' as const, amount_cents: card },
      { kind: 'cash' as const, amount_cents: 4355 - card },
    ];
    expect(checkRefund(4355, split(2000), left, false)).toBeNull();
    expect(checkRefund(4355, split(2001), left, false)).toBe('over_card');
    expect(checkRefund(4355, [{ kind: 'other', amount_cents: 4355 }], left, false)).toBe('over_other');
  });
  it('gives store credit only to the sale’s customer', () => {
    expect(checkRefund(500, [{ kind: 'store_credit', amount_cents: 500 }], left, false)).toBe(
      'credit_without_customer',
    );
    expect(checkRefund(500, [{ kind: 'store_credit', amount_cents: 500 }], left, true)).toBeNull();
  });
});
