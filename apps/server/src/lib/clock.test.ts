import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offsetFileClock } from './clock.ts';

describe('offsetFileClock', () => {
  it('runs ahead by the milliseconds in its file, read on every call; no file is no offset', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clock-')), 'offset');
    const clock = offsetFileClock(file);
    const near = (date: Date, ms: number) => expect(Math.abs(date.getTime() - (Date.now() + ms))).toBeLessThan(1000);
    near(clock.now(), 0);
    fs.writeFileSync(file, String(49 * 3_600_000));
    near(clock.now(), 49 * 3_600_000);
    fs.writeFileSync(file, 'not a number');
    near(clock.now(), 0);
    fs.writeFileSync(file, '-60000\n');
    near(clock.now(), -60_000);
  });
});
