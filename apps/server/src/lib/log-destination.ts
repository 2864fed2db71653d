import fs from 'node:fs';
import pino, { type DestinationStream } from 'pino';

/**
 * Standard output for the server's log lines, gathered: lines are kept in memory and handed on as one text of at
 * least `batchLength` characters, at least every `everyMs`, and when the process exits (a crash included; only a
 * killed process, SIGKILL or out of memory, loses what it gathered in its last `everyMs`): request logging is on by
 * default, a line a request, and a write a line costs the storefront much of its rate.
 *
 * The gathering is done here rather than by pino's destination (`minLength`): that one adds each line to the text
 * it holds and measures the whole text again, which cost more than writing the line (bench/RESULTS.md,
 * 2026-11-26, issue 24). The destination still does the writing, without blocking.
 */
export class GatheredLog implements DestinationStream {
  readonly #out = pino.destination({ dest: 1, sync: false });
  #lines: string[] = [];
  #length = 0;

  constructor(
    readonly batchLength = 4096,
    everyMs = 1000,
  ) {
    setInterval(() => this.flush(), everyMs).unref();
    process.once('exit', () => this.#flushSync());
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#length += line.length;
    if (this.#length >= this.batchLength) this.flush();
  }

  /** Hands what is gathered to standard output (written without blocking). */
  flush(): void {
    if (this.#lines.length > 0) this.#out.write(this.#take());
  }

  /** At exit there is no later turn for a write that does not block: what is gathered is written now. */
  #flushSync(): void {
    this.#out.flushSync();
    if (this.#lines.length > 0) fs.writeSync(1, this.#take());
  }

  #take(): string {
    const text = this.#lines.join('');
    this.#lines = [];
    this.#length = 0;
    return text;
  }
}
