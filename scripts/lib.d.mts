// Types of lib.mjs for the TypeScript that imports it (the bench).
export const root: string;
export const serverNodeFlags: string[];
/** Chromium's flags wherever it is driven: the browser suite and the bench's browser jobs. */
export const chromiumFlags: string[];
export function log(message: string): void;
export function run(
  cmd: string,
  args: string[],
  options?: { env?: Record<string, string>; cwd?: string; quiet?: boolean },
): Promise<number>;
export function ensureDeps(): Promise<void>;
/** Debian's Chromium, installed when missing: the path of its binary. */
export function ensureChromium(): Promise<string>;
export function canConnect(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function freePort(): Promise<number>;
/** A PostgreSQL server as an admin URL; `stop()` ends a throwaway cluster it started. */
export function ensurePostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }>;
export function redisAnswers(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function ensureRedis(): Promise<{ url: string; stop(): Promise<void> }>;
