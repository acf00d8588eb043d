/**
 * Content-Security-Policy. The app's page may load only this origin's scripts, styles, fonts and
 * images, and talk only to this origin; the style elements Emotion inserts carry the page's nonce.
 * Every other response (JSON, assets) gets a policy that allows nothing at all.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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
