import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random 256-bit token, URL-safe. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// No 0/O, 1/I/L: codes are read aloud and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A human-typeable code such as `K7QH-M2XW-9PZD`. */
export function newHumanCode(groups = 3, size = 4): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: size }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  ).join('-');
}
