import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNext } from './next-page.ts';

describe('safeNext', () => {
  it('follows a path of this site, with its query', () => {
    expect(safeNext('/stats')).toBe('/stats');
    expect(safeNext('/card-details?id=abc')).toBe('/card-details?id=abc');
  });

  it('follows nothing that leaves the site or loops back to the login', () => {
    for (const next of [null, undefined, '', 'stats', '//evil.example', '/\\evil.example', 'https://evil.example'])
      expect(safeNext(next), String(next)).toBeUndefined();
    expect(safeNext('/login?next=/stats')).toBeUndefined();
    expect(safeNext('/\u0000x')).toBeUndefined();
    expect(safeNext('/\t/evil.example')).toBeUndefined();
  });
});

describe('loginPathFor', () => {
  it('names the page to come back to', () => {
    expect(loginPathFor('/inventory-management')).toBe('/login?next=%2Finventory-management');
    expect(loginPathFor('/card-details?id=1')).toBe('/login?next=%2Fcard-details%3Fid%3D1');
    expect(loginPathFor('/login')).toBe('/login');
  });
});
