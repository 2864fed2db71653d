import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Seals secrets kept for a shop (a marketplace's API token, issue 42) with AES-256-GCM under the server's key: what
 * the database holds is `v1.<iv>.<tag>.<ciphertext>` (base64url), useless without the key, and a changed byte fails
 * to open rather than opening to something else.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), text]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, text] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || text === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key channel secrets are sealed with: `CHANNEL_SECRET_KEY` when set; outside production, without it, a key made
 * once and kept in the data folder (`channel-secret.key`, readable by its owner only), so `npm start` connects a
 * channel with nothing to set up. Undefined in production without the variable: no secret can be kept.
 */
export function channelKey(configured: Buffer | undefined, isProduction: boolean, dataDir: string): Buffer | undefined {
  if (configured || isProduction) return configured;
  const file = path.join(dataDir, 'channel-secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  // `wx`: a second server starting at the same moment keeps the first one's key.
  try {
    fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }
}
