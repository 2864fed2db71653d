import { describe, expect, it } from 'vitest';
import { statusBadge, statusTone } from './billing-view.ts';

describe('status badges', () => {
  it('colour the spec’s statuses: active and completed green, processing and pending amber, the ended red', () => {
    expect(
      ['active', 'completed', 'processing', 'pending', 'inactive', 'cancelled', 'refunded'].map(statusTone),
    ).toEqual(['success', 'success', 'warning', 'warning', 'danger', 'danger', 'danger']);
  });

  it('show any other status grey, and every status in upper case', () => {
    expect(statusTone('trialing')).toBe('neutral');
    expect(statusBadge('trialing')).toEqual({ className: 'badge', text: 'TRIALING' });
    expect(statusBadge('Canceled')).toEqual({ className: 'badge badge-danger', text: 'CANCELED' });
  });
});
