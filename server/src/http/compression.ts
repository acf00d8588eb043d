/**
 * Negotiated compression of what the server answers (@fastify/compress): brotli when the request's
 * Accept-Encoding takes it, else gzip, else the bytes as they are; `Vary: accept-encoding` on every
 * compressed answer. Answers under COMPRESSION_THRESHOLD bytes (most errors, small reads) are sent
 * as they are: compressing them costs more than it saves; GET /api/health skips even the check.
 *
 * Dynamic answers are compressed at brotli quality DYNAMIC_BROTLI_QUALITY, cheap on the CPU; the
 * build compresses its assets once at the highest quality (`.br`/`.gz` files next to them), and
 * those are sent as they are (web/shell.ts, remotes/routes.ts). Request bodies are not
 * decompressed: a request with a Content-Encoding is read as the bytes it is.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bytes below which an answer is sent uncompressed. */
const COMPRESSION_THRESHOLD = 1024;

/** Always small, often asked for (health checks): these routes get no compression hooks at all. */
const NEVER_COMPRESSED = new Set(['/api/health']);

/**
 * Brotli quality of dynamic answers. On GET /api/research/analysis's 21.8 KB of JSON: quality 4
 * gives 4.3 KB in ~0.5 ms, 5 gives 4.1 KB in ~1.1 ms, 11 gives 3.4 KB in ~58 ms (gzip 6: 4.5 KB
 * in ~0.3 ms). 11 is for build-time assets.
 */
const DYNAMIC_BROTLI_QUALITY = 4;

/** Registers compression; before any route, so every route registered after it compresses. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads `compress`.
  app.addHook('onRoute', (route) => {
    if (NEVER_COMPRESSED.has(route.url)) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    globalDecompression: false,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}
