import { describe, expect, it } from 'vitest';
import { storefrontSubdomain } from './host.ts';

describe('storefrontSubdomain (spec 001 §2.7)', () => {
  it.each([
    ['demo.localhost', 'demo'],
    ['blue-dragon.cardstock.app', 'blue-dragon'],
    ['Demo.LocalHost', 'demo'],
  ])('%s is the storefront of %s', (host, shop) => {
    expect(storefrontSubdomain(host)).toBe(shop);
  });

  it.each(['localhost', 'cardstock.app', 'localhost.localhost', '127.0.0.1', '10.0.0.12'])(
    '%s is normal mode',
    (host) => {
      expect(storefrontSubdomain(host)).toBeUndefined();
    },
  );
});
