/**
 * Content-Security-Policy. The app's page may load only this origin's scripts, styles, fonts and
 * images, and talk only to this origin; the style elements Emotion inserts carry the page's nonce.
 * Every other response (JSON, assets) gets a policy that allows nothing at all.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiError } from '@nivesh/api-contract';
import { bearerToken } from './contract.js';

export const NO_CONTENT_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** `remoteOrigins`: where remote releases are served from when that is not this origin (a CDN). */
export function pagePolicy(nonce: string, remoteOrigins: string[] = []): string {
  const remotes = remoteOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `script-src 'self'${remotes}`,
    "script-src-attr 'none'",
    `style-src 'self'${remotes} 'nonce-${nonce}'`,
    `img-src 'self'${remotes} data:`,
    `font-src 'self'${remotes} data:`,
    `connect-src 'self'${remotes}`,
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

/** Responses that did not set their own policy (the page does, and so do the API docs) get none. */
export function installDefaultPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', NO_CONTENT_POLICY);
    return payload;
  });
}

/** Cache-Control of a file whose address changes with its content (a release's files, hashed assets). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** API answers are never stored by a browser or a proxy (they carry account data). */
export function installApiCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * Source maps (`*.map`: the product's original source) only for a signed-in caller (a Bearer
 * session); anyone else gets the same 404 as for a file that does not exist. Production builds
 * use hidden source maps, so pages never point browsers at them.
 */
export function installSourceMapGate(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<unknown>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.endsWith('.map') || path.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (token && (await authenticate(token))) return;
    return reply.code(404).send(apiError(`Not found: ${request.method} ${path}`));
  });
}
