import { describe, expect, it } from 'vitest';
import { adjustmentAmount, creditAmount, customerFormProblem, defaultCredit } from './customer-form.ts';

describe('customer form', () => {
  it('needs a name and an e-mail or a phone', () => {
    expect(customerFormProblem({ name: ' ', email: 'a@b.c', phone: '', notes: '' })).toBe('Name is required.');
    expect(customerFormProblem({ name: 'Ann', email: '', phone: ' ', notes: '' })).toBe(
      'Give an e-mail address or a phone number.',
    );
    expect(customerFormProblem({ name: 'Ann', email: '', phone: '555', notes: '' })).toBeUndefined();
  });

  it('reads an adjustment: either way, never 0, two decimals at most', () => {
    expect(adjustmentAmount('12.5')).toBe(12.5);
    expect(adjustmentAmount('+3')).toBe(3);
    expect(adjustmentAmount('-0.01')).toBe(-0.01);
    expect(adjustmentAmount('0')).toBeUndefined();
    expect(adjustmentAmount('1.234')).toBeUndefined();
    expect(adjustmentAmount('abc')).toBeUndefined();
  });

  it('reads the credit to pay with, and defaults it to what the balance and the total allow', () => {
    expect(creditAmount('')).toBe(0);
    expect(creditAmount('4.50')).toBe(4.5);
    expect(creditAmount('-1')).toBeUndefined();
    expect(defaultCredit(30, 12.5)).toBe(12.5);
    expect(defaultCredit(7.25, 20)).toBe(7.25);
    expect(defaultCredit(0, 20)).toBe(0);
  });
});
