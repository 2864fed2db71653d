import { describe, expect, it } from 'vitest';
import {
  clearDeviceToken,
  codeFromSearch,
  deviceToken,
  makeSerialNumber,
  memoryStore,
  searchWithoutCode,
  serialNumber,
  storageKeys,
  storeDeviceToken,
} from './kiosk-device.ts';

describe('serial number', () => {
  it('is TAB- and the first 8 hex digits of a UUID, upper case', () => {
    expect(makeSerialNumber('3f9a1c2e-7b4d-4e1f-9a0b-1234567890ab')).toBe('TAB-3F9A1C2E');
  });

  it('is made once and kept', () => {
    const store = memoryStore();
    let made = 0;
    const uuid = () => {
      made += 1;
      return `${made}a${made}b${made}c${made}d-0000-4000-8000-000000000000`;
    };
    const first = serialNumber(store, uuid);
    expect(first).toBe('TAB-1A1B1C1D');
    expect(serialNumber(store, uuid)).toBe(first);
    expect(made).toBe(1);
    expect(store.getItem(storageKeys.serialNumber)).toBe(first);
  });

  it('survives forgetting the token', () => {
    const store = memoryStore();
    const serial = serialNumber(store, () => 'abcdef12-0000-4000-8000-000000000000');
    storeDeviceToken(store, 'tok');
    clearDeviceToken(store);
    expect(serialNumber(store, () => 'ffffffff-0000-4000-8000-000000000000')).toBe(serial);
  });
});

describe('device token', () => {
  it('is stored, read and cleared', () => {
    const store = memoryStore();
    expect(deviceToken(store)).toBeUndefined();
    storeDeviceToken(store, 'dev-token');
    expect(deviceToken(store)).toBe('dev-token');
    clearDeviceToken(store);
    expect(deviceToken(store)).toBeUndefined();
  });

  it('treats an empty stored value as none', () => {
    const store = memoryStore();
    store.setItem(storageKeys.deviceToken, '');
    expect(deviceToken(store)).toBeUndefined();
  });
});

describe('pairing code in the URL', () => {
  it('is read trimmed, blank counts as none', () => {
    expect(codeFromSearch('?code=ABCD-1234')).toBe('ABCD-1234');
    expect(codeFromSearch('?code=%20abcd-1234%20')).toBe('abcd-1234');
    expect(codeFromSearch('?code=')).toBeUndefined();
    expect(codeFromSearch('')).toBeUndefined();
  });

  it('is removed, other parameters kept', () => {
    expect(searchWithoutCode('?code=ABCD-1234')).toBe('');
    expect(searchWithoutCode('?lang=en&code=ABCD-1234')).toBe('?lang=en');
  });
});
