import type { RegisterSaleDetail } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { defaultRefund, emptyReturn, refundProblem, returnBody, returnOf } from './return-draft.ts';

/** A sale of 3 copies that paid $32.66 (one already returned for $10.89), paid $20 by card and the rest in cash. */
const sale = {
  sale_number: '1043',
  customer: null,
  lines: [
    { line: 7, name: 'Bolt', quantity: 3, total: 32.66 },
    { line: 8, name: 'Box', quantity: 1, total: 10 },
  ],
  returnable: [
    { line: 7, quantity: 2, amount: 21.77 },
    { line: 8, quantity: 1, amount: 10 },
  ],
  tenders: [
    { kind: 'card', amount: 20, reference: '' },
    { kind: 'cash', amount: 22.66, reference: '' },
  ],
  refundable: { card: 9.11, other: 0 },
} as unknown as RegisterSaleDetail;

describe('a return as the Register types it', () => {
  it('gives back each line’s share after the copies returned before, as the server counts it', () => {
    const drafts = emptyReturn(sale);
    expect(returnOf(sale, drafts)).toEqual({ ok: true, cents: 0, lines: [] });
    const one = drafts.map((d) => (d.line === 7 ? { ...d, text: '1' } : d));
    // The second of three copies of 32.66: 21.77 − 10.89 = 10.88.
    expect(returnOf(sale, one)).toEqual({ ok: true, cents: 1088, lines: [{ line: 7, quantity: 1, restock: true }] });
    const all = [
      { line: 7, text: '2', restock: false },
      { line: 8, text: '1', restock: true },
    ];
    expect(returnOf(sale, all)).toMatchObject({ ok: true, cents: 3177 });
  });

  it('names a line typed wrong: more copies than are left, or not a whole number', () => {
    expect(returnOf(sale, [{ line: 7, text: '3', restock: true }])).toEqual({
      ok: false,
      bad: 'Bolt: return a whole number of copies, at most 2.',
    });
    expect(returnOf(sale, [{ line: 7, text: '1.5', restock: true }]).ok).toBe(false);
  });

  it('refunds the card first as far as it can still take, then cash; says what does not add up', () => {
    const parts = defaultRefund(sale, 3177);
    expect(parts.map((p) => [p.kind, p.text])).toEqual([
      ['card', '9.11'],
      ['cash', '22.66'],
    ]);
    expect(refundProblem(sale, 3177, parts)).toBeUndefined();
    expect(refundProblem(sale, 3177, parts.slice(0, 1))).toBe('$22.66 still to refund.');
    expect(refundProblem(sale, 3177, [{ id: 1, kind: 'card', text: '31.77', reference: '' }])).toBe(
      'At most $9.11 can go back to the card.',
    );
    expect(refundProblem(sale, 3177, [{ id: 1, kind: 'store_credit', text: '31.77', reference: '' }])).toBe(
      'The sale had no customer: refund another way than store credit.',
    );
    expect(returnBody(sale, [{ line: 7, quantity: 2, restock: false }], parts)).toEqual({
      sale_number: '1043',
      lines: [{ line: 7, quantity: 2, restock: false }],
      refund: [
        { kind: 'card', amount: 9.11 },
        { kind: 'cash', amount: 22.66 },
      ],
    });
  });
});
