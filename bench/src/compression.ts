/**
 * What compressing answers costs and saves, on the real app (buildApp over in-memory PGlite),
 * driven by autocannon over loopback in this process: the signed-in GET /api/research/analysis
 * (the NIFTY 50 analysis, ~20 KB of JSON, kept by the research service for a minute, so the
 * request is mostly serialising and compressing) asked with `accept-encoding: br` and with
 * `gzip`, each against the same request asking for no encoding; its bytes on the wire; and
 * GET /api/health (under the compression threshold) asked as a browser asks, against no encoding.
 * Loopback moves bytes for free, so the req/s ratios show the CPU compression takes, not the
 * transfer time it saves.
 */
import type { FastifyInstance } from 'fastify';
import { createTestApp, send, setUpOperator } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import { drive, type BenchResult } from './load.js';

const CONNECTIONS = 50;
const ANALYSIS = '/api/research/analysis';
const BROWSER = 'gzip, deflate, br, zstd';

async function measure(address: string, path: string, headers: Record<string, string>): Promise<number> {
  return (await drive(`${address}${path}`, { connections: CONNECTIONS, headers })).rps;
}

/** Bytes of the answer's body as sent, and the encoding it was sent in. */
async function bytesOf(app: FastifyInstance, token: string, acceptEncoding: string | null) {
  const res = await send(app, 'GET', ANALYSIS, {
    token,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  if (res.statusCode !== 200) throw new Error(`${ANALYSIS}: ${res.statusCode} ${res.body}`);
  return { bytes: res.rawPayload.length, encoding: res.headers['content-encoding'] ?? 'identity' };
}

export async function benchCompression(): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false } });
  try {
    const token = await setUpOperator(product.app);
    const plain = await bytesOf(product.app, token, null);
    const br = await bytesOf(product.app, token, 'br');
    const gzip = await bytesOf(product.app, token, 'gzip');
    if (plain.encoding !== 'identity' || br.encoding !== 'br' || gzip.encoding !== 'gzip') {
      throw new Error(`unexpected encodings: ${plain.encoding}, ${br.encoding}, ${gzip.encoding}`);
    }
    const address = await product.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${token}` };
    // Baselines measured before and after what they are compared with, and averaged, so a change
    // in the machine's load during the run weighs on both sides.
    const identityBefore = await measure(address, ANALYSIS, auth);
    const brRate = await measure(address, ANALYSIS, { ...auth, 'accept-encoding': 'br' });
    const gzipRate = await measure(address, ANALYSIS, { ...auth, 'accept-encoding': 'gzip' });
    const identityRate = (identityBefore + (await measure(address, ANALYSIS, auth))) / 2;
    const healthBefore = await measure(address, '/api/health', {});
    const healthBrowser = await measure(address, '/api/health', { 'accept-encoding': BROWSER });
    const healthPlain = (healthBefore + (await measure(address, '/api/health', {}))) / 2;
    return [
      { name: `GET ${ANALYSIS} br / identity`, product: brRate, baseline: identityRate },
      { name: `GET ${ANALYSIS} gzip / identity`, product: gzipRate, baseline: identityRate },
      {
        name: `GET ${ANALYSIS} bytes br / identity`,
        unit: 'bytes',
        product: br.bytes,
        baseline: plain.bytes,
      },
      {
        name: `GET ${ANALYSIS} bytes gzip / identity`,
        unit: 'bytes',
        product: gzip.bytes,
        baseline: plain.bytes,
      },
      { name: 'GET /api/health browser encodings / none', product: healthBrowser, baseline: healthPlain },
    ];
  } finally {
    await product.close();
    await database.close();
  }
}
