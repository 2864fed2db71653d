import { describe, expect, it } from 'vitest';
import { finishLabel, finishSummary } from './order-view.ts';

describe('finishes', () => {
  it('labels foil Foil and nonfoil Non-Foil', () => {
    expect(finishLabel('foil')).toBe('Foil');
    expect(finishLabel('nonfoil')).toBe('Non-Foil');
    expect(finishLabel('etched')).toBe('Etched');
  });

  it('summarises an order’s finishes once each', () => {
    expect(finishSummary([{ finish: 'foil' }, { finish: 'nonfoil' }, { finish: 'foil' }])).toBe('Non-Foil, Foil');
    expect(finishSummary([{ finish: 'nonfoil' }])).toBe('Non-Foil');
    expect(finishSummary([{ finish: 'foil' }, { finish: 'nonfoil', kind: 'sealed' }])).toBe('Foil');
    expect(finishSummary([{ finish: 'nonfoil', kind: 'sealed' }])).toBe('—');
    expect(finishSummary([])).toBe('—');
  });
});
