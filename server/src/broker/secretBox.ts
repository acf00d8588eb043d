/**
 * Encryption at rest for broker secrets and tokens: AES-256-GCM with a 32-byte key from
 * NIVESH_SECRET_KEY (64 hex characters or base64), or, when that is unset, a key generated once
 * into `<data dir>/secret.key` readable by the owner only. Each sealed value names what it is (the
 * `context`, bound as additional authenticated data) so a ciphertext cannot be moved to another field.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

export const SECRET_KEY_FILE = 'secret.key';

export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

/** Parses a key given as 64 hex characters or as base64 (standard or URL-safe) of 32 bytes. */
export function parseSecretKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (decoded.length === KEY_BYTES) return decoded;
  }
  throw new SecretKeyError(
    `${source} must be 32 bytes written as 64 hex characters or as base64 (for example: openssl rand -hex 32).`,
  );
}

/**
 * The key: `secretKey` when configured; otherwise the one in `<dataDir>/secret.key`, created (mode
 * 0600) on first use. Losing that file makes the stored secrets unreadable: they must be entered again.
 */
export function loadSecretKey(options: { secretKey: string | null; dataDir: string }): Buffer {
  if (options.secretKey !== null) return parseSecretKey(options.secretKey, 'NIVESH_SECRET_KEY');
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    try {
      // 'wx': never overwrite a key another process wrote a moment ago.
      fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  // Someone may have loosened it by hand; the key is as secret as what it protects.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return parseSecretKey(fs.readFileSync(file, 'utf8'), file);
}

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plaintext: string, context: string): string;
  /** Throws when the value was sealed with another key or for another context, or was altered. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretKeyError(`The secret key must be ${KEY_BYTES} bytes.`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new SecretKeyError('The stored value is not in the expected encrypted form.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretKeyError("The stored value cannot be decrypted with this server's secret key.");
      }
    },
  };
}
