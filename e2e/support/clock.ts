import fs from 'node:fs';
import path from 'node:path';

/**
 * A server's movable clock for a browser test: start a server of the test's own with `env` (TEST_CLOCK_OFFSET_FILE,
 * accepted only with NODE_ENV=test, as `startOwnServer` runs it), then `advance` its time. The server reads the file
 * on every look at the clock, so the next request sees the new time (an expired reservation is ended by the next
 * pending list or status lookup).
 */
export function movableClock(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'clock-offset-ms');
  fs.writeFileSync(file, '0');
  let offset = 0;
  return {
    env: { TEST_CLOCK_OFFSET_FILE: file },
    /** Moves the server's clock `ms` further ahead. */
    advance(ms: number) {
      offset += ms;
      fs.writeFileSync(file, String(offset));
    },
  };
}
