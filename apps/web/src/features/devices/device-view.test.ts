import { messages, ZCreateCodeRequest } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  activeBadge,
  deviceKey,
  deviceNameProblem,
  deviceTime,
  removedToggleText,
  splitDevices,
} from './device-view.ts';

const m = messages.devices;

describe('deviceTime', () => {
  it('shows a UTC time in the given zone', () => {
    const shown = deviceTime('2026-11-22T10:15:00.000Z', { locale: 'en-US', timeZone: 'America/New_York' });
    expect(shown).toContain('Nov 22, 2026');
    expect(shown).toContain('5:15:00');
  });

  it('reads a missing or blank last login as "Never"', () => {
    expect(deviceTime(null)).toBe(m.never);
    expect(deviceTime(undefined)).toBe(m.never);
    expect(deviceTime('  ')).toBe(m.never);
  });

  it('shows text that is not a time as it is', () => {
    expect(deviceTime('yesterday')).toBe('yesterday');
  });
});

describe('activeBadge', () => {
  it('is a green Active or a plain Inactive', () => {
    expect(activeBadge(true)).toEqual({ label: 'Active', className: 'badge badge-success' });
    expect(activeBadge(false)).toEqual({ label: 'Inactive', className: 'badge' });
  });
});

describe('deviceNameProblem', () => {
  it('refuses a blank name with the spec text, as the server does', () => {
    for (const name of ['', '   ', '\t\n']) {
      expect(deviceNameProblem(name)).toBe(m.nameRequired);
      const parsed = ZCreateCodeRequest.safeParse({ auth_token: 't', device_name: name });
      expect(parsed.success ? undefined : parsed.error.issues[0]?.message).toBe(m.nameRequired);
    }
  });

  it('accepts any name with a visible character', () => {
    expect(deviceNameProblem(' Counter tablet ')).toBeUndefined();
  });
});

describe('deviceKey', () => {
  it('tells a re-paired tablet from its removed row', () => {
    const removed = { name: 'Front', serial_number: 'TAB-1', registered_on: '2026-01-01T00:00:00.000Z' };
    const again = { ...removed, registered_on: '2026-01-02T00:00:00.000Z' };
    expect(deviceKey(removed)).not.toBe(deviceKey(again));
    expect(deviceKey(removed)).toBe(deviceKey({ ...removed }));
  });
});

describe('splitDevices', () => {
  it('keeps the server order on each side', () => {
    const devices = [
      { name: 'a', is_active: false },
      { name: 'b', is_active: true },
      { name: 'c', is_active: false },
      { name: 'd', is_active: true },
    ];
    const { active, removed } = splitDevices(devices);
    expect(active.map((d) => d.name)).toEqual(['b', 'd']);
    expect(removed.map((d) => d.name)).toEqual(['a', 'c']);
  });

  it('splits an empty list into two empty ones', () => {
    expect(splitDevices([])).toEqual({ active: [], removed: [] });
  });
});

describe('removedToggleText', () => {
  it('offers to show or hide, with the count', () => {
    expect(removedToggleText(3, false)).toBe('Show removed devices (3)');
    expect(removedToggleText(1, true)).toBe('Hide removed devices (1)');
  });
});
