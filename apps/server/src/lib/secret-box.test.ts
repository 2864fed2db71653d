import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelKey, secretBox } from './secret-box.ts';

describe('the secret box', () => {
  const box = secretBox(randomBytes(32));

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const sealed = box.seal('a CardTrader token');
    expect(sealed).not.toContain('CardTrader');
    expect(box.open(sealed)).toBe('a CardTrader token');
    expect(box.seal('a CardTrader token')).not.toBe(sealed);
  });

  it('refuses a changed byte and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const text = Buffer.from(parts[3]!, 'base64url');
    text[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 3), text.toString('base64url')].join('.'))).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('not sealed')).toThrow('not a sealed secret');
  });
});

describe('the channel key', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'channel-key-'));

  it('is the configured key when there is one', () => {
    const key = randomBytes(32);
    expect(channelKey(key, true, dataDir())).toBe(key);
    expect(channelKey(key, false, dataDir())).toBe(key);
  });

  it('outside production, is made once in the data folder (owner-only) and read back after', () => {
    const dir = dataDir();
    const made = channelKey(undefined, false, dir)!;
    expect(made).toHaveLength(32);
    const file = path.join(dir, 'channel-secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(channelKey(undefined, false, dir)).toEqual(made);
  });

  it('in production, is none without the variable: no secret is kept under a key made on the spot', () => {
    const dir = dataDir();
    expect(channelKey(undefined, true, dir)).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
