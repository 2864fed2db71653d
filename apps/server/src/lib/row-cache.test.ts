import { describe, expect, it, vi } from 'vitest';
import { WriteCounter } from '../db/database.ts';
import { RowCache } from './row-cache.ts';

describe('RowCache', () => {
  it('reads once while nothing is written, and again after a write', async () => {
    const writes = new WriteCounter();
    const cache = new RowCache<string, number>(writes, 60_000);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get('a', read)).toBe(1);
    expect(await cache.get('a', read)).toBe(1);
    writes.bump();
    expect(await cache.get('a', read)).toBe(2);
    expect(await cache.get('a', read)).toBe(2);
  });

  it('does not keep a read that a write overlapped', async () => {
    const writes = new WriteCounter();
    const cache = new RowCache<string, string>(writes, 60_000);
    // The write lands while the read is under way: what it read may predate the write.
    expect(
      await cache.get('a', async () => {
        writes.bump();
        return 'old';
      }),
    ).toBe('old');
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('reads again once an entry is older than its age limit (other processes’ writes)', async () => {
    vi.useFakeTimers();
    try {
      const cache = new RowCache<string, number>(new WriteCounter(), 1000);
      let reads = 0;
      await cache.get('a', async () => ++reads);
      vi.advanceTimersByTime(999);
      expect(await cache.get('a', async () => ++reads)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.get('a', async () => ++reads)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps unknown keys too, and at most maxEntries', async () => {
    const cache = new RowCache<string, number | undefined>(new WriteCounter(), 60_000, 2);
    let reads = 0;
    const read = async () => {
      reads++;
      return undefined;
    };
    await cache.get('x', read);
    await cache.get('x', read);
    expect(reads).toBe(1);
    await cache.get('y', read);
    await cache.get('z', read);
    await cache.get('x', read);
    expect(reads).toBe(4);
  });

  it('shares one read among callers asking at once, and keeps no failed read', async () => {
    const writes = new WriteCounter();
    const cache = new RowCache<string, number>(writes, 60_000);
    let reads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 10));
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
    // A read that began before a write is not shared with a caller after it.
    const before = cache.get('c', slow);
    writes.bump();
    const after = cache.get('c', slow);
    expect(await before).not.toBe(await after);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });
});
