/**
 * GET /api/health of the real app (buildApp over PGlite, with its helmet headers, validation and
 * logging hooks) against a bare Fastify route answering the same body, both driven by autocannon
 * over loopback in this process, in alternating rounds.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import { alternate, type BenchResult } from './load.js';

const CONNECTIONS = 50;
const PATH = '/api/health';

const listen = (app: FastifyInstance) => app.listen({ port: 0, host: '127.0.0.1' });

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
    const options = { connections: CONNECTIONS };
    const { baseline, product: measured } = await alternate({
      baseline: { url: `${await listen(bare)}${PATH}`, options },
      product: { url: `${await listen(product.app)}${PATH}`, options },
    });
    return { name: 'GET /api/health', product: measured.rps, baseline: baseline.rps };
  } finally {
    await bare.close();
    await product.close();
    await database.close();
  }
}
