import { adminBounds } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { assignableRoles, boundedNumber, cutDescription, performancePercent, plural } from './admin-view.ts';

describe('admin view helpers', () => {
  it('cuts a description to 100 characters with an ellipsis', () => {
    expect(cutDescription('Short')).toBe('Short');
    expect(cutDescription('x'.repeat(100))).toBe('x'.repeat(100));
    expect(cutDescription('y'.repeat(101))).toBe(`${'y'.repeat(100)}...`);
  });

  it('keeps numbers within the bounds of spec 001 §5, with their fallbacks', () => {
    const { max_stores_per_user, password_min_length, session_timeout_hours, rate_limit_per_minute, smtp_port } =
      adminBounds;
    expect(boundedNumber('', max_stores_per_user)).toBe(1);
    expect(boundedNumber('abc', password_min_length)).toBe(8);
    expect(boundedNumber('', session_timeout_hours)).toBe(24);
    expect(boundedNumber('x', rate_limit_per_minute)).toBe(100);
    expect(boundedNumber('', smtp_port)).toBe(587);
    expect(boundedNumber('', adminBounds.max_inventory_items)).toBe(1000);
    expect(boundedNumber('11', max_stores_per_user)).toBe(10);
    expect(boundedNumber('0', max_stores_per_user)).toBe(1);
    expect(boundedNumber('5', password_min_length)).toBe(6);
    expect(boundedNumber('33', password_min_length)).toBe(32);
    expect(boundedNumber('200', session_timeout_hours)).toBe(168);
    expect(boundedNumber('9', rate_limit_per_minute)).toBe(10);
    expect(boundedNumber('1001', rate_limit_per_minute)).toBe(1000);
    expect(boundedNumber('12.6', password_min_length)).toBe(13);
  });

  it('fills the performance bar at 500 orders', () => {
    expect(performancePercent(0)).toBe(0);
    expect(performancePercent(250)).toBe(50);
    expect(performancePercent(900)).toBe(100);
  });

  it('offers superadmin only to a superadmin', () => {
    expect(assignableRoles(false)).not.toContain('superadmin');
    expect(assignableRoles(true)).toContain('superadmin');
  });

  it('counts in words', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(3, 'item')).toBe('3 items');
  });
});
