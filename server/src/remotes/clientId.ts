/**
 * Browser client ids for canary bucketing and load reports. The server issues them, signed: the
 * `nivesh_client` cookie is `<id>.<HMAC-SHA256 of the id>`, both base64url, so a browser cannot make
 * up ids (to sway a canary's failure rate, or to pick its bucket). The HMAC key is derived (HKDF)
 * from the server's secret key (NIVESH_SECRET_KEY or `<data dir>/secret.key`, the broker's key), so
 * every server process sharing a database and data folder accepts the same cookies.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadSecretKey } from '../broker/secretBox.js';
import type { Config } from '../config.js';

const HKDF_LABEL = 'nivesh remote client id';
const KEY_BYTES = 32;
const ID_BYTES = 16;
/** `<id>.<signature>`: a 16-64 character id, a 43-character SHA-256 signature. */
const SIGNED_ID = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;

/** The HMAC key for client ids, derived from a server secret key. */
function deriveClientIdKey(secretKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), HKDF_LABEL, KEY_BYTES));
}

/** The HMAC key for client ids of this server (the same in every process with this config). */
export function clientIdKeyFor(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  return deriveClientIdKey(loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir }));
}

export interface ClientIds {
  /** A new id and the cookie value that carries it. */
  issue(): { id: string; cookie: string };
  /** The id a cookie value carries, or null when it is missing, malformed or not signed by this key. */
  verify(cookie: string | undefined): string | null;
}

export function createClientIds(key: Buffer): ClientIds {
  if (key.length < KEY_BYTES) throw new Error(`The client id key must be at least ${KEY_BYTES} bytes.`);
  const sign = (id: string) => createHmac('sha256', key).update(id, 'utf8').digest();
  return {
    issue() {
      const id = randomBytes(ID_BYTES).toString('base64url');
      return { id, cookie: `${id}.${sign(id).toString('base64url')}` };
    },
    verify(cookie) {
      const match = cookie === undefined ? null : SIGNED_ID.exec(cookie);
      if (!match) return null;
      const [, id, signature] = match as unknown as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
