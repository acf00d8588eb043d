/**
 * Content-Security-Policy. The app's page may load only this origin's scripts, styles, fonts and
 * images, and talk only to this origin; the style elements Emotion inserts carry the page's nonce.
 * Every other response (JSON, assets) gets a policy that allows nothing at all.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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

/**
 * helmet's security headers for these options. None of them depends on the request, so they are
 * worked out once, by running helmet's middleware against a response that only records headers
 * (@fastify/helmet builds the middleware again for every request, which cost a third of the
 * server's throughput on small answers).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** Every answer carries helmet's headers (a page or answer may still set its own after). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  // Callback style (not async): it runs on every request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Responses that did not set their own policy (the page does, and so do the API docs) get none. */
export function installDefaultPolicy(app: FastifyInstance): void {
  // Callback style (not async): this runs on every answer, and a promise per hook is measurable.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', NO_CONTENT_POLICY);
    done(null, payload);
  });
}

/** Cache-Control of a file whose address changes with its content (a release's files, hashed assets). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** API answers are never stored by a browser or a proxy (they carry account data). */
export function installApiCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/** A source map, or a compressed copy of one, by its decoded path (`%2e` is a dot to the file server). */
const SOURCE_MAP = /\.map(\.(br|gz|deflate))?\/*$/i;

/** The request's path as the file servers read it: decoded, without the query string. */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Source maps (`*.map`: the product's original source), of the shell and of the remotes' releases,
 * only for a signed-in caller (a Bearer session: tools such as curl, not a browser's DevTools);
 * anyone else gets the same 404 as for a file that does not exist. The path is checked as the file
 * servers read it (decoded), so `.m%61p` is a map too. Production builds use hidden source maps, so
 * pages never point browsers at them.
 */
export function installSourceMapGate(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<unknown>,
): void {
  // Callback style: only a map request waits for anything.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') || !request.url.includes('.')) return done();
    const path = decodedPath(request.url);
    if (!SOURCE_MAP.test(path)) return done();
    const refuse = () => void reply.code(404).send(apiError(`Not found: ${request.method} ${path}`));
    const token = bearerToken(request);
    if (!token) return refuse();
    authenticate(token).then(
      (session) => (session ? done() : refuse()),
      (error: Error) => done(error),
    );
  });
}
