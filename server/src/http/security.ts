/**
 * Content-Security-Policy. The app's page may load only this origin's scripts, styles, fonts and
 * images, and talk only to this origin; the style elements Emotion inserts carry the page's nonce.
 * Every other response (JSON, assets) gets a policy that allows nothing at all.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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

/**
 * The hooks every request passes (one of each kind, callback style: they run on every request, and
 * each hook and promise more is measurable on small answers):
 * - first, the Host check (`hostGate`, hosts.ts);
 * - on sending (every answer passes it, a refused Host's included), helmet's headers (worked out
 *   once, above) for what the answer is (`edgeHeaders`): a document gets them all, data (JSON) and
 *   the files a page loads only those that act on them; answers that did not set their own
 *   Content-Security-Policy (the page does, and so do the API docs) get one that allows nothing,
 *   and API answers are never stored by a browser or a proxy (they carry account data) unless the
 *   route said otherwise.
 */
export function installEdge(
  app: FastifyInstance,
  options: { helmet: HelmetOptions; hostGate: (request: FastifyRequest, reply: FastifyReply) => boolean },
): void {
  const headersFor = edgeHeaders(securityHeaders(options.helmet));
  const { hostGate } = options;
  app.addHook('onRequest', (request, reply, done) => {
    if (hostGate(request, reply)) done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headersFor(reply.getHeader('content-type')));
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', NO_CONTENT_POLICY);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/**
 * What a page loads but never shows as a document: scripts, style sheets, fonts, raster images.
 * These answers keep the headers that act on a subresource (X-Content-Type-Options: nosniff, so a
 * file is never run as another type; Cross-Origin-Resource-Policy: same-origin, so no other site's
 * page can load it; HSTS when set; the policy that allows nothing) and go without those that only
 * act on a document or a frame, ~450 of the ~800 bytes of headers on each of the dozen files a
 * phone downloads for the first page.
 */
const SUBRESOURCE_TYPE = /^(application\/javascript|text\/javascript|text\/css|font\/|image\/(?!svg))/;
/**
 * Data: JSON (API answers, the releases' manifests). A browser shows it as text, never runs or
 * frames it (nosniff, the policy that allows nothing), so it gets what OWASP's REST Security Cheat
 * Sheet asks of every API answer: nosniff, X-Frame-Options: DENY and the policy's frame-ancestors
 * 'none', HSTS when set, no-store for API answers, plus Cross-Origin-Resource-Policy so no other
 * site's page can pull it into its process. The headers that act only on a document that renders
 * (opener, referrer, DNS prefetch, agent cluster, legacy XSS filter, IE downloads, Flash policy
 * files) are left off: on the small answers the pages poll they were a third of the bytes and
 * cost a tenth of the server's throughput.
 */
const DATA_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/;
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
/** Kept by data, not by the files a page loads (a script or a font is never framed). */
const FRAME_HEADER = 'x-frame-options';

/**
 * The security headers for an answer of this Content-Type: documents (HTML, SVG, anything not known
 * to be data or a subresource, no type at all) get all of helmet's; the set for each type is worked
 * out once.
 */
function edgeHeaders(
  all: Readonly<Record<string, string>>,
): (contentType: unknown) => Record<string, string> {
  const without = (names: readonly string[]) =>
    Object.fromEntries(Object.entries(all).filter(([name]) => !names.includes(name)));
  const subresource = without([...DOCUMENT_ONLY_HEADERS, FRAME_HEADER]);
  const data = without(DOCUMENT_ONLY_HEADERS);
  const byType = new Map<string, Record<string, string>>();
  return (contentType) => {
    if (typeof contentType !== 'string') return all;
    let headers = byType.get(contentType);
    if (headers === undefined) {
      headers = SUBRESOURCE_TYPE.test(contentType) ? subresource : DATA_TYPE.test(contentType) ? data : all;
      // A route could set any type; only so many are remembered.
      if (byType.size < 64) byType.set(contentType, headers);
    }
    return headers;
  };
}

/** Cache-Control of a file whose address changes with its content (a release's files, hashed assets). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

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
 * pages never point browsers at them. The hook goes on the routes that send files (the shell's and
 * the releases' file servers: web/shell.ts, remotes/routes.ts), not on every request.
 */
export function sourceMapGate(authenticate: (token: string) => Promise<unknown>): onRequestHookHandler {
  // Callback style: only a map request waits for anything.
  return (request, reply, done) => {
    if (!request.url.includes('.')) return done();
    const path = decodedPath(request.url);
    if (!SOURCE_MAP.test(path)) return done();
    const refuse = () => void reply.code(404).send(apiError(`Not found: ${request.method} ${path}`));
    const token = bearerToken(request);
    if (!token) return refuse();
    authenticate(token).then(
      (session) => (session ? done() : refuse()),
      (error: Error) => done(error),
    );
  };
}
