import fs from 'node:fs';

/** The time source of every rule that expires something; tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const isoIn = (clock: Clock, ms: number): string => new Date(clock.now().getTime() + ms).toISOString();

/**
 * Tests only (TEST_CLOCK_OFFSET_FILE, refused unless NODE_ENV=test): the system clock moved ahead by the
 * milliseconds written in `file`, read on every call, so a browser test can move a running server's time (expire a
 * reservation) by writing a number to the file. A missing, empty or unreadable file is no offset.
 */
export function offsetFileClock(file: string): Clock {
  return {
    now() {
      let offset = 0;
      try {
        offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0;
      } catch {
        offset = 0;
      }
      return new Date(Date.now() + offset);
    },
  };
}
