import { messages } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api.ts';
import {
  chartDay,
  chartSummary,
  formatRevenue,
  marginText,
  revenueTick,
  setLabel,
  statsErrorText,
} from './stats-view.ts';

const m = messages.stats;

describe('statsErrorText', () => {
  it('reads a refusal as its HTTP status, whatever the server said', () => {
    expect(statsErrorText(new ApiError(500, 'Internal server error', 'Internal Server Error'))).toBe(
      'HTTP error! status: 500',
    );
    expect(statsErrorText(new ApiError(401, 'Not logged in', 'Unauthorized'))).toBe(m.httpError(401));
  });

  it("shows another error's own message", () => {
    expect(statsErrorText(new NetworkError())).toBe('No response from server');
    expect(statsErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('falls back to the spec text for anything that is not an Error', () => {
    expect(statsErrorText('boom')).toBe(m.failed);
    expect(statsErrorText(undefined)).toBe('Failed to fetch statistics');
  });
});

describe('setLabel', () => {
  it('upper-cases the set code and says N/A without one', () => {
    expect(setLabel('lea')).toBe('LEA');
    expect(setLabel(null)).toBe('N/A');
    expect(setLabel(' ')).toBe('N/A');
  });
});

describe('chartDay', () => {
  it('shows the UTC day as it is, short or long', () => {
    expect(chartDay('2026-11-01', { locale: 'en-US' })).toBe('Nov 1');
    expect(chartDay('2026-11-01', { locale: 'en-US', long: true })).toBe('Nov 1, 2026');
    expect(chartDay('not a day')).toBe('not a day');
  });
});

describe('money', () => {
  it('shows revenue in dollars with two decimals', () => {
    expect(formatRevenue(7.5)).toBe('$7.50');
    expect(formatRevenue(1234)).toBe('$1,234.00');
  });

  it('shows axis ticks in whole dollars unless the axis steps in cents', () => {
    expect(revenueTick(8, false)).toBe('$8');
    expect(revenueTick(0.25, true)).toBe('$0.25');
  });
});

describe('chartSummary', () => {
  it('sums the orders and revenue over the days shown and names the axes', () => {
    const text = chartSummary(
      [
        { date: '2026-11-20', orders: 1, revenue: 7.5 },
        { date: '2026-11-22', orders: 2, revenue: 2 },
      ],
      'en-US',
    );
    expect(text).toBe(
      'Orders over time from Nov 20, 2026 to Nov 22, 2026: 3 orders and $9.50 revenue over 2 days; ' +
        'x axis Date, left axis Orders, right axis Revenue ($).',
    );
  });

  it('speaks of one day and one order in the singular', () => {
    expect(chartSummary([{ date: '2026-11-20', orders: 1, revenue: 3 }], 'en-US')).toMatch(
      /^Orders over time on Nov 20, 2026: 1 order and \$3\.00 revenue over 1 day;/,
    );
  });

  it('says there are no sales yet without days', () => {
    expect(chartSummary([])).toBe('Orders over time: No sales yet.');
  });
});

describe('marginText', () => {
  it('shows the margin and its share, or a dash when no copy sold had a known cost', () => {
    expect(marginText({ margin: 8, margin_percent: 40 })).toBe('$8.00 (40 %)');
    expect(marginText({ margin: -1.5, margin_percent: -12.5 })).toBe('-$1.50 (-12.5 %)');
    expect(marginText({ margin: 0, margin_percent: null })).toBe('$0.00');
    expect(marginText({ margin: null, margin_percent: null })).toBe('—');
  });
});
