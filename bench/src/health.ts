/**
 * GET /api/health of the real app (buildApp over PGlite, with its helmet headers, validation and
 * logging hooks) against a bare Fastify route answering the same body, both driven by autocannon
 * over loopback in this process, one after the other.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import { drive, type BenchResult } from './load.js';

const CONNECTIONS = 50;

async function measure(app: FastifyInstance, path: string): Promise<number> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return (await drive(`${address}${path}`, { connections: CONNECTIONS })).rps;
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
