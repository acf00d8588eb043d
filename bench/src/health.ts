/**
 * GET /api/health of the real app (buildApp over PGlite, with its helmet headers, validation and
 * logging hooks) against a bare Fastify route answering the same body, both driven by autocannon
 * over loopback in this process, one after the other.
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';

export interface BenchResult {
  name: string;
  /** What product and baseline count (default req/s). */
  unit?: string;
  product: number;
  baseline: number;
}

const DURATION_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const CONNECTIONS = 50;

async function measure(app: FastifyInstance, path: string): Promise<number> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Warm up (JIT, connection setup), then measure.
  await autocannon({ url: `${address}${path}`, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({
    url: `${address}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

export async function benchHealth(): Promise<BenchResult> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database);
  const startedAt = Date.now();
  const bare = Fastify();
  bare.get('/api/health', async () => ({
    status: 'ok',
    version: '1.0.0',
    uptime: (Date.now() - startedAt) / 1000,
  }));
  try {
    const baseline = await measure(bare, '/api/health');
    const measured = await measure(product.app, '/api/health');
    return { name: 'GET /api/health', product: measured, baseline };
  } finally {
    await bare.close();
    await product.close();
    await database.close();
  }
}
