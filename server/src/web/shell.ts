/**
 * Serves the shell: its hashed assets (cached for a year) and, for every other non-API path, its
 * index.html (SPA fallback) with a fresh Content-Security-Policy nonce, which Emotion uses for the
 * style elements it inserts.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { apiError, RemotesResponse } from '@nivesh/api-contract';
import type { RemoteCatalogue } from '../remotes/catalogue.js';
import { IMMUTABLE, newNonce, pagePolicy } from '../http/security.js';
import { shellAssets, withCatalogue, withPrerender, type LandingPrerender } from './prerender.js';

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
  /**
   * What each page carries: the browser's remote catalogue (remotes/catalogue.ts) and, for `/`, the
   * prerendered landing page of the landing release that catalogue names (web/prerender.ts).
   */
  page?: {
    catalogue: Pick<RemoteCatalogue, 'forBrowser'>;
    prerender: LandingPrerender;
    /** Runs before the shell's files are sent (http/security.ts's `sourceMapGate`). */
    guardFiles?: onRequestHookHandler;
  },
): Promise<void> {
  const readIndex = createIndexReader(path.join(shellDir, 'index.html'));
  const shellAsset = shellAssets(shellDir);

  if (!fs.existsSync(path.join(shellDir, 'index.html'))) {
    app.log.warn({ shellDir }, 'the shell is not built yet: run `pnpm build` (the API works meanwhile)');
  }
  // Files are looked up per request, so a shell built after the server started is served too. A
  // file's `.br` or `.gz` copy next to it (the build writes them) is sent when the browser takes
  // that encoding, as the file's own type; without one the file is compressed as it is sent.
  await app.register(async (files) => {
    if (page?.guardFiles) files.addHook('onRequest', page.guardFiles);
    await files.register(fastifyStatic, {
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
        if (HASHED_ASSET.test(file)) {
          // Never asked for again while cached: no validators to send.
          reply.header('Cache-Control', IMMUTABLE);
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
        } else reply.header('Cache-Control', 'no-cache');
      },
    });
  });

  /**
   * index.html with a fresh nonce, this browser's remote catalogue (checked by the contract's schema,
   * as GET /api/remotes answers it: the shell's first page then asks for nothing before it loads its
   * remotes) and, on `/`, the landing page prerendered.
   */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, landingPage: boolean) => {
    const html = readIndex();
    const nonce = newNonce();
    reply.header('Cache-Control', 'no-cache');
    reply.header('Content-Security-Policy', pagePolicy(nonce, remoteOrigins));
    if (!html) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    let document = html;
    if (page) {
      const catalogue = RemotesResponse.parse(await page.catalogue.forBrowser(request, reply));
      const prerendered = landingPage
        ? page.prerender(catalogue.remotes.find((remote) => remote.name === 'landing'))
        : null;
      if (prerendered) document = withPrerender(document, prerendered, shellAsset);
      document = withCatalogue(document, catalogue);
    }
    reply.header('Vary', 'accept-encoding').type('text/html; charset=utf-8');
    // Compressed per request (the nonce differs each time). The not-found handler runs without
    // the route's compression hook; the request's route (the static files' `/*`, or `/`) set
    // `reply.compress` (http/compression.ts) before it.
    const body = document.replaceAll('__CSP_NONCE__', nonce);
    if (typeof reply.compress !== 'function') return reply.send(body);
    reply.compress(body);
    return reply;
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => sendIndex(request, reply, true));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isBrowserPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/remotes/') &&
      !url.startsWith('/ws/') &&
      !/\.[a-z0-9]{1,5}(\?|$)/i.test(url);
    if (isBrowserPage) return sendIndex(request, reply, false);
    return reply.code(404).send(apiError(`Not found: ${request.method} ${url.split('?')[0]}`));
  });
}
