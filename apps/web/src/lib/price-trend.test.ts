import { describe, expect, it } from 'vitest';
import { sparkline, trendOf } from './price-trend.ts';

const history = [
  { day: '2026-05-01', usd: 10, usd_foil: null, usd_etched: null },
  { day: '2026-05-11', usd: 12.5, usd_foil: 30, usd_etched: null },
  { day: '2026-05-21', usd: 8, usd_foil: 30, usd_etched: null },
];

describe('price trend', () => {
  it('follows one finish, from its first price to its newest', () => {
    expect(trendOf(history, 'nonfoil')).toEqual({
      points: [
        { day: '2026-05-01', dollars: 10 },
        { day: '2026-05-11', dollars: 12.5 },
        { day: '2026-05-21', dollars: 8 },
      ],
      last: 8,
      changePercent: -20,
      since: '2026-05-01',
    });
    // The foil price starts when it first appears; one unchanged step is no change.
    expect(trendOf(history, 'foil')).toMatchObject({ last: 30, changePercent: 0, since: '2026-05-11' });
    expect(trendOf(history, 'etched')).toBeNull();
  });

  it('says a price that vanished is no price now', () => {
    const gone = [...history, { day: '2026-05-30', usd: null, usd_foil: 31, usd_etched: null }];
    expect(trendOf(gone, 'nonfoil')).toMatchObject({ last: null, changePercent: null });
  });

  it('draws steps across the box, the highest price at the top', () => {
    const line = sparkline(trendOf(history, 'nonfoil')!, '2026-05-31', 100, 20);
    expect(line).toBe('0.0,11.0 32.3,11.0 32.3,1.0 64.5,1.0 64.5,19.0 100,19.0');
  });
});
