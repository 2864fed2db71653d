import { describe, expect, it } from 'vitest';
import { calloutOf, formatLocalTime, formatPrice, parseUtc, saleDate, splitOrderNumber } from './format.ts';

describe('calloutOf', () => {
  it('is the last dash-separated part of the order number', () => {
    expect(calloutOf('20260522-3-1-0042')).toBe('0042');
    expect(calloutOf('20260522-12-7-9')).toBe('9');
  });

  it('is the whole number when there is no dash', () => {
    expect(calloutOf('17')).toBe('17');
  });

  it('splits the number before its callout', () => {
    expect(splitOrderNumber('20260522-3-1-0042')).toEqual({ prefix: '20260522-3-1-', callout: '0042' });
    expect(splitOrderNumber('17')).toEqual({ prefix: '', callout: '17' });
  });
});

describe('order times', () => {
  it('reads a time without a zone as UTC', () => {
    expect(parseUtc('2026-05-22T10:15:00')?.toISOString()).toBe('2026-05-22T10:15:00.000Z');
    expect(parseUtc('2026-05-22 10:15:00')?.toISOString()).toBe('2026-05-22T10:15:00.000Z');
  });

  it('keeps a zone that is already there', () => {
    expect(parseUtc('2026-05-22T10:15:00.000Z')?.toISOString()).toBe('2026-05-22T10:15:00.000Z');
    expect(parseUtc('2026-05-22T12:15:00+02:00')?.toISOString()).toBe('2026-05-22T10:15:00.000Z');
  });

  it('shows the time in the viewer’s zone', () => {
    const at = '2026-05-22T23:30:00.000Z';
    // ICU versions differ on the space before AM/PM (a narrow no-break space in newer ones).
    const shown = (timeZone: string) => formatLocalTime(at, { locale: 'en-US', timeZone }).replace(/\s/g, ' ');
    expect(shown('UTC')).toBe('May 22, 2026, 11:30:00 PM');
    expect(shown('Asia/Tokyo')).toBe('May 23, 2026, 8:30:00 AM');
  });

  it('shows text that is not a time as it is', () => {
    expect(parseUtc('soon')).toBeUndefined();
    expect(formatLocalTime('soon')).toBe('soon');
  });
});

describe('saleDate', () => {
  it("shows a UTC time as the viewer's local day", () => {
    const ts = '2026-11-22T03:15:00.000Z';
    expect(saleDate(ts, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 22, 2026');
    expect(saleDate(ts, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Nov 21, 2026');
  });

  it('shows text that is not a time as it is', () => {
    expect(saleDate('soon')).toBe('soon');
  });
});

describe('formatPrice', () => {
  it('shows dollars with two decimals', () => {
    expect(formatPrice(3.5)).toBe('$3.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1234.567)).toBe('$1,234.57');
  });
});
