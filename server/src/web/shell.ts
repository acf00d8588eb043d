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

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|woff2?|png|svg|jpe?g|webp)$/;

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
): Promise<void> {
  const readIndex = createIndexReader(path.join(shellDir, 'index.html'));

  if (!fs.existsSync(path.join(shellDir, 'index.html'))) {
    app.log.warn({ shellDir }, 'the shell is not built yet: run `pnpm build` (the API works meanwhile)');
  }
  // Files are looked up per request, so a shell built after the server started is served too.
  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: false,
    wildcard: true,
    decorateReply: false,
    cacheControl: false,
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache');
    },
  });

  const sendIndex = (reply: FastifyReply) => {
    const html = readIndex();
    const nonce = newNonce();
    reply.header('Cache-Control', 'no-cache');
    reply.header('Content-Security-Policy', pagePolicy(nonce, remoteOrigins));
    if (!html) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.type('text/html; charset=utf-8').send(html.replaceAll('__CSP_NONCE__', nonce));
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

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
