/**
 * Serves the shell: its hashed assets (cached for a year) and, for every other non-API path, its
 * index.html (SPA fallback) with a fresh Content-Security-Policy nonce, which Emotion uses for the
 * style elements it inserts.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '@nivesh/api-contract';
import { IMMUTABLE, newNonce, pagePolicy } from '../http/security.js';
import { shellAssets, withPrerender, type LandingPrerender } from './prerender.js';

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|woff2?|png|svg|jpe?g|webp)$/;
/** The build's precompressed copies of a file, sent in its place when the browser takes them. */
const COMPRESSED_COPY = /\.(br|gz)$/;

function createIndexReader(indexPath: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  return (): string | null => {
    try {
      const { mtimeMs } = fs.statSync(indexPath);
      if (!cached || cached.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: fs.readFileSync(indexPath, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nivesh</title></head>
<body><h1>Nivesh is not built yet</h1><p>Run <code>pnpm build</code> in the repository, then reload this page.</p></body></html>`;

export async function registerShell(
  app: FastifyInstance,
  shellDir: string,
  remoteOrigins: string[] = [],
  /** The prerendered landing page for `/` (web/prerender.ts), by the browser's canary client id. */
  landing?: { prerender: LandingPrerender; clientIdOf(request: FastifyRequest): string | null },
): Promise<void> {
  const readIndex = createIndexReader(path.join(shellDir, 'index.html'));
  const shellAsset = shellAssets(shellDir);

  if (!fs.existsSync(path.join(shellDir, 'index.html'))) {
    app.log.warn({ shellDir }, 'the shell is not built yet: run `pnpm build` (the API works meanwhile)');
  }
  // Files are looked up per request, so a shell built after the server started is served too. A
  // file's `.br` or `.gz` copy next to it (the build writes them) is sent when the browser takes
  // that encoding, as the file's own type; without one the file is compressed as it is sent.
  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: false,
    wildcard: true,
    decorateReply: false,
    cacheControl: false,
    suppressWarning: true,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const file = filePath.replace(COMPRESSED_COPY, '');
      reply.header('Cache-Control', HASHED_ASSET.test(file) ? IMMUTABLE : 'no-cache');
    },
  });

  const sendIndex = (reply: FastifyReply, prerendered: string | null = null) => {
    const html = readIndex();
    const nonce = newNonce();
    reply.header('Cache-Control', 'no-cache');
    reply.header('Content-Security-Policy', pagePolicy(nonce, remoteOrigins));
    if (!html) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    const page = prerendered ? withPrerender(html, prerendered, shellAsset) : html;
    reply.header('Vary', 'accept-encoding').type('text/html; charset=utf-8');
    // Compressed per request (the nonce differs each time). The not-found handler runs without
    // the route's compression hook; the request's route (the static files' `/*`, or `/`) set
    // `reply.compress` (http/compression.ts) before it.
    const body = page.replaceAll('__CSP_NONCE__', nonce);
    if (typeof reply.compress !== 'function') return reply.send(body);
    reply.compress(body);
    return reply;
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    sendIndex(reply, landing ? await landing.prerender(landing.clientIdOf(request)) : null),
  );

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isBrowserPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/remotes/') &&
      !url.startsWith('/ws/') &&
      !/\.[a-z0-9]{1,5}(\?|$)/i.test(url);
    if (isBrowserPage) return sendIndex(reply);
    return reply.code(404).send(apiError(`Not found: ${request.method} ${url.split('?')[0]}`));
  });
}
