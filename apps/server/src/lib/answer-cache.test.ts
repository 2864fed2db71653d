import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';
import { Serialized } from './route.ts';

const answer = (text: string) => Serialized.of(z.string(), text);

describe('AnswerCache', () => {
  it('keeps an answer under its key: the second ask makes nothing', async () => {
    const cache = new AnswerCache();
    let made = 0;
    const make = () => Promise.resolve(answer(`made ${++made}`));
    expect((await cache.get('a', make)).body.toString()).toBe('"made 1"');
    expect((await cache.get('a', make)).body.toString()).toBe('"made 1"');
    expect(made).toBe(1);
  });

  it('keeps at most `max` answers of a group, answering the rest without keeping them', async () => {
    const cache = new AnswerCache();
    let made = 0;
    const make = () => Promise.resolve(answer(`made ${++made}`));
    const limit = { group: 'shop 1 searches', max: 2 };
    for (const key of ['q1', 'q2', 'q3']) await cache.get(key, make, limit);
    expect(made).toBe(3);
    await cache.get('q1', make, limit);
    await cache.get('q2', make, limit);
    expect(made, 'the first two are kept').toBe(3);
    await cache.get('q3', make, limit);
    expect(made, 'the third was not kept').toBe(4);
    // Other groups and ungrouped answers are kept as before.
    await cache.get('q3', make, { group: 'shop 2 searches', max: 2 });
    await cache.get('q3', make, { group: 'shop 2 searches', max: 2 });
    await cache.get('page', make);
    await cache.get('page', make);
    expect(made).toBe(6);
  });

  it('frees a group’s place when its answers age out', async () => {
    const cache = new AnswerCache(40);
    let made = 0;
    const make = () => Promise.resolve(answer(`made ${++made}`));
    const limit = { group: 'g', max: 1 };
    await cache.get('q1', make, limit);
    // Big enough to push q1 out of the 40 bytes.
    await cache.get('big', () => Promise.resolve(answer('x'.repeat(34))));
    await cache.get('q2', make, limit);
    await cache.get('q2', make, limit);
    expect(made).toBe(2);
  });
});
