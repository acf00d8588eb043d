/**
 * Canary bucketing: a stable hash of (client id, remote) gives each browser a fixed position
 * 0-9999 per remote. A browser is in the canary when its position falls under the percentage, so
 * it stays on one version across reloads, and raising the percentage only adds browsers.
 */
import { createHash } from 'node:crypto';

export function bucketOf(clientId: string, remote: string): number {
  const digest = createHash('sha256').update(`${clientId}\u0000${remote}`).digest();
  return digest.readUInt32BE(0) % 10_000;
}

export function inCanary(clientId: string, remote: string, percent: number): boolean {
  return bucketOf(clientId, remote) < percent * 100;
}
